/**
 * Watches whether this node still reaches the cluster's Redis, from its heartbeats. A node that has not
 * reached Redis for longer than a lease holds no game any more (its leases expired by its own clock),
 * and every command of its sockets is answered RETRY. If other nodes still serve (their /readyz says
 * ready: this node alone is cut off), its players are better served elsewhere: the node then reports
 * that it is isolated, so that it closes its sockets and refuses new ones and clients reconnect through
 * the balancer to a healthy node. When every node lost Redis, nobody is isolated: sockets stay and
 * commands keep getting RETRY until Redis is back. The nodes notice a common loss up to a heartbeat
 * apart, so the first one to notice would still find the others ready: the peers are asked only once
 * `confirmMs` have passed since this node noticed, by when a peer that lost Redis too says so.
 */

/** What the watch needs and whom it tells. */
export interface RedisWatchOptions {
  /** How long without a heartbeat Redis took before Redis counts as lost, in ms (the lease TTL). */
  lostAfterMs: number;
  /** How often the watch checks, in ms (the heartbeat). */
  everyMs: number;
  /** How long after noticing the loss the peers are first asked, in ms; default 2 everyMs + 1000. */
  confirmMs?: number;
  /** The other nodes' base URLs as the membership last listed them (null: Redis does not answer now). */
  peers(): Promise<string[] | null>;
  /** Is the node at `url` ready (GET /readyz answers 200 within a second)? */
  ready(url: string): Promise<boolean>;
  /** This node lost Redis while other nodes still serve (called once per loss). */
  onIsolated(): void;
  /** Redis answers again after a loss. */
  onBack(): void;
}

export interface RedisWatch {
  /** A heartbeat went through (call from the membership's onBeat). */
  ok(): void;
  /** Redis has not answered for longer than lostAfterMs. */
  readonly lost: boolean;
  /** Lost, and at least one other node was ready when last asked. */
  readonly isolated: boolean;
  stop(): void;
}

/** Starts the watch (see the file's comment); stop() ends its timer. */
export function watchRedis(o: RedisWatchOptions): RedisWatch {
  const confirmMs = o.confirmMs ?? 2 * o.everyMs + 1000;
  let lastOk = performance.now();
  let lostAt = 0;
  let lost = false;
  let isolated = false;
  let known: string[] = [];
  let checking = false;

  const check = async () => {
    if (!lost) {
      // Remember the others while Redis answers: once it does not, they are asked directly.
      const peers = await o.peers().catch(() => null);
      if (peers) known = peers;
      if (performance.now() - lastOk <= o.lostAfterMs) return;
      lost = true;
      lostAt = performance.now();
    }
    if (isolated || known.length === 0 || performance.now() - lostAt < confirmMs) return;
    const answers = await Promise.all(known.map((url) => o.ready(url).catch(() => false)));
    if (lost && !isolated && answers.some(Boolean)) {
      isolated = true;
      o.onIsolated();
    }
  };
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void check().finally(() => {
      checking = false;
    });
  }, o.everyMs);
  timer.unref();

  return {
    ok() {
      lastOk = performance.now();
      if (!lost) return;
      lost = false;
      isolated = false;
      o.onBack();
    },
    get lost() {
      return lost;
    },
    get isolated() {
      return isolated;
    },
    stop: () => clearInterval(timer),
  };
}
