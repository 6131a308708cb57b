"use client";
import type { PlayerView } from "@bang/game-dice";
import { useState } from "react";
import { Help } from "@/components/table/Help";
import { MotionRoot, MotionToggle } from "@/components/table/motion";
import type { SeatLine } from "@/components/table/ShotLines";
import type { TableProps } from "@/games/ui";
import { Controls } from "./Controls";
import { DiceTable } from "./DiceTable";
import { characterName, ROLE_HELP, threePlayerRoleHelp } from "./help";
import { hitLines, thrownDice } from "./motion";
import { DiceRules } from "./Rules";
import { mySeat } from "./table";

/** What the table animates after a new view: each die's throw token (it tumbles when it changes) and the hits' lines. */
interface Motion {
  view: PlayerView;
  tokens: number[];
  lines: SeatLine[];
}

/**
 * Bang! The Dice Game as the shell shows it: the seated player's role, the table (kit SeatRing) for
 * everyone (a spectator's and the admin's view carry the roles they may see), the seated player's
 * controls, and the rules in short. Animations are read from the difference between two views
 * (motion.ts) and never hold a control.
 */
export function DiceGame({ view: raw, me, names, send, busy, presence }: TableProps) {
  const view = raw as unknown as PlayerView;
  const seated = mySeat(view, me);
  const [sent, setSent] = useState<number[] | null>(null);
  const [motion, setMotion] = useState<Motion>({ view, tokens: [0, 0, 0, 0, 0], lines: [] });
  if (motion.view.stateId !== view.stateId) {
    const thrown = thrownDice(motion.view, view, sent);
    setMotion({ view, tokens: motion.tokens.map((t, i) => (thrown.includes(i) ? view.stateId : t)), lines: hitLines(motion.view, view) });
    if (sent) setSent(null);
  }
  const playing = seated !== null && send !== null && me !== null && view.phase !== "gameOver";
  const rerolling = playing && view.waitingFor.includes(me) && view.phase === "rolling" && view.rolls > 0;
  const roleHelp = seated?.role && (view.players.length === 3 && seated.role !== "sheriff" ? threePlayerRoleHelp(seated.role) : ROLE_HELP[seated.role]);
  return (
    <MotionRoot className="dice-game">
      <div className="kit-toolbar">
        {seated && send ? (
          <span className="me-card" data-testid="my-role">
            You are{" "}
            {roleHelp ? (
              <Help term={<span className={`role role-${seated.role}`}>{seated.role}</span>}>
                {roleHelp.text} ({roleHelp.rule})
              </Help>
            ) : (
              <span className="role hidden">?</span>
            )}{" "}
            · {characterName(seated.character)}
          </span>
        ) : (
          <span>{me ? "" : "Watching"}</span>
        )}
        <MotionToggle />
      </div>
      <DiceTable view={view} me={me} names={names} presence={presence} tokens={motion.tokens} lines={motion.lines} showDice={!rerolling} />
      {playing && <Controls view={view} me={me} names={names} send={send} busy={busy} tokens={motion.tokens} onThrow={setSent} />}
      <DiceRules />
    </MotionRoot>
  );
}
