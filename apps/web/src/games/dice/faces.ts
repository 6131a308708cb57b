/**
 * The dice of Bang! The Dice Game for people: a label per face (RULES.md vocabulary) and the log's
 * sentences about throwing them. The duel (src/games/dice_duel) throws the same five dice (R8.2) and
 * reads its throws with these; what a face means is each game's own (help.ts, the duel's help.ts).
 */
import type { Face, GameEvent } from "@bang/game-dice";
import { nameOf, type Names } from "../../lib/names";

/** Labels of the die faces (RULES.md vocabulary). */
export const FACE_LABEL: Record<Face, string> = { arrow: "Arrow", dynamite: "Dynamite", "1": "Bull's eye 1", "2": "Bull's eye 2", beer: "Beer", gatling: "Gatling" };

/** The faces as a list of labels: "Arrow, Beer, Gatling". */
export const faceList = (dice: readonly Face[]): string => dice.map((f) => FACE_LABEL[f]).join(", ");

/** The events of a turn's throws, alike in the dice game and its duel. */
export type ThrowEvent = Extract<GameEvent, { type: "turnStarted" | "diceRolled" | "dynamiteExploded" | "rollingEnded" | "turnEnded" }>;

const THROW_EVENTS: readonly string[] = ["turnStarted", "diceRolled", "dynamiteExploded", "rollingEnded", "turnEnded"] satisfies ThrowEvent["type"][];

/** Is `event` one of the throws' events (read by {@link describeThrow})? */
export const isThrowEvent = (event: { type: string }): event is ThrowEvent => THROW_EVENTS.includes(event.type);

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A turn's start and end and its throws as a sentence (R2.1 to R2.7). */
export function describeThrow(event: ThrowEvent, names: Names): string {
  const n = (id: string) => nameOf(names, id);
  switch (event.type) {
    case "turnStarted":
      return `Turn ${event.turn}: ${n(event.player)} plays.`;
    case "diceRolled":
      return event.roll === 1 || event.indexes.length === 5
        ? `${n(event.player)} rolls: ${faceList(event.dice)}.`
        : `${n(event.player)} rerolls ${count(event.indexes.length, "die", "dice")} and gets ${faceList(event.faces)}.`;
    case "dynamiteExploded":
      return `The dynamite explodes on ${n(event.player)}: no more rolls.`;
    case "rollingEnded":
      return `${n(event.player)} keeps ${faceList(event.dice)}.`;
    case "turnEnded":
      return `${n(event.player)} ends the turn.`;
  }
}

/** The heading of a turn in the event log ("Turn 3 · Ann"), from its `turnStarted` event; null for any other event. */
export function throwTurnStart(event: { type: string }, names: Names): string | null {
  if (event.type !== "turnStarted") return null;
  const e = event as Extract<ThrowEvent, { type: "turnStarted" }>;
  return `Turn ${e.turn} · ${nameOf(names, e.player)}`;
}

/**
 * The heading of the first turn in the event log ("Turn 1 · Ann"): the deal starts it without a
 * `turnStarted` event, so it is read from the game's first event (the first player's roll); null for
 * an event without a player.
 */
export function throwOpeningTurn(first: { type: string }, names: Names): string | null {
  const player = (first as { player?: unknown }).player;
  return typeof player === "string" ? `Turn 1 · ${nameOf(names, player)}` : null;
}

const isRoll = (event: { type: string }): event is Extract<ThrowEvent, { type: "diceRolled" }> => event.type === "diceRolled";

/** The dice of each roll in a log entry's events: every die after the throw, and which indexes were thrown. */
export function rollsOf(events: readonly { type: string }[]): { dice: Face[]; thrown: number[] }[] {
  return events.filter(isRoll).map((e) => ({ dice: e.dice, thrown: e.indexes }));
}
