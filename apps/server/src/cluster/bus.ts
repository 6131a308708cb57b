/**
 * The message bus between nodes: publish/subscribe of JSON messages on named channels (a game's events
 * fanned out to every node with subscribers) and request/reply to one node's inbox (a command routed
 * from the node a client is on to the game's owner).
 *
 * Two implementations with the same behaviour: in-process (an EventEmitter hub; the single-node
 * default, and several buses on one hub stand for several nodes in tests) and Redis pub/sub (one
 * connection to publish, a separate one in subscriber mode). Both carry messages as JSON text, so a
 * handler always receives a fresh parsed copy, never the publisher's object, and both deliver
 * asynchronously, never inside publish(). Delivery is at most once and in publish order per publisher:
 * a message published while a subscriber's connection is down is lost for it (consumers recover from
 * sequence numbers, DESIGN invariant 3). When Redis restarts, ioredis reconnects and subscribes again to
 * every channel of the subscriber connection (autoResubscribe), so subscriptions and served inboxes
 * survive; requests in flight then time out.
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { ClusterKeys } from "./keys.js";
import { whenReady, type Redis } from "./redis.js";

/** A JSON value: what the bus carries. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Receives the messages of a channel (parsed; shared by the handlers of one bus: do not mutate). */
export type MessageHandler = (message: Json, channel: string) => void;
/** Answers a request sent to a node; a throw (or rejection) is sent back as HANDLER_FAILED. */
export type RequestHandler = (message: Json) => Json | Promise<Json>;
/** Ends a subscription (or a serve). Idempotent, never rejects. */
export type Unsubscribe = () => Promise<void>;

export interface MessageBus {
  /** This bus instance's id (its replies channel). */
  readonly id: string;
  /** Sends `message` to the current subscribers of `channel`. Rejects (BusError UNAVAILABLE, CLOSED) when it cannot be sent. */
  publish(channel: string, message: Json): Promise<void>;
  /**
   * Calls `handler` with every message published on `channel` from the moment the returned promise
   * resolves. Rejects (BusError UNAVAILABLE, CLOSED) when the subscription could not be made.
   */
  subscribe(channel: string, handler: MessageHandler): Promise<Unsubscribe>;
  /**
   * Sends `message` to the node `nodeId` (whoever serves it) and resolves with its reply. Rejects with
   * BusError TIMEOUT ("request to node "<id>" timed out after <n> ms") when no reply came within
   * `timeoutMs` (no node serving, node dead, bus down), HANDLER_FAILED when the node's handler threw,
   * UNAVAILABLE when it could not be sent, CLOSED when the bus closed first.
   */
  request(nodeId: string, message: Json, timeoutMs: number): Promise<Json>;
  /**
   * Answers the requests sent to `nodeId` with `handler` until the returned function is called.
   * Throws when this bus already serves `nodeId`; rejects (BusError UNAVAILABLE) when the inbox could
   * not be subscribed.
   */
  serve(nodeId: string, handler: RequestHandler): Promise<Unsubscribe>;
  /** Rejects the requests in flight (CLOSED), drops every subscription and closes what the bus opened. */
  close(): Promise<void>;
}

export type BusErrorCode = "TIMEOUT" | "HANDLER_FAILED" | "UNAVAILABLE" | "CLOSED";

/** A bus failure; `nodeId` names the node a request was for. */
export class BusError extends Error {
  override readonly name = "BusError";
  constructor(
    readonly code: BusErrorCode,
    message: string,
    readonly nodeId: string | null = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** What an implementation provides: raw text on full channel names. */
interface Transport {
  publish(channel: string, text: string): Promise<void>;
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  close(): Promise<void>;
}
/** Hands a received message (full channel name, JSON text) to the bus. */
type Deliver = (channel: string, text: string) => void;

export interface BusOptions {
  keys: ClusterKeys;
  /** Failures with nobody to reject: a handler that threw, a malformed message, a reply not sent. */
  onError?: (error: Error) => void;
}

export interface InProcessBusOptions extends BusOptions {
  /** The hub shared by the buses that must hear each other (default: a new one, this bus alone). */
  hub?: EventEmitter;
}

/** A hub for in-process buses: buses on the same hub reach each other, like nodes on one Redis. */
export function createInProcessHub(): EventEmitter {
  const hub = new EventEmitter();
  hub.setMaxListeners(0);
  return hub;
}

/** The single-node bus (no Redis): an EventEmitter hub, delivery on a later turn of the event loop. */
export function createInProcessBus(options: InProcessBusOptions): MessageBus {
  const hub = options.hub ?? createInProcessHub();
  return createBus(options, (deliver) => {
    const listeners = new Map<string, (text: string) => void>();
    return {
      async publish(channel, text) {
        // Those subscribed now receive it (as with Redis, a later subscriber does not), after publish returns.
        const targets = hub.listeners(channel);
        setImmediate(() => {
          for (const listener of targets) (listener as (text: string) => void)(text);
        });
      },
      async subscribe(channel) {
        if (listeners.has(channel)) return;
        const listener = (text: string) => deliver(channel, text);
        listeners.set(channel, listener);
        hub.on(channel, listener);
      },
      async unsubscribe(channel) {
        const listener = listeners.get(channel);
        if (listener) hub.off(channel, listener);
        listeners.delete(channel);
      },
      async close() {
        for (const [channel, listener] of listeners) hub.off(channel, listener);
        listeners.clear();
      },
    };
  });
}

export interface RedisBusOptions extends BusOptions {
  /** Connection for PUBLISH; shared with other work, never closed by the bus. */
  publisher: Redis;
  /**
   * Connection in subscriber mode, used by this bus only. Default: `publisher.duplicate()`, opened
   * here and closed by close(). Create it with clusterRedisOptions (autoResubscribe on).
   */
  subscriber?: Redis;
  /** How long to wait for the subscriber connection to be ready, in ms. Default 2000. */
  readyTimeoutMs?: number;
}

/**
 * The cluster bus over Redis pub/sub. Resolves once the subscriber connection is ready; rejects with
 * the connection error otherwise (an own subscriber connection is then closed).
 */
export async function createRedisBus(options: RedisBusOptions): Promise<MessageBus> {
  const { publisher } = options;
  const owned = options.subscriber === undefined;
  const subscriber = options.subscriber ?? publisher.duplicate();
  if (owned) subscriber.on("error", (error: Error) => options.onError?.(error));
  try {
    await whenReady(subscriber, options.readyTimeoutMs ?? 2000);
  } catch (error) {
    if (owned) subscriber.disconnect();
    throw new BusError("UNAVAILABLE", `the bus's subscriber connection is not ready: ${messageOf(error)}`, null, { cause: error });
  }
  return createBus(options, (deliver) => {
    const channels = new Set<string>();
    /** Channels whose UNSUBSCRIBE failed (Redis down): ioredis subscribes them again on reconnect. */
    const leftover = new Set<string>();
    const onMessage = (channel: string, text: string) => {
      if (channels.has(channel)) deliver(channel, text);
    };
    const onReady = () => {
      const drop = [...leftover].filter((c) => !channels.has(c));
      leftover.clear();
      if (drop.length > 0) subscriber.unsubscribe(...drop).catch(() => drop.forEach((c) => leftover.add(c)));
    };
    subscriber.on("message", onMessage);
    subscriber.on("ready", onReady);
    return {
      async publish(channel, text) {
        await publisher.publish(channel, text);
      },
      async subscribe(channel) {
        channels.add(channel);
        try {
          await subscriber.subscribe(channel);
        } catch (error) {
          channels.delete(channel);
          throw error;
        }
      },
      async unsubscribe(channel) {
        channels.delete(channel);
        try {
          await subscriber.unsubscribe(channel);
        } catch (error) {
          leftover.add(channel);
          throw error;
        }
      },
      async close() {
        subscriber.off("message", onMessage);
        subscriber.off("ready", onReady);
        if (owned) subscriber.disconnect();
        else if (channels.size > 0) await subscriber.unsubscribe(...channels).catch(() => undefined);
        channels.clear();
      },
    };
  });
}

/** A subscribed channel of a bus: its handlers, and the subscription being made. */
interface Channel {
  handlers: Set<(message: Json) => void>;
  ready: Promise<void>;
}

interface Pending {
  nodeId: string;
  resolve: (reply: Json) => void;
  reject: (error: BusError) => void;
  timer: NodeJS.Timeout;
}

/** The behaviour common to both implementations (channels, request/reply), over a transport. */
function createBus(options: BusOptions, makeTransport: (deliver: Deliver) => Transport): MessageBus {
  const { keys } = options;
  const id = randomUUID();
  const channels = new Map<string, Channel>();
  const pending = new Map<string, Pending>();
  const serving = new Set<string>();
  const repliesChannel = keys.replies(id);
  let replies: Promise<Unsubscribe> | null = null;
  let closed = false;

  const report = (error: unknown) => {
    try {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // An error hook must not break delivery.
    }
  };

  const transport = makeTransport((channel, text) => {
    const entry = channels.get(channel);
    if (!entry || closed) return;
    let message: Json;
    try {
      message = JSON.parse(text) as Json;
    } catch {
      report(new Error(`dropped a message on ${channel} that is not JSON`));
      return;
    }
    for (const handler of [...entry.handlers]) {
      try {
        handler(message);
      } catch (error) {
        report(error);
      }
    }
  });

  /** Adds `handler` to the full channel `channel`, subscribing the transport for the first one. */
  async function listen(channel: string, handler: (message: Json) => void): Promise<Unsubscribe> {
    if (closed) throw new BusError("CLOSED", "the bus is closed");
    let entry = channels.get(channel);
    if (!entry) {
      const created: Channel = { handlers: new Set(), ready: transport.subscribe(channel) };
      created.ready.catch(() => {
        if (channels.get(channel) === created) channels.delete(channel);
      });
      channels.set(channel, created);
      entry = created;
    }
    const joined = entry;
    joined.handlers.add(handler);
    try {
      await joined.ready;
    } catch (error) {
      joined.handlers.delete(handler);
      throw new BusError("UNAVAILABLE", `could not subscribe to ${channel}: ${messageOf(error)}`, null, { cause: error });
    }
    let active = true;
    return async () => {
      if (!active) return;
      active = false;
      joined.handlers.delete(handler);
      if (joined.handlers.size > 0 || channels.get(channel) !== joined) return;
      channels.delete(channel);
      if (!closed) await transport.unsubscribe(channel).catch(report);
    };
  }

  const onReply = (message: Json) => {
    if (!isObject(message) || message.kind !== "reply" || typeof message.id !== "string") {
      report(new Error(`dropped a malformed reply on ${repliesChannel}`));
      return;
    }
    const waiting = pending.get(message.id);
    if (!waiting) return; // came after its timeout
    pending.delete(message.id);
    clearTimeout(waiting.timer);
    if (message.ok === true) waiting.resolve(message.body ?? null);
    else waiting.reject(new BusError("HANDLER_FAILED", `node "${waiting.nodeId}" could not handle the request: ${String(message.error)}`, waiting.nodeId));
  };

  const ensureReplies = (): Promise<Unsubscribe> =>
    (replies ??= listen(repliesChannel, onReply).catch((error: unknown) => {
      replies = null;
      throw error;
    }));

  return {
    id,
    async publish(channel, message) {
      if (closed) throw new BusError("CLOSED", "the bus is closed");
      const full = keys.channel(channel);
      try {
        await transport.publish(full, JSON.stringify(message));
      } catch (error) {
        throw new BusError("UNAVAILABLE", `could not publish on ${channel}: ${messageOf(error)}`, null, { cause: error });
      }
    },

    async subscribe(channel, handler) {
      return listen(keys.channel(channel), (message) => handler(message, channel));
    },

    async request(nodeId, message, timeoutMs) {
      if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError(`timeoutMs must be positive, got ${timeoutMs}`);
      if (closed) throw new BusError("CLOSED", "the bus is closed", nodeId);
      const inbox = keys.inbox(nodeId);
      const correlation = randomUUID();
      return new Promise<Json>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(correlation);
          reject(new BusError("TIMEOUT", `request to node "${nodeId}" timed out after ${timeoutMs} ms`, nodeId));
        }, timeoutMs);
        pending.set(correlation, { nodeId, resolve, reject, timer });
        const envelope: Json = { kind: "request", id: correlation, replyTo: repliesChannel, body: message };
        ensureReplies()
          .then(() => (pending.has(correlation) ? transport.publish(inbox, JSON.stringify(envelope)) : undefined))
          .catch((error: unknown) => {
            if (!pending.delete(correlation)) return;
            clearTimeout(timer);
            reject(new BusError("UNAVAILABLE", `request to node "${nodeId}" could not be sent: ${messageOf(error)}`, nodeId, { cause: error }));
          });
      });
    },

    async serve(nodeId, handler) {
      if (serving.has(nodeId)) throw new Error(`this bus already serves node "${nodeId}"`);
      serving.add(nodeId);
      const replyPrefix = repliesChannel.slice(0, repliesChannel.length - id.length); // replies of any bus
      const answer = async (request: { id: string; replyTo: string; body: Json }) => {
        let reply: Json;
        try {
          reply = { kind: "reply", id: request.id, ok: true, body: (await handler(request.body)) ?? null };
        } catch (error) {
          reply = { kind: "reply", id: request.id, ok: false, error: messageOf(error) };
        }
        if (closed) return;
        await transport.publish(request.replyTo, JSON.stringify(reply)).catch(report);
      };
      let stop: Unsubscribe;
      try {
        stop = await listen(keys.inbox(nodeId), (message) => {
          if (!isObject(message) || message.kind !== "request" || typeof message.id !== "string" || typeof message.replyTo !== "string" || !message.replyTo.startsWith(replyPrefix)) {
            report(new Error(`dropped a malformed request to node "${nodeId}"`));
            return;
          }
          void answer({ id: message.id, replyTo: message.replyTo, body: message.body ?? null });
        });
      } catch (error) {
        serving.delete(nodeId);
        throw error;
      }
      return async () => {
        serving.delete(nodeId);
        await stop();
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const [correlation, waiting] of pending) {
        clearTimeout(waiting.timer);
        waiting.reject(new BusError("CLOSED", `request to node "${waiting.nodeId}" abandoned: the bus closed`, waiting.nodeId));
        pending.delete(correlation);
      }
      channels.clear();
      serving.clear();
      await transport.close();
    },
  };
}

function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
