"use client";
import type { PlayerView } from "@bang/game-dice";
import type { GameCommand } from "@bang/protocol";
import { useMemo, useState, type ReactNode } from "react";
import { nameOf, type Names } from "@/lib/names";
import { DieFace } from "./DieFace";
import { Dice } from "./Dice";
import { FACE_LABEL } from "./faces";
import { FACE_HELP } from "./help";
import { applyInput, diceControls, initialDraft, offers, type DiceInput, type DieRow } from "./controls";

const meaning = (f: keyof typeof FACE_HELP) => FACE_HELP[f];

/**
 * The seated player's action bar, drawn from the controls model (controls.ts): the prompt, the dice to
 * keep, a target for each shot and beer that has a choice, Slab the Killer's double (C13), Kit Carlson's
 * arrow discards (C7), and one button per command to send (roll, reroll, stop, resolve, each heal
 * target, each number of arrows for Bart Cassidy). The draft starts afresh with every new view.
 * `onThrow` hears the dice a reroll throws and `tokens` make them tumble (DiceGame).
 */
export function Controls({ view, me, names, send, busy, tokens, onThrow }: { view: PlayerView; me: string; names: Names; send: (c: GameCommand) => void; busy: boolean; tokens?: readonly number[]; onThrow?: (dice: number[]) => void }) {
  const [draft, setDraft] = useState(() => ({ stateId: view.stateId, value: initialDraft(view, me) }));
  // A new view starts from a fresh draft (state from the previous render: no effect, no flash of old choices).
  const current = draft.stateId === view.stateId ? draft.value : initialDraft(view, me);
  if (draft.stateId !== view.stateId) setDraft({ stateId: view.stateId, value: current });
  const controls = useMemo(() => diceControls(view, me, current, names), [view, me, current, names]);
  const click = (input: DiceInput) => {
    if (offers(controls, input)) setDraft({ stateId: view.stateId, value: applyInput(current, input) });
  };
  const n = (id: string) => (id === me ? "you" : nameOf(names, id));
  const pressed = (input: DiceInput, on: boolean, label: string, extra: Record<string, string | number> = {}) => (
    <button key={JSON.stringify(input)} type="button" className="kit-chip" aria-pressed={on} disabled={busy} onClick={() => click(input)} {...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`data-${k}`, String(v)]))}>
      {label}
    </button>
  );
  const send1 = (c: GameCommand) => {
    if (c.type === "reroll") onThrow?.((c as unknown as { indexes: number[] }).indexes);
    send(c);
  };
  const legal = controls.legal;
  const many = controls.sends.length > 2 || legal.kind === "heal" || legal.kind === "react";
  return (
    <section className="actions" data-testid="actions" data-legal={legal.kind} aria-label="Your actions">
      <p className="prompt" data-testid="prompt" aria-live="polite">
        {controls.prompt}
      </p>
      {legal.kind === "reroll" && <Dice dice={view.dice} meaning={meaning} keeps={controls.keeps.map((k) => k.kept)} onKeep={(die) => click({ kind: "keep", die })} busy={busy} tokens={tokens} label="Your dice: tap to keep" />}
      {controls.rows.length > 0 && (
        <ul className="die-rows" data-testid="targets">
          {controls.rows.map((r) => (
            <Row key={r.die} row={r} name={n} chips={(input, on, label, extra) => pressed(input, on, label, extra)} doubles={controls.doubles} giveUp={controls.inputs.some((i) => i.kind === "giveUp")} />
          ))}
        </ul>
      )}
      {controls.maxDiscards > 0 && controls.discards.length > 0 && (
        <fieldset className="discards" data-testid="discards">
          <legend>
            Kit Carlson: make players put arrows back (up to {controls.maxDiscards}, one per Gatling die, C7)
          </legend>
          {controls.discards.map((d) => (
            <div key={d.player} className="discard" data-player={d.player}>
              <span>
                {n(d.player)} (holds {d.arrows})
              </span>
              <button type="button" className="kit-chip" aria-label={`One arrow less from ${n(d.player)}`} disabled={busy || !offers(controls, { kind: "discard", player: d.player, change: -1 })} onClick={() => click({ kind: "discard", player: d.player, change: -1 })}>
                −
              </button>
              <output aria-live="polite" data-testid="discard-count">
                {d.chosen}
              </output>
              <button type="button" className="kit-chip" aria-label={`One more arrow from ${n(d.player)}`} data-testid="discard-more" disabled={busy || !offers(controls, { kind: "discard", player: d.player, change: 1 })} onClick={() => click({ kind: "discard", player: d.player, change: 1 })}>
                +
              </button>
            </div>
          ))}
        </fieldset>
      )}
      <div className={`row sends${many ? " many" : ""}`}>
        {controls.sends.map((s) => (
          <button key={s.id} type="button" className={s.id === "stop" ? "secondary" : undefined} data-testid={s.id.split("-")[0]} data-send={s.id} disabled={busy || s.command === null} onClick={() => s.command && send1(s.command as GameCommand)}>
            {s.label}
          </button>
        ))}
      </div>
      {controls.sends.map((s) => s.why && <p key={s.id} className="why" data-testid="why">{s.why}</p>)}
    </section>
  );
}

/** One shot or beer die of the resolution: its face, where it goes, and its choices (only when there are two or more). */
function Row({ row, name, chips, doubles, giveUp }: { row: DieRow; name: (id: string) => string; chips: (input: DiceInput, on: boolean, label: string, extra?: Record<string, string | number>) => ReactNode; doubles: number[]; giveUp: boolean }) {
  const what = row.kind === "shot" ? "Shoot" : "Beer for";
  return (
    <li className="die-row" data-testid="target-row" data-die={row.die} data-kind={row.kind} data-chosen={row.givenUp || row.target !== null}>
      <span className="die-row-head">
        <DieFace face={row.face} size={30} decorative />
        <span>
          {what} <span className="kit-sr">(die {row.die + 1}, {FACE_LABEL[row.face]})</span>
          {row.targets.length < 2 && !row.givenUp && <b> {name(row.targets[0]!)}</b>}
          {row.givenUp && <i> given up to double a shot</i>}
          {row.doubled && <b> ×2</b>}
        </span>
      </span>
      <span className="kit-chips" role="group" aria-label={`${what} die ${row.die + 1}`}>
        {!row.givenUp && row.targets.length >= 2 && row.targets.map((t) => chips({ kind: "target", die: row.die, player: t }, row.target === t, name(t), { testid: "target", player: t }))}
        {row.kind === "shot" && doubles.includes(row.die) && chips({ kind: "double", shot: row.die }, row.doubled, "×2 (gives up a beer)", { testid: "double" })}
        {row.kind === "beer" && giveUp && chips({ kind: "giveUp", beer: row.die }, row.givenUp, "give up for ×2", { testid: "give-up" })}
      </span>
    </li>
  );
}
