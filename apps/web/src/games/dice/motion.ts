/**
 * What moved between two views of the dice game, for the table's animations (plain functions): the dice
 * thrown, and the lines from the shooter to each player hit. Views carry no events, so both are read
 * from the difference; they only decorate, and the table never waits for them.
 */
import { gatlingFires, shotTargets, type PlayerView } from "@bang/game-dice";
import type { SeatLine } from "../../components/table/ShotLines";

/** The fields of a view that tell the throws (the dice game's and the duel's views both have them). */
export type Throws = Pick<PlayerView, "stateId" | "turnNumber" | "rolls" | "dice">;

/**
 * R2.1, R2.2 (R8.2): the dice thrown between `prev` and `next`: all five on a turn's first roll; on a reroll,
 * the indexes the player sent (`sent`, known only on their own page), else the dice whose face changed.
 */
export function thrownDice(prev: Throws | null, next: Throws, sent: readonly number[] | null = null): number[] {
  if (!prev || next.dice.length === 0 || next.stateId <= prev.stateId) return [];
  if (prev.turnNumber !== next.turnNumber || prev.dice.length === 0) return next.rolls > 0 ? next.dice.map((_, i) => i) : [];
  if (next.rolls <= prev.rolls) return [];
  return sent ? [...sent] : next.dice.flatMap((f, i) => (f !== prev.dice[i] ? [i] : []));
}

/**
 * R3.3, R3.8: lines from the active player of `prev` to every other player its resolution hit (life lost,
 * or arrows taken instead by Bart Cassidy, C1), as a shot when the player was in reach of a shot die, else
 * as the Gatling. Nothing for a step back (a replay scrubbed backwards) or when an Indian attack (all
 * arrows back to the pile, R4.2) may have caused the losses.
 */
export function hitLines(prev: PlayerView | null, next: PlayerView): SeatLine[] {
  if (!prev || next.stateId <= prev.stateId || prev.dice.length === 0) return [];
  const resolved = prev.phase === "resolving" || prev.phase === "reaction" || (prev.phase === "rolling" && prev.rolls > 0 && (next.turnNumber !== prev.turnNumber || next.phase === "gameOver"));
  if (!resolved) return [];
  const shooter = prev.players.find((p) => p.id === prev.turn);
  if (!shooter) return [];
  const indians = prev.players.some((p) => p.arrows > 0 && p.id !== shooter.id) && next.players.every((p) => p.arrows === 0);
  if (indians) return [];
  const reach = new Set(["1", "2"].flatMap((face) => (prev.dice.includes(face as "1" | "2") ? shotTargets(prev.players, shooter.id, face as "1" | "2") : [])));
  const gatling = gatlingFires(prev.dice, shooter.character);
  const lines: SeatLine[] = [];
  for (const p of next.players) {
    const before = prev.players.find((q) => q.id === p.id);
    if (!before || p.id === shooter.id) continue;
    const hit = p.life < before.life || (p.character === "bart_cassidy" && p.arrows > before.arrows);
    if (hit) lines.push({ from: shooter.id, to: p.id, kind: reach.has(p.id) || !gatling ? "shot" : "gatling" });
  }
  return lines;
}
