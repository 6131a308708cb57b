"use client";
import type { DuelView, Hideout as HideoutCards } from "@bang/engine";
import { duellists, pickStates } from "@/lib/duel";
import { FACE_LABEL, FACE_SYMBOL, nameOf, type Names } from "@/lib/table";
import { Hideout, type CardMarks } from "./Hideout";

/**
 * A duel table (RULES.md part D): the opponent's hideout above, the viewer's below (a spectator sees
 * seat 1 above seat 0), ammo, the dice, the duel's picks as the view shows them (an opponent's card
 * only after the reveal: the server sends nothing before) and the last reveal.
 */
export function DuelTable(props: { view: DuelView; me: string | null; names: Names; preview?: { mine: HideoutCards; theirs: HideoutCards }; marks?: { mine?: CardMarks; theirs?: CardMarks }; busy?: boolean; showDice?: boolean }) {
  const { view, me, names, preview, marks, busy, showDice = true } = props;
  const { mine, theirs } = duellists(view, me);
  const seated = view.players.some((p) => p.id === me);
  const label = (id: string) => `${nameOf(names, id)}${id === me ? " (you)" : ""}`;
  return (
    <section className="table duel" data-testid="table" data-state-id={view.stateId} data-phase={view.phase} data-mode="duel">
      <div className="pile">
        Duel · turn {view.turnNumber} · {nameOf(names, view.turn)} plays · {view.phase}
      </div>
      <Hideout side="theirs" title={label(theirs.id)} cards={theirs.hideout} preview={preview?.theirs} ammo={theirs.ammo} active={view.turn === theirs.id} marks={marks?.theirs} busy={busy} />
      {showDice && view.dice.length > 0 && (
        <div className="dice readonly" data-testid="table-dice">
          {view.dice.map((f, i) => (
            <span key={i} className={`die face-${f}`} title={FACE_LABEL[f]}>
              {FACE_SYMBOL[f]} <small>{FACE_LABEL[f]}</small>
            </span>
          ))}
        </div>
      )}
      <Hideout side="mine" title={seated ? label(mine.id) : nameOf(names, mine.id)} cards={mine.hideout} preview={preview?.mine} ammo={mine.ammo} active={view.turn === mine.id} marks={marks?.mine} busy={busy} />
      {view.duel && (
        <ul className="picks" data-testid="picks">
          {pickStates(view).map((p) => (
            <li key={p.player} data-testid="pick-state" data-player={p.player} data-state={p.state}>
              {label(p.player)}: {p.state === "waiting" ? "choosing…" : p.state === "hidden" ? "picked (secret)" : <b>{p.state}</b>}
            </li>
          ))}
        </ul>
      )}
      {view.lastDuel && (
        <p className="muted" data-testid="last-duel">
          Last duel (round {view.lastDuel.round}): {view.lastDuel.picks.map((p) => `${nameOf(names, p.player)} ${p.card}`).join(" vs ")} → {view.lastDuel.outcome}
        </p>
      )}
      {view.winner && (
        <div className="winner" data-testid="winner">
          Winner: <b>{nameOf(names, view.winner.players[0])}</b>
        </div>
      )}
    </section>
  );
}
