"use client";
import type { GameCommand } from "@bang/protocol";

/**
 * Roll, reroll the dice not kept, or stop (R2.1, R2.7; the duel's R8.2). Shows nothing unless `legal`
 * is a roll or a reroll; "Reroll" is off with no die to throw or no roll left.
 */
export function RollControls({ legal, toReroll, busy, send }: { legal: { kind: string; rollsLeft?: number }; toReroll: number[]; busy: boolean; send: (c: GameCommand) => void }) {
  if (legal.kind === "roll")
    return (
      <button type="button" data-testid="roll" disabled={busy} onClick={() => send({ type: "roll" })}>
        Roll the dice
      </button>
    );
  if (legal.kind !== "reroll") return null;
  return (
    <>
      <button type="button" data-testid="reroll" disabled={busy || toReroll.length === 0 || legal.rollsLeft === 0} onClick={() => send({ type: "reroll", indexes: toReroll })}>
        Reroll {toReroll.length} {toReroll.length === 1 ? "die" : "dice"}
      </button>
      <button type="button" data-testid="stop" disabled={busy} onClick={() => send({ type: "stop" })}>
        Stop
      </button>
    </>
  );
}
