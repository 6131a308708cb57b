import { randomUUID } from "node:crypto";
import type { Command, GameSetup } from "@bang/engine";
import type { Database, NewLogEntry } from "../../src/index.js";
import { createGameRepository } from "../../src/index.js";

export const SETUP: GameSetup = { mode: "classic", seed: 42, players: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }] };

/** A new running game with four bot seats; returns its id. */
export async function newGame(db: Database, id: string = randomUUID()): Promise<string> {
  await createGameRepository(db).createGame({
    id,
    mode: "classic",
    setup: SETUP,
    seats: SETUP.players.map((p, seat) => ({ seat, name: `bot ${p.id}`, botKind: "random" })),
  });
  return id;
}

const COMMANDS: Command[] = [
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
