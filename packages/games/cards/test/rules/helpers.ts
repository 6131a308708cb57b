import { forcedSource, type Draw } from "@bang/game-core";
import { expect } from "vitest";
import { applyCommand, createGame, phaseOf, waitingFor, type Command, type GameSetup, type GameState, type SeatSetup } from "../../src/index.js";

/** Four seats a..d (sheriff, outlaw, renegade, outlaw) with plain characters; `over` changes some seats. */
export function seats(over: Record<string, Partial<SeatSetup>> = {}, n = 4): SeatSetup[] {
  const roles = { 4: ["sheriff", "outlaw", "renegade", "outlaw"], 5: ["sheriff", "outlaw", "renegade", "outlaw", "deputy"], 6: ["sheriff", "outlaw", "renegade", "outlaw", "deputy", "outlaw"], 7: ["sheriff", "outlaw", "renegade", "outlaw", "deputy", "outlaw", "deputy"] }[n]!;
  const chars = ["black_jack", "kit_carlson", "pedro_ramirez", "jesse_jones", "bart_cassidy", "suzy_lafayette", "willy_the_kid"];
  return roles.map((role, i) => {
    const id = "abcdefg"[i]!;
    return { id, role: role as SeatSetup["role"], character: chars[i] as SeatSetup["character"], ...over[id] };
  });
}

/** A position (SCENARIOS-cards.md setup): phase 2 of `a` by default. Throws when the setup is refused. */
export function position(setup: Partial<GameSetup> & { players?: SeatSetup[] }): GameState {
  const created = createGame({ players: seats(), deck: [], turn: "a", phase: "play", ...setup });
  if (!created.ok) throw new Error(created.error.message);
  return created.state;
}

/** Applies commands in order (each with its forced draws); throws on a refusal. */
export function run(state: GameState, ...steps: (Command | [Command, Draw[]])[]): GameState {
  let s = state;
  for (const step of steps) {
    const [command, draws] = Array.isArray(step) ? step : [step, []];
    const result = applyCommand(s, command, forcedSource(draws));
    if (!result.ok) throw new Error(`${command.type} by ${command.by}: ${result.error.code}: ${result.error.message}`);
    s = result.state;
  }
  return s;
}

/** Expects `command` to be refused with `code` and checks that the refusal changed nothing. */
export function refused(state: GameState, command: Command, code: string): void {
  const before = JSON.stringify(state);
  const result = applyCommand(state, command, forcedSource([]));
  expect(result.ok ? "accepted" : result.error.code).toBe(code);
  expect(JSON.stringify(state)).toBe(before);
}

/** The seat `id` of `s`. */
export const p = (s: GameState, id: string) => s.players.find((x) => x.id === id)!;

/** Phase and who the game waits for, for short expectations. */
export const where = (s: GameState) => ({ phase: phaseOf(s), waitingFor: waitingFor(s) });
