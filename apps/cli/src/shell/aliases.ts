/**
 * Short seat ids for a game played on a server. The server names players by long ids (UUIDs, bot seat
 * ids); the terminal shows the game with the seat ids of a local game, p1..pN clockwise, so that the
 * display and the prompts of `bang play` work the same on a server and at home. Views, events and
 * messages are turned into seat ids on the way in, commands back into the server's ids on the way out.
 */
import type { PlayerId } from "@bang/game-core";

/** `value` with every string equal to a key of `ids` replaced (deeply, in arrays and plain objects). */
function renamed(value: unknown, ids: ReadonlyMap<string, string>): unknown {
  if (typeof value === "string") return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => renamed(v, ids));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renamed(v, ids)]));
  }
  return value;
}

export class SeatAliases {
  private readonly toLocal: ReadonlyMap<PlayerId, PlayerId>;
  private readonly toServer: ReadonlyMap<PlayerId, PlayerId>;

  /** `players`: the game's server ids in seat order (clockwise); seat i becomes `p{i+1}`. */
  constructor(players: readonly PlayerId[]) {
    this.toLocal = new Map(players.map((id, i) => [id, `p${i + 1}`]));
    this.toServer = new Map(players.map((id, i) => [`p${i + 1}`, id]));
  }

  /** The seat id of a server id (unknown ids unchanged). */
  seat(id: PlayerId): PlayerId {
    return this.toLocal.get(id) ?? id;
  }

  /** A view, events, a winner...: every server id replaced by its seat id. */
  local<T>(value: T): T {
    return renamed(value, this.toLocal) as T;
  }

  /** A command typed with seat ids, for the server (unknown names are kept, for the server to refuse). */
  server<T>(value: T): T {
    return renamed(value, this.toServer) as T;
  }

  /** A server's message text with every server id in it replaced by its seat id. */
  text(message: string): string {
    let out = message;
    for (const [id, seat] of this.toLocal) out = out.split(id).join(seat);
    return out;
  }
}
