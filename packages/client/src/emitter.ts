/** A map of event names to listener signatures. */
export type Listeners = { [name: string]: (...args: never[]) => void };

/**
 * A small typed event emitter (no Node dependency, so the SDK runs in browsers). A listener that throws
 * does not stop the others: the failure goes to `onListenerError`.
 */
export class Emitter<E extends Listeners> {
  private readonly listeners = new Map<keyof E, Set<E[keyof E]>>();

  constructor(private readonly onListenerError: (error: unknown, name: keyof E) => void) {}

  /** Adds a listener; returns the function that removes it. */
  on<K extends keyof E>(name: K, listener: E[K]): () => void {
    this.add(name, listener);
    return () => this.off(name, listener);
  }

  /** Adds a listener, removed with {@link off} (`on` without the remover to allocate). */
  add<K extends keyof E>(name: K, listener: E[K]): void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener);
  }

  /** Removes a listener added with {@link on}. */
  off<K extends keyof E>(name: K, listener: E[K]): void {
    this.listeners.get(name)?.delete(listener);
  }

  /** How many listeners `name` has. */
  count(name: keyof E): number {
    return this.listeners.get(name)?.size ?? 0;
  }

  /** Calls every listener of `name` in the order they were added. */
  emit<K extends keyof E>(name: K, ...args: Parameters<E[K]>): void {
    const set = this.listeners.get(name);
    if (!set || set.size === 0) return;
    // Listeners added or removed by a listener take effect at the next emit: iterate over a copy, but
    // a lone listener (a waiter, most of the time) needs none.
    if (set.size === 1) {
      for (const listener of set) {
        this.call(name, listener, args);
        break; // One added by the call is for the next emit.
      }
      return;
    }
    for (const listener of [...set]) this.call(name, listener, args);
  }

  private call<K extends keyof E>(name: K, listener: E[keyof E], args: Parameters<E[K]>): void {
    try {
      (listener as (...a: Parameters<E[K]>) => void)(...args);
    } catch (error) {
      this.onListenerError(error, name);
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.listeners.clear();
  }
}
