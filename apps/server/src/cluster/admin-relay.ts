/**
 * The admin actions across the nodes of a cluster (AdminGames of admin/games.ts over the bus):
 * - the live games list asks every live node (membership) in parallel for the games it owns (a bus
 *   request of kind "admin", op "live", LIVE_TIMEOUT_MS); a node that does not answer in time is
 *   reported missing and the list holds the others' games;
 * - ending a game and giving a seat to the bot go to the game's lease owner (op "end" / "bot"), which
 *   does them and logs them; a game's presence (op "presence") is read there too, since only the
 *   owner's room counts the sockets of every node and runs the timers. While the game moves (no lease, or the node asked no longer owns it) the
 *   owner is looked up again, as a routed command is (SharedGame.submit), for the same budget (two
 *   leases plus 2 s), then RETRY. A game without a lease that the store does not list as running is
 *   GAME_NOT_FOUND. A running game without a lease is ended by the node asked (under the game's lease
 *   for the moment it takes: endUnheld): it may be one that no node can restore, that no owner would
 *   ever come for.
 */
import type { AdminGames, AdminOutcome, OwnerActions, OwnerOutcome } from "../admin/games.js";
import { AdminUnavailable } from "../admin/games.js";
import type { LiveGame } from "../admin/live.js";
import type { Json, MessageBus } from "./bus.js";
import type { LiveNode } from "./membership.js";

/** How long the list waits for each node's games, in ms. */
export const LIVE_TIMEOUT_MS = 1_500;
/** How long an action waits for the owner's answer before it looks for the owner again, in ms. */
const ACTION_TIMEOUT_MS = 5_000;
/** Pause between two looks for the owner of a moving game, in ms. */
const RETRY_PAUSE_MS = 100;

/** A request of kind "admin" in a node's inbox. */
export type AdminRequest = { kind: "admin" } & (
  | { op: "live" }
  | { op: "end"; gameId: string; admin: string }
  | { op: "bot"; gameId: string; playerId: string; admin: string }
  | { op: "presence"; gameId: string }
);

/** Its answer: the owner's games, the outcome, or "not the owner". */
type AdminAnswer = { games: LiveGame[] } | { outcome: AdminOutcome } | { notOwner: true };

export interface AdminRelayDeps {
  nodeId: string;
  bus: MessageBus;
  /** This node's side of the actions (its own rooms). */
  owner: OwnerActions;
  /** Live nodes of the membership; rejects when Redis does not answer. */
  liveNodes(): Promise<LiveNode[]>;
  /** The node holding the game's lease, or null (none; Redis unreachable). */
  ownerOf(gameId: string): Promise<string | null>;
  /** Is the game stored as running? */
  isRunning(gameId: string): Promise<boolean>;
  /**
   * Ends running game `gameId` that no node holds, from this node (ClusterGames.endUnheld, the table
   * closed, the action logged): the outcome, or "held" when a node took the game meanwhile.
   */
  endUnheld(gameId: string, admin: string): Promise<AdminOutcome | "held">;
  /** How long an action is retried while the game moves, in ms (two leases plus 2 s). */
  retryBudgetMs: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** The cluster's AdminGames (see the file's comment). */
export function createAdminRelay(deps: AdminRelayDeps): AdminGames {
  const { nodeId, bus, owner } = deps;

  /**
   * Runs `op` on the game's owner, looking for it again while the game moves. `unheld`, when given,
   * acts on a running game that no node holds (instead of waiting for an owner that may never come).
   */
  async function onOwner<T extends object>(gameId: string, request: AdminRequest, here: () => Promise<OwnerOutcome<T>>, unheld?: () => Promise<AdminOutcome<T> | "held">): Promise<AdminOutcome<T>> {
    const deadline = performance.now() + deps.retryBudgetMs;
    for (;;) {
      const holder = await deps.ownerOf(gameId).catch(() => null);
      if (holder === nodeId) {
        const outcome = await here();
        if (outcome !== "NOT_HERE") return outcome;
      } else if (holder) {
        const answer = (await bus.request(holder, request as unknown as Json, ACTION_TIMEOUT_MS).catch(() => null)) as AdminAnswer | null;
        if (answer && "outcome" in answer) return answer.outcome as AdminOutcome<T>;
      } else if (!(await deps.isRunning(gameId).catch(() => true))) {
        return { ok: false, code: "GAME_NOT_FOUND", message: `no running game ${gameId}` };
      } else if (unheld) {
        const outcome = await unheld();
        if (outcome !== "held") return outcome;
      }
      if (performance.now() >= deadline) return { ok: false, code: "RETRY", message: `game ${gameId} is moving to another node: try again` };
      await sleep(RETRY_PAUSE_MS);
    }
  }

  return {
    async live() {
      let nodes: LiveNode[];
      try {
        nodes = await deps.liveNodes();
      } catch (error) {
        throw new AdminUnavailable("the cluster's membership is unreachable: try again", { cause: error });
      }
      const missing: string[] = [];
      const lists = await Promise.all(
        nodes.map(async (n): Promise<LiveGame[]> => {
          if (n.nodeId === nodeId) return owner.liveHere();
          try {
            const answer = (await bus.request(n.nodeId, { kind: "admin", op: "live" }, LIVE_TIMEOUT_MS)) as AdminAnswer;
            if ("games" in answer) return answer.games;
          } catch {
            // Reported below: the list holds the games of the nodes that answered.
          }
          missing.push(n.nodeId);
          return [];
        }),
      );
      // This node lists its own games even when the membership lost it for a moment.
      if (!nodes.some((n) => n.nodeId === nodeId)) lists.push(owner.liveHere());
      return { games: lists.flat(), missing: missing.sort() };
    },
    end: (gameId, admin) =>
      onOwner(
        gameId,
        { kind: "admin", op: "end", gameId, admin },
        () => owner.end(gameId, admin),
        () => deps.endUnheld(gameId, admin),
      ),
    replaceByBot: (gameId, playerId, admin) => onOwner(gameId, { kind: "admin", op: "bot", gameId, playerId, admin }, () => owner.replaceByBot(gameId, playerId, admin)),
    presence: (gameId) => onOwner(gameId, { kind: "admin", op: "presence", gameId }, async () => owner.presence(gameId)),
  };
}

/** The inbox handler of admin requests on this node: its own games and rooms only. */
export function adminRequestHandler(owner: OwnerActions): (message: Json) => Promise<Json> {
  return async (message) => {
    const request = message as unknown as AdminRequest;
    let answer: AdminAnswer;
    if (request.op === "live") answer = { games: owner.liveHere() };
    else {
      const outcome =
        request.op === "end" ? await owner.end(request.gameId, request.admin) : request.op === "bot" ? await owner.replaceByBot(request.gameId, request.playerId, request.admin) : owner.presence(request.gameId);
      answer = outcome === "NOT_HERE" ? { notOwner: true } : { outcome };
    }
    return answer as unknown as Json;
  };
}
