"use client";
import { legalActions, type PlayerView } from "@bang/engine";
import type { GameCommand } from "@bang/protocol";
import { useEffect, useMemo, useState } from "react";
import { chooseTarget, FACE_SYMBOL, initialChoices, nameOf, prompt, rerollIndexes, resolveCommand, type Choices, type Names } from "@/lib/table";
import { Dice } from "./Dice";
import { RollControls } from "./RollControls";

/**
 * The action bar of the seated player: the five dice with click-to-keep, roll / reroll / stop, a target
 * for each shot and beer, heal (Sid Ketchum) and react (Bart Cassidy). What is legal comes from the
 * engine's legalActions on the player's own view.
 */
export function Actions({ view, me, names, send, busy }: { view: PlayerView; me: string; names: Names; send: (c: GameCommand) => void; busy: boolean }) {
  const legal = useMemo(() => legalActions(view, me), [view, me]);
  const [kept, setKept] = useState<number[]>([]);
  const [choices, setChoices] = useState<Choices>({ shots: {}, beers: {} });
  const [healTarget, setHealTarget] = useState(me);
  const [reactArrows, setReactArrows] = useState(0);

  // A new roll or a new phase starts from fresh choices.
  useEffect(() => {
    setKept([]);
    if (legal.kind === "resolve") setChoices(initialChoices(legal, view, me));
    if (legal.kind === "react") setReactArrows(legal.max);
  }, [view.stateId]); // eslint-disable-line react-hooks/exhaustive-deps

  const rerollable = legal.kind === "reroll" ? legal.rerollable : [];
  const toReroll = rerollIndexes(rerollable, kept);
  return (
    <section className="actions" data-testid="actions">
      <p className="prompt" data-testid="prompt">
        {prompt(view, me, legal, names)}
      </p>
      {view.dice.length > 0 && <Dice dice={view.dice} rerollable={rerollable} kept={kept} rerolling={legal.kind === "reroll"} busy={busy} onKeep={setKept} />}
      <div className="row">
        <RollControls legal={legal} toReroll={toReroll} busy={busy} send={send} />
        {legal.kind === "heal" && (
          <>
            <select data-testid="heal-target" value={healTarget} onChange={(e) => setHealTarget(e.target.value)}>
              {legal.targets.map((t) => (
                <option key={t} value={t}>
                  {nameOf(names, t)}
                </option>
              ))}
            </select>
            <button type="button" data-testid="heal" disabled={busy} onClick={() => send({ type: "heal", target: healTarget })}>
              Heal
            </button>
          </>
        )}
        {legal.kind === "react" && (
          <>
            <input type="number" min={0} max={legal.max} value={reactArrows} data-testid="react-arrows" onChange={(e) => setReactArrows(Number(e.target.value))} />
            <button type="button" data-testid="react" disabled={busy} onClick={() => send({ type: "react", arrows: reactArrows })}>
              Take arrows
            </button>
          </>
        )}
      </div>
      {legal.kind === "resolve" && (
        <div className="targets" data-testid="targets">
          {(["shots", "beers"] as const).flatMap((kind) =>
            legal[kind].map((d) => (
              <label key={`${kind}-${d.die}`} className="target">
                <span>
                  {FACE_SYMBOL[view.dice[d.die]!]} {kind === "shots" ? "Shoot" : "Beer for"} (die {d.die + 1})
                </span>
                <select
                  data-testid={`target-${kind}-${d.die}`}
                  value={choices[kind][d.die] ?? ""}
                  onChange={(e) => setChoices(chooseTarget(choices, legal, kind, d.die, e.target.value))}
                >
                  {d.targets.map((t) => (
                    <option key={t} value={t}>
                      {nameOf(names, t)}
                      {t === me ? " (you)" : ""}
                    </option>
                  ))}
                </select>
              </label>
            )),
          )}
          <button
            type="button"
            data-testid="resolve"
            disabled={busy || resolveCommand(legal, choices) === null}
            onClick={() => {
              const c = resolveCommand(legal, choices);
              if (c) send(c);
            }}
          >
            Resolve
          </button>
        </div>
      )}
    </section>
  );
}
