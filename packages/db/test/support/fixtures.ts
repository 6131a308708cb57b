import { randomUUID } from "node:crypto";
import type { CommandBase, SetupBase } from "@bang/game-core";
import type { Database, NewLogEntry } from "../../src/index.js";
import { createGameRepository } from "../../src/index.js";

/** A dice game's setup (the store keeps any module's setup as JSON). */
export const SETUP: SetupBase = { seed: 42, players: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }] };

/** A new running game with four bot seats; returns its id. */
export async function newGame(db: Database, id: string = randomUUID()): Promise<string> {
  await createGameRepository(db).createGame({
    id,
    game: "dice",
    setup: SETUP,
    seats: SETUP.players.map((p, seat) => ({ seat, name: `bot ${p.id}`, botKind: "random" })),
  });
  return id;
}

const COMMANDS: (CommandBase & Record<string, unknown>)[] = [
  { type: "roll", by: "a" },
  { type: "reroll", by: "a", indexes: [0, 3] },
  { type: "stop", by: "a" },
  { type: "resolve", by: "a", shots: [{ die: 2, target: "b" }], beers: [] },
  { type: "roll", by: "b" },
];

/** Log entry number `seq` (1-based): a plausible command, a client id derived from the seq. */
export function entry(seq: number, overrides: Partial<NewLogEntry> = {}): NewLogEntry {
  const command = COMMANDS[Math.abs(seq - 1) % COMMANDS.length]!;
  return { seq, playerId: command.by, clientCommandId: `cmd-${seq}`, command, ...overrides };
}
