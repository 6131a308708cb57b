/**
 * Are `a` and `b` the same JSON data (what JSON.parse gives: objects, arrays, strings, numbers,
 * booleans, null)? Objects are equal when they have the same own keys, in any order, with equal
 * values; arrays when they have the same length and equal items in order. Walks both side by side (a
 * JSON.stringify of each made two strings per comparison), with a stack of its own rather than
 * recursion, so that data nested deep by a server cannot exhaust the call stack.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  /** Pairs still to compare, flattened: [a0, b0, a1, b1, ...]. */
  const pending: unknown[] = [a, b];
  while (pending.length > 0) {
    const y = pending.pop();
    const x = pending.pop();
    if (x === y) continue;
    if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) pending.push(x[i], y[i]);
      continue;
    }
    if (Array.isArray(y)) return false;
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    let keys = 0;
    for (const key in xo) {
      if (!Object.hasOwn(yo, key)) return false;
      if (xo[key] !== yo[key]) pending.push(xo[key], yo[key]);
      keys++;
    }
    for (const _ in yo) keys--;
    if (keys !== 0) return false;
  }
  return true;
}
