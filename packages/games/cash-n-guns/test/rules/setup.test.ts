import { describe, expect, it } from "vitest";
import { createCashNGuns, dealPiles, LOOT_BOX, lootBox, seedRng, type LootCard } from "./imports.js";
import { table } from "./helpers.js";

const four = [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }];
const code = (r: ReturnType<typeof createCashNGuns>) => (r.ok ? "ok" : r.error.code);

describe("F1, F2: players, components, setup", () => {
  it("F1.1, F10.19: 4 to 8 players; 3 or 9 are refused with INVALID_SETUP", () => {
    for (let n = 4; n <= 8; n++) expect(code(createCashNGuns({ players: "abcdefgh".slice(0, n).split("").map((id) => ({ id })) }))).toBe("ok");
    expect(code(createCashNGuns({ players: four.slice(0, 3) }))).toBe("INVALID_SETUP");
    expect(code(createCashNGuns({ players: [...four, ...["e", "f", "g", "h", "i"].map((id) => ({ id }))] }))).toBe("INVALID_SETUP");
  });

  it("F1.3: the box holds 64 loot cards: 15/15/10 bills, 5/3/1 diamonds, 10 paintings, 3 clips, 2 first aid kits", () => {
    const box = lootBox();
    expect(box).toHaveLength(64);
    expect(LOOT_BOX).toEqual({ bill_5000: 15, bill_10000: 15, bill_20000: 10, diamond_1000: 5, diamond_5000: 3, diamond_10000: 1, painting: 10, clip: 3, first_aid_kit: 2 });
  });

  it("F2.3: the 64 cards are shuffled by the seed into 8 piles of 8; the same seed deals the same piles, another seed others", () => {
    const a = dealPiles(seedRng(1), lootBox());
    const b = dealPiles(seedRng(1), lootBox());
    const c = dealPiles(seedRng(2), lootBox());
    expect(a.piles).toHaveLength(8);
    expect(a.piles.every((p) => p.length === 8)).toBe(true);
    expect(a.piles.flat().sort()).toEqual(lootBox().sort());
    expect(a.piles).toEqual(b.piles);
    expect(c.piles).not.toEqual(a.piles);
  });

  it("F2.2, F1.4, F3.2: every player starts with 0 wounds, no loot, 5 click + 3 bang, an empty discard; pile 1 is on the table, the tile available, step bullet_choice", () => {
    const created = createCashNGuns({ players: four, seed: 11 });
    if (!created.ok) throw new Error(created.error.message);
    const s = created.state;
    for (const p of s.players) {
      expect(p).toMatchObject({ wounds: 0, loot: [], hand: { click: 5, bang: 3 }, discard: { click: 0, bang: 0 }, status: "standing", alive: true });
    }
    expect(s.round).toBe(1);
    expect(s.table).toHaveLength(8);
    expect(s.piles).toHaveLength(7);
    expect([...s.table, ...s.piles.flat()].sort()).toEqual(lootBox().sort());
    expect(s.tile).toBe("available");
    expect(s.phase).toBe("bullet_choice");
  });

  it("F2.4, F10.20: the first Godfather is drawn from the seed (each seat possible); a given Godfather is kept", () => {
    const drawn = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const r = createCashNGuns({ players: four, seed });
      if (r.ok) drawn.add(r.state.godfather);
    }
    expect([...drawn].sort()).toEqual(["a", "b", "c", "d"]);
    expect(table(4, { godfather: "c" }).godfather).toBe("c");
  });

  it("F11.1, F11.2, F11.3: power cards are not rules of record yet: a table with powers is refused; powers: false is accepted", () => {
    expect(code(createCashNGuns({ players: four, options: { powers: true } }))).toBe("INVALID_SETUP");
    expect(code(createCashNGuns({ players: four, options: { powers: false } }))).toBe("ok");
  });

  it("F1.3: a chosen position holding more cards of a kind than the box is refused", () => {
    const loot: LootCard[] = Array.from({ length: 11 }, () => "painting");
    expect(code(createCashNGuns({ players: [{ id: "a", loot }, { id: "b" }, { id: "c" }, { id: "d" }], godfather: "a" }))).toBe("INVALID_SETUP");
  });

  it("F3.4: a chosen position's hand must hold 9 − round cards; the discard is derived", () => {
    expect(code(createCashNGuns({ players: four.map((p) => ({ ...p, hand: { click: 4, bang: 3 } })), round: 2 }))).toBe("ok");
    expect(code(createCashNGuns({ players: four.map((p) => ({ ...p, hand: { click: 5, bang: 3 } })), round: 2 }))).toBe("INVALID_SETUP");
    const r = createCashNGuns({ players: four.map((p) => ({ ...p, hand: { click: 2, bang: 3 } })), round: 4 });
    expect(r.ok && r.state.players[0]!.discard).toEqual({ click: 3, bang: 0 });
  });
});
