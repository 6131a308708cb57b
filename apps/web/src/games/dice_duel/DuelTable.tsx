"use client";
import type { DuelView, Hideout as HideoutCards } from "@bang/game-dice-duel";
import { Help } from "@/components/table/Help";
import { SeatRing } from "@/components/table/SeatRing";
import type { SeatLine } from "@/components/table/ShotLines";
import type { Presence } from "@/games/ui";
import { nameOf, type Names } from "@/lib/names";
import { Dice } from "../dice/Dice";
import { pickStates } from "./duel";
import { DUEL_CARD_HELP, DUEL_FACE_HELP } from "./help";
import { Hideout, type CardMarks } from "./Hideout";

/** What the seated duellist's controls add to the table: the draft's preview of both hideouts and the clickable cards. */
export interface TableMarks {
  preview?: { mine: HideoutCards; theirs: HideoutCards };
  marks?: { mine?: CardMarks; theirs?: CardMarks };
}

/**
 * A duel table (RULES.md part D) on the kit's SeatRing: the opponent's hideout at the top, the viewer's
 * at the bottom (a spectator sees seat 0 at the bottom), each with its ammo, countdown and presence; in
 * the middle the dice (their duel meaning on tap), the duel's picks as the view shows them (an
 * opponent's card only after the reveal: the server sends nothing before) and the last reveal.
 */
export function DuelTable(props: { view: DuelView; me: string | null; names: Names; presence: Presence; tokens: readonly number[]; lines: readonly SeatLine[]; showDice?: boolean; busy?: boolean } & TableMarks) {
  const { view, me, names, presence, tokens, lines, preview, marks, busy, showDice = true } = props;
  const seated = view.players.some((p) => p.id === me);
  const mineId = seated ? me! : view.players[0]!.id;
  const label = (id: string) => `${nameOf(names, id)}${id === me ? " (you)" : ""}`;
  return (
    <section className="table duel" data-testid="table" data-state-id={view.stateId} data-phase={view.phase} aria-label="The duel">
      <SeatRing
        seats={view.players.map((p) => ({ id: p.id, name: nameOf(names, p.id), out: p.cards === 0 }))}
        viewer={seated ? me : null}
        toAct={view.waitingFor}
        presence={presence}
        label="Duel of 2 players"
        lines={lines}
        linesToken={view.stateId}
        renderSeat={(s) => {
          const p = view.players.find((x) => x.id === s.id)!;
          const side = p.id === mineId ? "mine" : "theirs";
          return <Hideout side={side} cards={p.hideout} preview={preview?.[side]} ammo={p.ammo} marks={marks?.[side]} busy={busy} />;
        }}
        center={
          <div className="duel-center">
            <div className="turn-line">
              Turn {view.turnNumber}: {nameOf(names, view.turn)} plays
            </div>
            {showDice && view.dice.length > 0 && <Dice dice={view.dice} meaning={(f) => DUEL_FACE_HELP[f]} tokens={tokens} size={30} label={`${nameOf(names, view.turn)}'s dice`} testId="table-dice" />}
            {view.duel && (
              <ul className="picks" data-testid="picks" aria-label={`Duel, round ${view.duel.round}`}>
                {pickStates(view).map((p) => (
                  <li key={p.player} data-testid="pick-state" data-player={p.player} data-state={p.state}>
                    {label(p.player)}:{" "}
                    {p.state === "waiting" ? (
                      "choosing…"
                    ) : p.state === "hidden" ? (
                      "picked (secret)"
                    ) : (
                      <Help term={<b>{p.state}</b>}>
                        {DUEL_CARD_HELP[p.state].text} ({DUEL_CARD_HELP[p.state].rule})
                      </Help>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {view.lastDuel && (
              <p className="last-duel" data-testid="last-duel">
                Last duel: {view.lastDuel.picks.map((p) => `${nameOf(names, p.player)} ${p.card}`).join(" vs ")}: {view.lastDuel.outcome === "again" ? "equal, again" : view.lastDuel.outcome === "blocked" ? "blocked" : "it took effect"}
              </p>
            )}
          </div>
        }
      />
      {view.winner && (
        <div className="winner" data-testid="winner" role="status">
          Winner: <b>{nameOf(names, view.winner.players[0])}</b>
        </div>
      )}
    </section>
  );
}
