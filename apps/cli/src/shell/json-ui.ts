/**
 * The face of a game the CLI has no folder for (a game a server hosts that this CLI does not know, or a
 * module registered without a terminal face): views and events printed as JSON, commands typed as JSON.
 * Plain, but the shell never stops at a game it does not know.
 */
import type { CommandBase, PlayerId, SeatRange, ViewBase } from "@bang/game-core";
import type { AnyGameUi, Reading } from "./game-ui.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The seat ids of a view that lists its players as `players: [{id}, ...]` (most do); none otherwise. */
function seatsOf(view: ViewBase): PlayerId[] {
  const players = (view as { players?: unknown }).players;
  if (!Array.isArray(players)) return [];
  const ids = players.map((p) => (isObject(p) && typeof p.id === "string" ? p.id : null));
  return ids.every((id): id is string => id !== null) ? ids : [];
}

/** `{"type": ...}` without the player. */
function shown(command: CommandBase): string {
  const { by: _by, ...rest } = command;
  return JSON.stringify(rest);
}

/** Reads a command typed as one JSON object with its `type` (the player is added). */
function readJson(line: string, me: PlayerId): Reading<CommandBase> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    parsed = null;
  }
  if (!isObject(parsed) || typeof parsed.type !== "string") {
    return { refusal: { code: "INVALID_COMMAND", message: 'write the command as one JSON object with its type, e.g. {"type": "..."} (help lists the words)' } };
  }
  return { command: { ...parsed, type: parsed.type, by: me } };
}

/**
 * The JSON face of game `id`. `seats`, when the game's seat range is known (a module, or the server's
 * catalog), gives the default table size.
 */
export function jsonUi(id: string, name: string = id, seats?: SeatRange): AnyGameUi {
  return {
    id,
    name,
    defaultSeats: seats?.min ?? 2,
    help: [
      `  {"type": ...}              a command of ${name}, as one JSON object: its type and fields`,
      "                             (this terminal has no table of its own for this game: views are JSON)",
    ].join("\n"),
    seats: seatsOf,
    render: (view) => JSON.stringify(view, null, 2),
    describeEvents: (events) => events.map((e) => JSON.stringify(e)),
    formatCommand: shown,
    prompt: (_view, me) => ({
      hint: `Your move, ${me}: type a command of ${name} as JSON.`,
      label: "command",
      read: (line) => readJson(line, me),
    }),
    ending: () => "The game is over.",
    tally: () => ({ add: () => undefined, figures: () => ({}), render: () => [] }),
  };
}
