"use client";
import type { DuelView } from "@bang/game-dice-duel";
import { useState } from "react";
import { MotionRoot, MotionToggle } from "@/components/table/motion";
import type { SeatLine } from "@/components/table/ShotLines";
import type { TableProps } from "@/games/ui";
import { thrownDice } from "../dice/motion";
import { DuelPlay } from "./DuelPlay";
import { DuelRules } from "./Rules";
import { DuelTable } from "./DuelTable";
import { duelLines } from "./motion";

/**
 * The duel as the shell shows it: its seated player plays it from their page (DuelPlay) until it is
 * over; everyone else, and the player once it is over, sees the table (DuelTable). Dice tumble and
 * shots draw a line, read from the difference between two views; the rules in short below.
 */
export function DuelGame({ view: raw, me, names, send, busy, presence }: TableProps) {
  const view = raw as unknown as DuelView;
  const [sent, setSent] = useState<number[] | null>(null);
  const [motion, setMotion] = useState<{ view: DuelView; tokens: number[]; lines: SeatLine[] }>({ view, tokens: [0, 0, 0, 0, 0], lines: [] });
  if (motion.view.stateId !== view.stateId) {
    const thrown = thrownDice(motion.view, view, sent);
    setMotion({ view, tokens: motion.tokens.map((t, i) => (thrown.includes(i) ? view.stateId : t)), lines: duelLines(motion.view, view) });
    if (sent) setSent(null);
  }
  const duellist = me !== null && view.players.some((p) => p.id === me);
  return (
    <MotionRoot className="duel-game">
      <div className="kit-toolbar">
        <span>{duellist ? "Your hideout is at the bottom." : "Watching the duel."}</span>
        <MotionToggle />
      </div>
      {send && me && duellist && view.phase !== "gameOver" ? (
        <DuelPlay view={view} me={me} names={names} send={send} busy={busy} presence={presence} tokens={motion.tokens} lines={motion.lines} onThrow={setSent} />
      ) : (
        <DuelTable view={view} me={me} names={names} presence={presence} tokens={motion.tokens} lines={motion.lines} />
      )}
      <DuelRules />
    </MotionRoot>
  );
}
