/**
 * Admin actions on live games, behind one seam (AdminGames) so that the admin routes read the same on
 * one node and on a cluster: the live games list, ending a game, giving a seat to the bot, and a
 * game's presence (connections, away seats, timers: only the owner's room knows them).
 *
 * The work itself is done by the node that owns the game (OwnerActions over this node's rooms): on a
 * single node that is always this node; in a cluster the admin relay (cluster/admin-relay.ts) gathers
 * every node's list and sends each action to the game's lease owner, so the effects and the audit log
 * line are the owner's.
 */
import type { FastifyBaseLogger } from "fastify";
import type { GameHost } from "../games/host.js";
import { liveGame, type LiveGame } from "./live.js";
import { presenceOf, type GamePresence } from "./presence.js";

/** An admin action refused, with a stable code (nothing changed). */
export type AdminRefusal = { ok: false; code: "GAME_NOT_FOUND" | "NOT_SEATED" | "RETRY"; message: string };

/** What an admin action came to: done (with what it read, `T`), or refused. */
export type AdminOutcome<T extends object = object> = ({ ok: true } & T) | AdminRefusal;

/** A running game's presence, or why not (GAME_NOT_FOUND: not running; RETRY: it is moving between nodes). */
export type PresenceOutcome = AdminOutcome<{ presence: GamePresence }>;

/** The live games of the nodes that answered, and the ids of the nodes that did not (in time). */
export interface LiveGames {
  /** Unfiltered, in no order; `createdAt` and `ageSeconds` are null (the caller reads the store once). */
  games: LiveGame[];
  missing: string[];
}

/** Admin actions on the live games of a node, or of every node of a cluster. */
export interface AdminGames {
  /** Running games of every (live) node. Rejects with AdminUnavailable when the nodes cannot be listed. */
  live(): Promise<LiveGames>;
  /** Ends running game `gameId` without a winner (stored `abandoned`; its players get error GAME_ENDED). */
  end(gameId: string, admin: string): Promise<AdminOutcome>;
  /** The bot plays `playerId`'s seat to the end (stored on the seat); the player's own commands get NOT_SEATED. */
  replaceByBot(gameId: string, playerId: string, admin: string): Promise<AdminOutcome>;
  /** Each seat's connection, away status and timer, read on the node that owns the running game. */
  presence(gameId: string): Promise<PresenceOutcome>;
}

/** The membership (who the nodes are) cannot be read: the caller answers 503 RETRY. */
export class AdminUnavailable extends Error {
  override readonly name = "AdminUnavailable";
}

/**
 * An action on a game as the owner node answers it: the outcome, or NOT_HERE when this node does not
 * own the game (in a cluster the relay then looks for the owner again).
 */
export type OwnerOutcome<T extends object = object> = AdminOutcome<T> | "NOT_HERE";

/** What the node owning a game does for an admin (this node's rooms only). */
export interface OwnerActions {
  /** Running games owned here, unfiltered, with null creation times. */
  liveHere(): LiveGame[];
  end(gameId: string, admin: string): Promise<OwnerOutcome>;
  replaceByBot(gameId: string, playerId: string, admin: string): Promise<OwnerOutcome>;
  presence(gameId: string): OwnerOutcome<{ presence: GamePresence }>;
}

export interface OwnerDeps {
  nodeId: string;
  host: GameHost;
  /** Records the seat as played by the heuristic bot (so a restore or a new owner keeps it). */
  replaceSeatByBot(gameId: string, seat: number): Promise<void>;
  /**
   * Ends the room of `gameId` held here and stores it `abandoned`: "ended", "over" (the game is over
   * already) or "notOwner" (no such room here).
   */
  endRoom(gameId: string, reason: string): Promise<"ended" | "over" | "notOwner">;
  /** The game of table `code` is over: its table closes (on whichever node keeps it). */
  tableFinished(code: string): void;
  log: FastifyBaseLogger;
}

const notRunning = (gameId: string): AdminRefusal => ({ ok: false, code: "GAME_NOT_FOUND", message: `no running game ${gameId}` });

/** The owner's side of the admin actions, over this node's rooms (see OwnerActions). */
export function createOwnerActions(deps: OwnerDeps): OwnerActions {
  const { host, log } = deps;
  return {
    liveHere: () =>
      host
        .all()
        .filter((r) => !r.over)
        .map((r) => liveGame(r, deps.nodeId, null, Date.now())),

    async end(gameId, admin) {
      const code = host.get(gameId)?.tableCode ?? null;
      const result = await deps.endRoom(gameId, `an admin (${admin}) ended the game`);
      if (result === "notOwner") return "NOT_HERE";
      if (result === "over") return notRunning(gameId);
      if (code) deps.tableFinished(code);
      log.info({ gameId, admin, nodeId: deps.nodeId }, "game ended by an admin");
      return { ok: true };
    },

    async replaceByBot(gameId, playerId, admin) {
      const room = host.get(gameId);
      if (!room) return "NOT_HERE";
      if (room.over) return notRunning(gameId);
      if (!room.hasPlayer(playerId)) return { ok: false, code: "NOT_SEATED", message: `${playerId} is no person seated in this game` };
      room.replaceByBot(playerId);
      await deps.replaceSeatByBot(room.id, room.seats.find((s) => s.playerId === playerId)!.index);
      log.info({ gameId, playerId, admin, nodeId: deps.nodeId }, "player replaced by the bot");
      return { ok: true };
    },

    presence(gameId) {
      const room = host.get(gameId);
      if (!room) return "NOT_HERE";
      if (room.over) return notRunning(gameId);
      return { ok: true, presence: presenceOf(room, deps.nodeId) };
    },
  };
}

/** The admin actions of a single node: every game is its own. */
export function singleNodeAdminGames(owner: OwnerActions): AdminGames {
  const here = <T extends object>(outcome: OwnerOutcome<T>, gameId: string): AdminOutcome<T> => (outcome === "NOT_HERE" ? notRunning(gameId) : outcome);
  return {
    live: async () => ({ games: owner.liveHere(), missing: [] }),
    end: async (gameId, admin) => here(await owner.end(gameId, admin), gameId),
    replaceByBot: async (gameId, playerId, admin) => here(await owner.replaceByBot(gameId, playerId, admin), gameId),
    presence: async (gameId) => here(owner.presence(gameId), gameId),
  };
}
