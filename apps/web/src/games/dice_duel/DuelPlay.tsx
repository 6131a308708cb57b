"use client";
import type { CardRef, DuelView } from "@bang/game-dice-duel";
import type { GameCommand } from "@bang/protocol";
import { useMemo, useState } from "react";
import { Help } from "@/components/table/Help";
import type { SeatLine } from "@/components/table/ShotLines";
import type { Presence } from "@/games/ui";
import type { Names } from "@/lib/names";
import { Dice } from "../dice/Dice";
import { FACE_LABEL } from "../dice/faces";
import { applyDuelInput, duelControls, emptyDraft, offersDuel, type DuelInput } from "./controls";
import { needText } from "./duel";
import { DuelTable } from "./DuelTable";
import { DUEL_CARD_HELP, DUEL_FACE_HELP } from "./help";

const meaning = (f: keyof typeof DUEL_FACE_HELP) => DUEL_FACE_HELP[f];

/**
 * A duel as its seated player plays it (R8.2 to R8.9), drawn from the controls model (controls.ts): the
 * table with the clickable cards and the draft's preview, the dice to keep, a face change per beer,
 * what the draft still owes, the secret pick (each card's effect on tap) and the sheriff's or outlaw's
 * cards. The draft starts afresh with every new view.
 */
export function DuelPlay(props: { view: DuelView; me: string; names: Names; send: (c: GameCommand) => void; busy: boolean; presence: Presence; tokens: readonly number[]; lines: readonly SeatLine[]; onThrow?: (dice: number[]) => void }) {
  const { view, me, names, send, busy, presence, tokens, lines, onThrow } = props;
  const [draft, setDraft] = useState(() => ({ stateId: view.stateId, value: emptyDraft() }));
  const current = draft.stateId === view.stateId ? draft.value : emptyDraft();
  if (draft.stateId !== view.stateId) setDraft({ stateId: view.stateId, value: current });
  const controls = useMemo(() => duelControls(view, me, current, names), [view, me, current, names]);
  const click = (input: DuelInput) => {
    if (offersDuel(controls, input)) setDraft({ stateId: view.stateId, value: applyDuelInput(view, me, current, input) });
  };
  const legal = controls.legal;
  const outcome = controls.outcome;
  const cardMarks = (side: "mine" | "theirs") => ({
    clickable: (c: CardRef) => offersDuel(controls, { kind: "card", side, row: c.row, column: c.column }),
    selected: (c: CardRef) => legal.kind === "effect" && current.chosen.some((x) => x.row === c.row && x.column === c.column),
    onClick: (c: CardRef) => click({ kind: "card", side, row: c.row, column: c.column }),
  });
  const myPick = view.duel?.picks.find((p) => p.player === me)?.card ?? null;
  const sendCommand = (c: GameCommand) => {
    if (c.type === "reroll") onThrow?.((c as unknown as { indexes: number[] }).indexes);
    send(c);
  };
  return (
    <>
      <DuelTable view={view} me={me} names={names} presence={presence} tokens={tokens} lines={lines} preview={outcome ? { mine: outcome.mine, theirs: outcome.theirs } : undefined} marks={legal.kind === "resolve" || legal.kind === "effect" ? { mine: cardMarks("mine"), theirs: cardMarks("theirs") } : undefined} busy={busy} showDice={legal.kind !== "reroll" && legal.kind !== "resolve"} />
      <section className="actions" data-testid="actions" data-legal={legal.kind} aria-label="Your actions">
        <p className="prompt" data-testid="prompt" aria-live="polite">
          {controls.prompt}
        </p>
        {legal.kind === "reroll" && <Dice dice={view.dice} meaning={meaning} keeps={controls.keeps} onKeep={(die) => click({ kind: "keep", die })} busy={busy} tokens={tokens} label="Your dice: tap to keep" />}
        {outcome && <Dice dice={outcome.dice} before={view.dice} meaning={meaning} tokens={tokens} label="Your dice" />}
        {controls.beers.length > 0 && (
          <div className="changes" data-testid="changes">
            {controls.beers.map((b) =>
              b.options.length === 0 && !b.current ? (
                <p key={b.beer} className="muted">
                  Beer (die {b.beer + 1}) is itself turned by another beer: it changes nothing.
                </p>
              ) : (
              <label key={b.beer}>
                Beer (die {b.beer + 1}) turns
                <select
                  data-testid="change"
                  data-beer={b.beer}
                  value={b.current ? `${b.current.die}:${b.current.face}` : ""}
                  disabled={busy}
                  onChange={(e) => {
                    const [die, face] = e.target.value.split(":");
                    click(e.target.value ? { kind: "change", beer: b.beer, die: Number(die), face: face as (typeof b.options)[number]["face"] } : { kind: "unchange", beer: b.beer });
                  }}
                >
                  <option value="">nothing (keep the beer)</option>
                  {b.options.map((o) => (
                    <option key={`${o.die}:${o.face}`} value={`${o.die}:${o.face}`}>
                      die {o.die + 1} ({FACE_LABEL[view.dice[o.die]!]}) into {FACE_LABEL[o.face]}
                    </option>
                  ))}
                </select>
              </label>
              ),
            )}
          </div>
        )}
        {outcome && (
          <p className="notice" data-testid="need" data-need={outcome.need.kind} aria-live="polite">
            {outcome.molotov && <b>Molotov on the {outcome.molotov} row! </b>}
            {needText(outcome.need)}
            {outcome.ends && " This ends the game."}
          </p>
        )}
        {legal.kind === "effect" && (
          <p className="notice">
            {legal.card === "sheriff" ? "Tap your destroyed cards to restore" : "Tap the opponent's cards to destroy"} ({current.chosen.length}/{Math.min(legal.count, legal.cards.length)}).
          </p>
        )}
        {view.phase === "duel" && myPick && (
          <p data-testid="my-pick">
            You picked <b>{myPick}</b> (secret until both picked); waiting for the other pick…
          </p>
        )}
        <div className="row sends">
          {controls.sends.map((s) =>
            s.id.startsWith("pick-") ? (
              <span key={s.id} className="pick-card">
                <button type="button" data-testid="pick" data-card={s.label} disabled={busy} onClick={() => s.command && sendCommand(s.command as GameCommand)}>
                  {s.label}
                </button>
                <Help term="?" label={`What the ${s.label} card does`} className="die-info">
                  {DUEL_CARD_HELP[s.label as keyof typeof DUEL_CARD_HELP].text} ({DUEL_CARD_HELP[s.label as keyof typeof DUEL_CARD_HELP].rule})
                </Help>
              </span>
            ) : (
              <button key={s.id} type="button" className={s.id === "stop" ? "secondary" : undefined} data-testid={s.id} disabled={busy || s.command === null} onClick={() => s.command && sendCommand(s.command as GameCommand)}>
                {s.label}
              </button>
            ),
          )}
          {controls.inputs.some((i) => i.kind === "clear") && (
            <button type="button" className="secondary" data-testid="clear" disabled={busy} onClick={() => click({ kind: "clear" })}>
              Start over
            </button>
          )}
        </div>
      </section>
    </>
  );
}
