/**
 * What an event frame needs to carry a view's changes instead of the view (hello feature
 * `viewChanges`, docs/protocol.md#features): the last view a game showed each viewer, and the
 * top-level keys in which the next view differs from it.
 */
import { dequal } from "dequal/lite";

/** A view a game made for one viewer, and the seq of the entry it is the view after. */
export interface ShownView {
  seq: number;
  view: Record<string, unknown>;
}

/**
 * The last view a game made for each viewer key (frames.ts viewerKey), with its seq: what the view of
 * the next entry is compared with. One view per key, and a game has few keys (its seats, the
 * spectators, the admins), so this holds at most a view per seat and two more; the room clears it when
 * it ends. A view is a pure function of the state and the viewer, so the view recorded for seq s is
 * the view any socket of that viewer got (or would get) at s, whichever socket it was made for.
 */
export class LastViews {
  private readonly byKey = new Map<string, ShownView>();

  /** Records `view` as the view of `key` at `seq`, and returns the one it replaces (undefined: none yet). */
  swap(key: string, seq: number, view: Record<string, unknown>): ShownView | undefined {
    const before = this.byKey.get(key);
    this.byKey.set(key, { seq, view });
    return before;
  }

  /** How many viewers have a view recorded. */
  get size(): number {
    return this.byKey.size;
  }

  /** Forgets every view (the game ended, or its room is gone). */
  clear(): void {
    this.byKey.clear();
  }
}

/**
 * The top-level keys of `next` whose value is not structurally equal to the same key's in `previous`
 * (plain JSON values: dequal), each with `next`'s value, in `next`'s key order; so `{...previous,
 * ...changes}` is `next`. Null when a key of `previous` is gone from `next` (or became undefined,
 * which JSON drops): changes cannot remove a key, the whole view must go instead. A key of `next` whose
 * value is undefined is left out (JSON would drop it).
 */
export function viewChangesOf(previous: Record<string, unknown>, next: Record<string, unknown>): Record<string, unknown> | null {
  for (const key in previous) if (previous[key] !== undefined && next[key] === undefined) return null;
  const changes: Record<string, unknown> = {};
  for (const key in next) {
    const value = next[key];
    if (value !== undefined && !dequal(previous[key], value)) changes[key] = value;
  }
  return changes;
}
