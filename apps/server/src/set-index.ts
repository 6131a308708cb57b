/**
 * A one-to-many index: each key to the set of values filed under it (a player to their sockets, games
 * or tables). Empty sets are dropped, so `has` says whether any value is filed under a key.
 */
export class SetIndex<K, V> {
  private readonly sets = new Map<K, Set<V>>();

  add(key: K, value: V): void {
    let set = this.sets.get(key);
    if (!set) this.sets.set(key, (set = new Set()));
    set.add(value);
  }

  delete(key: K, value: V): void {
    const set = this.sets.get(key);
    if (!set) return;
    set.delete(value);
    if (set.size === 0) this.sets.delete(key);
  }

  /** The values filed under `key`, in insertion order (a copy: safe to change the index meanwhile). */
  of(key: K): V[] {
    return [...(this.sets.get(key) ?? [])];
  }

  has(key: K): boolean {
    return this.sets.has(key);
  }

  clear(): void {
    this.sets.clear();
  }
}
