import { forcedSource } from "@bang/game-core";
import { applyCommand, createGame, playerView, type Character, type Command, type Face, type GameState, type PlayerView, type Role, type SeatSetup } from "../../src/index.js";

/** Characters with no ability that changes a choice of the acting bot (no reach, reroll or target change). */
const PLAIN: Character[] = ["paul_regret", "jesse_jones", "vulture_sam", "pedro_ramirez", "suzy_lafayette", "jourdonnais", "el_gringo", "lucky_duke"];

/** A seat of a hand-built position: id, role, and optionally character, life and arrows. */
export type Seat = { id: string; role: Role } & Partial<Pick<SeatSetup, "character" | "life" | "arrows" | "alive">>;

/** A table in the given position, at the start of `turn`'s turn (createGame with fixed roles and characters). */
export function table(seats: Seat[], turn: string): GameState {
  const taken = new Set(seats.map((s) => s.character).filter((c) => c !== undefined));
  const plain = PLAIN.filter((c) => !taken.has(c));
  let next = 0;
  const created = createGame({
    players: seats.map((s) => ({ ...s, character: s.character ?? plain[next++]! })),
    turn,
    seed: 7,
  });
  if (!created.ok) throw new Error(`${created.error.code}: ${created.error.message}`);
  return created.state;
}

/** Applies a command that must be accepted; `dice` forces the faces of its throw. */
export function play(state: GameState, command: Command, dice?: Face[]): GameState {
  const result = applyCommand(state, command, dice ? forcedSource([{ roll: dice }]) : undefined);
  if (!result.ok) throw new Error(`${command.type}: ${result.error.code}: ${result.error.message}`);
  return result.state;
}

/** The active player's first roll shows `dice`; with `stop`, rolling ends and resolution waits. */
export function rolled(state: GameState, dice: Face[], stop = false): GameState {
  const by = state.players[state.turn]!.id;
  const after = play(state, { type: "roll", by }, dice);
  return stop ? play(after, { type: "stop", by }) : after;
}

/** `id`'s own view of `state`. */
export function viewOf(state: GameState, id: string): PlayerView {
  return playerView(state, { kind: "player", id });
}
