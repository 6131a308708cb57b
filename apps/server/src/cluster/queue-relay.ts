/**
 * Matchmaking across the nodes of a cluster (issue 5 on issue 4's bus):
 * - queue messages (matchFound, queue statuses) are published on the bus channel `mm:notify` and every
 *   node delivers them to the sockets it holds, so a player hears of their match on whichever node
 *   their socket is;
 * - the node holding a ready check is recorded in Redis (before the claim of its table) (`<prefix>mm:h:<matchId>` = "<nodeId>:<deadline>",
 *   expiring a little after the deadline), and a confirm, leave or disconnect from another node is sent
 *   to that node's inbox as a request of kind "queue";
 * - before a closed socket takes a player out of matchmaking, the other live nodes are asked whether
 *   the player still has a socket there (`hasSocket`);
 * - a tournament game started on one node is announced on `mm:seated`, so that its players' sockets
 *   on every node follow it.
 */
import type { QueueStatus, ServerMessage } from "@bang/protocol";
import { MatchmakingError, type Matchmaker } from "../matchmaking/matchmaker.js";
import type { MatchHolder, MatchRelay, RemoteQueueOp } from "../matchmaking/relay.js";
import type { Json, MessageBus, Unsubscribe } from "./bus.js";
import type { LiveNode } from "./membership.js";
import type { Redis } from "./redis.js";

/** The bus channel of queue messages. */
export const QUEUE_CHANNEL = "mm:notify";
/** The bus channel of "a tournament game was started for these players". */
export const SEATED_CHANNEL = "mm:seated";
/** How long a holder record outlives its check's deadline, in ms (a confirm at the deadline still finds it). */
const HOLDER_GRACE_MS = 10_000;
/** How long a forwarded queue request waits for the holder's answer, in ms. */
const FORWARD_TIMEOUT_MS = 3_000;
/** How long the other nodes get to say whether a player has a socket there, in ms. */
const PRESENCE_TIMEOUT_MS = 1_000;

/** A request of kind "queue" in a node's inbox. */
export type QueueRequest = { kind: "queue" } & (RemoteQueueOp | { op: "hasSocket"; playerId: string });
/** Its answer: a status, a presence, or the refusal's code and message. */
type QueueAnswer = { ok: true; status?: QueueStatus; present?: boolean } | { ok: false; code: string; message: string };

/** What the relay needs from the cluster runtime. */
export interface QueueRelayDeps {
  nodeId: string;
  bus: MessageBus;
  redis: Redis;
  /** The cluster's key prefix (config.REDIS_PREFIX). */
  prefix: string;
  liveNodes(): Promise<LiveNode[]>;
}

/** The cluster's MatchRelay (see the file's comment). */
export function createQueueRelay(deps: QueueRelayDeps): MatchRelay {
  const { nodeId, bus, redis } = deps;
  const holderKey = (matchId: string) => `${deps.prefix}mm:h:${matchId}`;
  return {
    nodeId,
    async opened(matchId, deadline) {
      await redis.set(holderKey(matchId), `${deadline}:${nodeId}`, "PX", Math.max(1, deadline - Date.now()) + HOLDER_GRACE_MS);
    },
    async closed(matchId) {
      await redis.del(holderKey(matchId)).catch(() => undefined);
    },
    async holder(matchId): Promise<MatchHolder | null> {
      const value = await redis.get(holderKey(matchId));
      if (!value) return null;
      const colon = value.indexOf(":");
      const holder = { deadline: Number(value.slice(0, colon)), nodeId: value.slice(colon + 1) };
      if (holder.nodeId === nodeId) return holder;
      // A holder that left the membership (it died, or drained) holds its checks no more.
      const live = await deps.liveNodes();
      return live.some((n) => n.nodeId === holder.nodeId) ? holder : null;
    },
    async forward(target, op) {
      let answer: QueueAnswer;
      try {
        answer = (await bus.request(target, { kind: "queue", ...op } as unknown as Json, FORWARD_TIMEOUT_MS)) as unknown as QueueAnswer;
      } catch {
        throw new MatchmakingError("RETRY", `the node holding match ${op.matchId} did not answer: try again`);
      }
      if (!answer.ok) throw new MatchmakingError(answer.code as MatchmakingError["code"], answer.message);
      return answer.status!;
    },
    async connectedElsewhere(playerId) {
      const others = (await deps.liveNodes().catch(() => [] as LiveNode[])).filter((n) => n.nodeId !== nodeId);
      const answers = await Promise.all(
        others.map((n) =>
          bus
            .request(n.nodeId, { kind: "queue", op: "hasSocket", playerId }, PRESENCE_TIMEOUT_MS)
            .then((a) => (a as unknown as QueueAnswer).ok && (a as { present?: boolean }).present === true)
            .catch(() => false),
        ),
      );
      return answers.some(Boolean);
    },
  };
}

/**
 * The inbox handler of queue requests on this node: ready-check operations go to the matchmaker
 * (refusals answered with their code), `hasSocket` asks `hasSocket`.
 */
export function queueRequestHandler(matchmaker: Matchmaker, hasSocket: (playerId: string) => boolean): (message: Json) => Promise<Json> {
  return async (message) => {
    const request = message as unknown as QueueRequest;
    let answer: QueueAnswer;
    if (request.op === "hasSocket") answer = { ok: true, present: hasSocket(request.playerId) };
    else {
      try {
        answer = { ok: true, status: await matchmaker.handleRemote(request) };
      } catch (error) {
        if (!(error instanceof MatchmakingError)) throw error;
        answer = { ok: false, code: error.code, message: error.message };
      }
    }
    return answer as unknown as Json;
  };
}

/**
 * Queue messages over the bus: `publish` sends one for a player to every node, and each node's
 * subscription hands it to `deliver` (its own sockets of that player). Resolves the publisher and the
 * end of the subscription.
 */
export async function queueMessages(bus: MessageBus, deliver: (playerId: string, message: ServerMessage) => void): Promise<{ publish(playerId: string, message: ServerMessage): Promise<void>; stop: Unsubscribe }> {
  const stop = await bus.subscribe(QUEUE_CHANNEL, (raw) => {
    const { playerId, message } = raw as unknown as { playerId: string; message: ServerMessage };
    deliver(playerId, message);
  });
  return {
    publish: (playerId, message) => bus.publish(QUEUE_CHANNEL, { playerId, message } as unknown as Json),
    stop,
  };
}

/**
 * Tournament games over the bus: `publish` announces a game started for `playerIds` to every node,
 * and each node's subscription hands it to `deliver` (its sockets of those players follow the game).
 */
export async function seatedMessages(bus: MessageBus, deliver: (playerIds: readonly string[], gameId: string) => void): Promise<{ publish(playerIds: readonly string[], gameId: string): Promise<void>; stop: Unsubscribe }> {
  const stop = await bus.subscribe(SEATED_CHANNEL, (raw) => {
    const { playerIds, gameId } = raw as unknown as { playerIds: string[]; gameId: string };
    deliver(playerIds, gameId);
  });
  return {
    publish: (playerIds, gameId) => bus.publish(SEATED_CHANNEL, { playerIds: [...playerIds], gameId }),
    stop,
  };
}
