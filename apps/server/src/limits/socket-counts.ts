/**
 * How many WebSockets a client holds, per key (an address or a player), for the socket budgets of the
 * gateway (SOCKETS_PER_ADDRESS, SOCKETS_PER_PLAYER; issue 18). On one node the counts are in memory; on
 * a cluster they are in Redis (cluster/socket-counts.ts) so that a budget holds across the nodes. The
 * same counts keep the table starts under way per person (GAMES_PER_PLAYER, tables/registry.ts).
 */
export interface SocketCounts {
  /**
   * Counts one more socket of `key`; resolves with the sockets `key` holds now, this one included (on a
   * cluster: on every live node). Rejects when the count cannot be read (Redis down): the caller lets
   * the socket in rather than refuse everyone.
   */
  add(key: string): Promise<number>;
  /** One socket of `key` fewer (one `add` that resolved). */
  remove(key: string): void;
}

/** Socket counts of a single node, in memory: a key without a socket takes no memory. */
export function memorySocketCounts(): SocketCounts {
  const counts = new Map<string, number>();
  return {
    add: async (key) => {
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      return n;
    },
    remove: (key) => {
      const n = (counts.get(key) ?? 0) - 1;
      if (n > 0) counts.set(key, n);
      else counts.delete(key);
    },
  };
}
