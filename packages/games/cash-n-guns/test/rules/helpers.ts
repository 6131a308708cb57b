/** Test helpers: tables in chosen positions and commands played through the module's reducer. */
import { expect } from "vitest";
import { applyCommand, createCashNGuns, type Bullet, type CngCommand, type CngEvent, type CngSetup, type CngState, type Courage, type LootCard, type PlayerId } from "../../src/index.js";

/** A pile of 8 loot cards of round 1 in a fixed order. */
export const PILE: LootCard[] = ["bill_20000", "bill_10000", "bill_5000", "diamond_5000", "painting", "bill_10000", "bill_5000", "bill_20000"];

/** A table of `n` players a, b, c, ... with Godfather a and the first pile PILE (other setup fields may be given). */
export function table(n = 4, more: Partial<CngSetup> = {}): CngState {
  const ids = "abcdefgh".slice(0, n).split("");
  const created = createCashNGuns({ players: ids.map((id) => ({ id })), godfather: "a", lootPiles: [PILE], seed: 7, ...more });
  if (!created.ok) throw new Error(`${created.error.code}: ${created.error.message}`);
  return created.state;
}

/** Plays commands in order; each must be accepted. Returns the final state and every event. */
export function play(s: CngState, ...commands: CngCommand[]): { state: CngState; events: CngEvent[] } {
  const events: CngEvent[] = [];
  for (const c of commands) {
    const r = applyCommand(s, c);
    if (!r.ok) throw new Error(`${JSON.stringify(c)} refused: ${r.error.code}: ${r.error.message}`);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/** Expects `c` to be refused with `code` and the state left as it was. */
export function refused(s: CngState, c: CngCommand, code: string): void {
  const before = JSON.stringify(s);
  const r = applyCommand(s, c);
  expect(r.ok ? "accepted" : r.error.code).toBe(code);
  expect(JSON.stringify(s)).toBe(before);
}

export const bullet = (by: PlayerId, card: Bullet): CngCommand => ({ type: "choose_bullet", by, card });
export const aim = (by: PlayerId, target: PlayerId): CngCommand => ({ type: "aim", by, target });
export const courage = (by: PlayerId, choice: Courage): CngCommand => ({ type: "courage", by, choice });
export const take = (by: PlayerId, card: LootCard | "new_godfather"): CngCommand => ({ type: "take", by, card });
export const pass = (by: PlayerId): CngCommand => ({ type: "pass", by });

/**
 * Plays a round's first steps for every living player: `bullets` and `aims` (by player), the Godfather
 * passes when the privilege is offered, then `stands` (default: everyone stands; a player in `down`
 * lies down). Returns the state after the courage reveal and step 6.
 */
export function round(s: CngState, bullets: Record<PlayerId, Bullet>, aims: Record<PlayerId, PlayerId>, down: PlayerId[] = []): { state: CngState; events: CngEvent[] } {
  const alive = s.players.filter((p) => p.alive).map((p) => p.id);
  let r = play(s, ...alive.map((id) => bullet(id, bullets[id] ?? "click")), ...alive.map((id) => aim(id, aims[id]!)));
  const events = r.events.slice();
  if (r.state.phase === "godfather_privilege") {
    r = play(r.state, pass(r.state.godfather));
    events.push(...r.events);
  }
  r = play(r.state, ...alive.map((id) => courage(id, down.includes(id) ? "lie_down" : "stand")));
  return { state: r.state, events: [...events, ...r.events] };
}

/** The seat of `id` in `s`. */
export const seat = (s: CngState, id: PlayerId) => s.players.find((p) => p.id === id)!;
