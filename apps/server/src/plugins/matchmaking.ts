import { createRatingRepository, createTournamentRepository } from "@bang/db";
import { replay, type GameResult } from "@bang/game-core";
import { findGame } from "@bang/games";
import type { ServerMessage } from "@bang/protocol";
import fp from "fastify-plugin";
import type { FastifyInstance } from "fastify";
import { createQueueRelay, queueMessages, queueRequestHandler, seatedMessages } from "../cluster/queue-relay.js";
import { connectRedis, type Redis } from "../cluster/redis.js";
import type { GameRoom } from "../games/room.js";
import { Matchmaker } from "../matchmaking/matchmaker.js";
import { MemoryQueueStore } from "../matchmaking/memory-store.js";
import { parseQueues } from "../matchmaking/queues.js";
import { RedisQueueStore } from "../matchmaking/redis-store.js";
import type { QueueStore } from "../matchmaking/store.js";
import { RatingService } from "../ratings/service.js";
import { parseOrganisers, type Organisers } from "../tournaments/organisers.js";
import { TournamentService } from "../tournaments/service.js";

/** Delivers queue messages to the sockets of a player on this node. */
export type QueueListener = (playerId: string, message: ServerMessage) => void;
/** Does this node hold an open socket of the player? (the WebSocket route answers) */
export type PresenceCheck = (playerId: string) => boolean;
/** Told when a game that seats `playerIds` was started for them (a tournament table). */
export type SeatedListener = (playerIds: readonly string[], gameId: string) => void;

declare module "fastify" {
  interface FastifyInstance {
    ratings: RatingService;
    matchmaker: Matchmaker;
    tournaments: TournamentService;
    organisers: Organisers;
    /** Adds the listener that forwards matchmaking messages to sockets (the WebSocket route). */
    onQueueMessage(listener: QueueListener): void;
    /** Adds the listener that makes connected players follow a tournament game started for them. */
    onSeated(listener: SeatedListener): void;
    /** Sets how the node tells whether it holds a socket of a player (cluster: asked by the other nodes). */
    onQueuePresence(check: PresenceCheck): void;
  }
}

/**
 * How finished stored game `gameId` ended: its log replayed with its game's module, and the module's
 * `result` of the last state. Null when the game is unknown, not finished, or its module is not
 * registered here. Rejects (ReplayError) when the stored log does not replay.
 */
async function finishedResult(app: FastifyInstance, gameId: string): Promise<GameResult | null> {
  const game = await app.store.getGame(gameId);
  if (!game || game.status !== "finished") return null;
  const module = findGame(game.game);
  if (!module) return null;
  const entries = await app.store.loadLog(gameId);
  const last = replay(module, { game: module.id, setup: game.setup, entries: entries.map((e) => ({ command: e.command, ...(e.draws ? { draws: e.draws } : {}) })) }).at(-1);
  return last ? module.result(last) : null;
}

/**
 * Matchmaking, ratings and tournaments on a node: the rating service (OpenSkill), the queue store
 * (in memory, or Redis with REDIS_URL) and its matchmaker, the tournaments and the organisers. Every
 * finished game goes through the ratings (when rated) and the tournaments (when one of theirs).
 */
export const matchmaking = fp(
  async (app: FastifyInstance) => {
    const { config, store, host, gameFactory } = app;
    const ratings = new RatingService(createRatingRepository(store.db));
    let redis: Redis | null = null;
    let queueStore: QueueStore;
    if (config.REDIS_URL) {
      redis = await connectRedis(config.REDIS_URL, { name: "bang-matchmaking" });
      queueStore = new RedisQueueStore(redis, config.REDIS_PREFIX);
    } else queueStore = new MemoryQueueStore();

    const listeners = new Set<QueueListener>();
    const seatedListeners = new Set<SeatedListener>();
    let presence: PresenceCheck = () => false;
    const deliver = (playerId: string, message: ServerMessage) => {
      for (const l of listeners) l(playerId, message);
    };
    // Cluster: queue messages reach the player's sockets on every node; ready checks are reachable from any node.
    const cluster = app.cluster;
    const relay = cluster ? createQueueRelay({ nodeId: cluster.nodeId, bus: cluster.bus, redis: cluster.redis, prefix: config.REDIS_PREFIX, liveNodes: () => cluster.liveNodes() }) : undefined;
    const messages = cluster ? await queueMessages(cluster.bus, deliver) : null;
    const seatHere = (playerIds: readonly string[], gameId: string) => {
      for (const l of seatedListeners) l(playerIds, gameId);
    };
    const seated = cluster ? await seatedMessages(cluster.bus, seatHere) : null;
    const matchmaker = new Matchmaker({
      queues: parseQueues(config.MATCHMAKING_QUEUES),
      store: queueStore,
      ordinals: (ids, game) => ratings.ordinals(ids, game),
      // On this node, or on the least loaded live node of the cluster (REDIS_URL).
      startGame: async ({ queue, seats }) => {
        const room = await gameFactory.createGame({ game: queue.game, seats, tableCode: null, turnSeconds: queue.turnSeconds });
        // Marked right after the start: a game cannot end before its first turns are played.
        await ratings.markRated(room.id, queue.game, "queue");
        return { gameId: room.id };
      },
      notify: (playerId, message) => {
        if (!messages) return deliver(playerId, message);
        messages.publish(playerId, message).catch((err: unknown) => {
          app.log.warn({ err, playerId }, "a queue message could not be published: delivered on this node only");
          deliver(playerId, message);
        });
      },
      ...(relay ? { relay } : {}),
      inGame: (playerId) => app.games.gamesOf(playerId).length > 0,
      tickMs: config.MATCHMAKING_TICK_MS,
      log: app.log,
    });

    cluster?.serve("queue", queueRequestHandler(matchmaker, (playerId) => presence(playerId)));

    const tournaments = new TournamentService({
      repo: createTournamentRepository(store.db),
      startGame: async (seats, game) => {
        const room = await gameFactory.createGame({ game, seats, tableCode: null, turnSeconds: 60 });
        const people = seats.filter((s) => !s.bot).map((s) => s.playerId);
        // Their sockets follow the game, on whichever node they are (cluster: announced over the bus).
        if (!seated) seatHere(people, room.id);
        else
          seated.publish(people, room.id).catch((err: unknown) => {
            app.log.warn({ err, gameId: room.id }, "a tournament game could not be announced: followed on this node only");
            seatHere(people, room.id);
          });
        return { gameId: room.id };
      },
      markRated: (gameId, game) => ratings.markRated(gameId, game, "tournament"),
      ordinals: (ids, game) => ratings.ordinals(ids, game),
      finishedResult: (gameId) => finishedResult(app, gameId),
      log: app.log,
    });

    // Every finished game: its module's result goes to the ratings (when rated) and the tournaments (when one of theirs).
    host.onFinished((room: GameRoom) => {
      const result = room.result;
      if (!result) return;
      const botIds = new Set(room.seats.filter((s) => s.bot).map((s) => s.playerId));
      ratings.applyFinished({ id: room.id, result, botIds }).catch((err: unknown) => app.log.error({ err, gameId: room.id }, "ratings update failed"));
      tournaments.gameFinished(room.id, result).catch((err: unknown) => app.log.error({ err, gameId: room.id }, "tournament result failed"));
    });

    app.decorate("ratings", ratings);
    app.decorate("matchmaker", matchmaker);
    app.decorate("tournaments", tournaments);
    app.decorate("organisers", parseOrganisers(config.ORGANISER_TOKENS));
    app.decorate("onQueueMessage", (listener: QueueListener) => void listeners.add(listener));
    app.decorate("onSeated", (listener: SeatedListener) => void seatedListeners.add(listener));
    app.decorate("onQueuePresence", (check: PresenceCheck) => void (presence = check));
    app.addHook("onClose", async () => {
      matchmaker.dispose();
      await messages?.stop();
      await seated?.stop();
      await queueStore.close();
      if (redis) await redis.quit().catch(() => undefined);
    });
    matchmaker.start();
    // Results of tournament games that finished while no hook could record them (restart).
    app.addHook("onReady", async () => {
      const recorded = await tournaments.reconcile().catch((err: unknown) => {
        app.log.error({ err }, "tournament reconcile failed");
        return 0;
      });
      if (recorded > 0) app.log.info({ recorded }, "tournament results caught up");
    });
  },
  { name: "bang-matchmaking", dependencies: ["bang-services"] },
);
