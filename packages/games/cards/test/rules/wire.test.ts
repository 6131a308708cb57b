import { playMatch } from "@bang/game-core";
import { describe, expect, it } from "vitest";
import { cards, cardsCommand, type Command } from "../../src/index.js";
import { quickWellFormed } from "../../src/wire.js";

/**
 * The reducer's quick shape check (src/wire.ts) stands in for the zod schema on the hot path: whatever
 * it accepts, the schema must accept too (else a malformed command would skip its INVALID_COMMAND,
 * SCENARIOS-cards.md), and it must accept the commands games are made of (else it saves nothing).
 */
const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));

/** Every command of a few complete bot games of both kinds. */
function botCommands(): Command[] {
  const out: Command[] = [];
  for (let seed = 1; seed <= 12; seed++) {
    const kind = seed % 2 === 0 ? "heuristic" : "random";
    const { log } = playMatch(cards, { players: seats(4 + (seed % 4)), seed }, (id) => cards.bots[kind](seed * 17 + Number(id.slice(1))));
    out.push(...log.entries.map((e) => e.command));
  }
  return out;
}

const schemaAccepts = (command: unknown): boolean => {
  if (command === null || typeof command !== "object" || Array.isArray(command)) return cardsCommand.safeParse(command).success;
  const { by: _by, ...wire } = command as Record<string, unknown>;
  return cardsCommand.safeParse(wire).success;
};

/** Values a field may be changed to: of the wrong type, out of range, unknown ids, or right but of another field. */
const ODD_VALUES: unknown[] = [undefined, null, 0, 1, true, "", "x".repeat(65), "p1", "deck", "bang", "barrel", "bang_zz", "bang_ad", "missed_2s", [], ["bang_ad"], ["bang_ad", "missed_2s"], ["bang_ad", "bang_zz"], ["bang_ad", "missed_2s", "beer_6h"], Array.from({ length: 81 }, () => "bang_ad"), {}, { card: "bang_ad" }];
const TYPES = ["draw", "keep", "play", "respond", "barrel", "choose", "pass", "pick", "ability", "end", "discard", "jump", "", "constructor", "__proto__", "toString"];

/** Commands near `c`: a field removed, changed or added, another type. */
function variants(c: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  const keys = [...Object.keys(c), "from", "cards", "card", "target", "targetCard", "as", "source", "extra"];
  for (const key of Object.keys(c)) {
    const { [key]: _gone, ...rest } = c;
    out.push(rest);
  }
  for (const key of keys) for (const value of ODD_VALUES) out.push({ ...c, [key]: value });
  for (const type of TYPES) out.push({ ...c, type });
  out.push(Object.assign(Object.create({ card: "bang_ad" }), c), Object.assign(Object.create(null), c), [c], JSON.stringify(c));
  return out;
}

describe("the reducer's quick shape check (invariant 6: a malformed command is INVALID_COMMAND)", () => {
  const commands = botCommands();

  it("accepts every command of complete bot games, and the schema accepts each of them", () => {
    expect(commands.length).toBeGreaterThan(500);
    for (const c of commands) {
      expect(quickWellFormed(c), JSON.stringify(c)).toBe(true);
      expect(schemaAccepts(c), JSON.stringify(c)).toBe(true);
    }
  });

  it("accepts nothing the schema refuses, over thousands of commands near real ones", () => {
    const wrong: string[] = [];
    let refusedBoth = 0;
    let tried = 0;
    // Three commands of each shape (type and fields) are enough: the variants cover the rest.
    const seen = new Map<string, number>();
    for (const c of commands) {
      const key = c.type + JSON.stringify(Object.keys(c));
      if ((seen.get(key) ?? 0) >= 3) continue;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      for (const v of variants(c as unknown as Record<string, unknown>)) {
        tried++;
        const quick = quickWellFormed(v);
        const schema = schemaAccepts(v);
        if (quick && !schema) wrong.push(JSON.stringify(v));
        if (!quick && !schema) refusedBoth++;
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(tried).toBeGreaterThan(2000);
    expect(refusedBoth).toBeGreaterThan(1000);
  });

  it("a command the quick check does not vouch for is still judged by the schema: INVALID_COMMAND with the field, or accepted", () => {
    const created = cards.create({ players: seats(4), seed: 3 });
    if (!created.ok) throw new Error(created.error.message);
    const s = created.state;
    const me = cards.toAct(s)[0]!;
    // `from: undefined` is well formed for the schema (an absent option) but not for the quick check.
    expect(quickWellFormed({ type: "draw", by: me, from: undefined })).toBe(false);
    expect(cards.apply(s, { type: "draw", by: me, from: undefined }).ok).toBe(true);
    const bad = cards.apply(s, { type: "draw", by: me, from: "" } as Command);
    expect(bad.ok ? "accepted" : bad.error.code).toBe("INVALID_COMMAND");
    expect(bad.ok ? "" : bad.error.message).toMatch(/^from: /);
  });
});
