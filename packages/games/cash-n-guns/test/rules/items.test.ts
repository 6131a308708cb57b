import { describe, expect, it } from "vitest";
import { useClip, useFirstAidKit, type CngPlayer, type LootCard } from "./imports.js";
import { play, round, seat, table, take } from "./helpers.js";

const ring = { a: "b", b: "c", c: "d", d: "a" };
const pile: LootCard[] = ["clip", "first_aid_kit", "bill_5000", "bill_5000", "bill_5000", "bill_5000", "bill_5000", "bill_5000"];
const player = (over: Partial<CngPlayer>): CngPlayer => ({ id: "x", alive: true, wounds: 0, status: "standing", hand: { click: 3, bang: 2 }, discard: { click: 2, bang: 1 }, loot: [], bullet: null, shown: false, aimed: false, aim: null, courage: null, woundedNow: false, ...over });

describe("F6: clip and first aid kit", () => {
  it("F6.1, F10.6: a clip swaps a click from the hand for a bang from the player's own discard", () => {
    const p = player({});
    expect(useClip(p)).toEqual({ type: "clipResolved", player: "x", reloaded: true });
    expect(p.hand).toEqual({ click: 2, bang: 3 });
    expect(p.discard).toEqual({ click: 3, bang: 0 });
  });

  it("F6.1: without a click in hand or a bang in the discard the clip is lost", () => {
    const noBang = player({ discard: { click: 3, bang: 0 }, hand: { click: 2, bang: 3 } });
    expect(useClip(noBang)).toEqual({ type: "clipResolved", player: "x", reloaded: false });
    expect(noBang.hand).toEqual({ click: 2, bang: 3 });
    const noClick = player({ hand: { click: 0, bang: 2 }, discard: { click: 5, bang: 1 } });
    expect(useClip(noClick)).toEqual({ type: "clipResolved", player: "x", reloaded: false });
    expect(noClick.hand).toEqual({ click: 0, bang: 2 });
  });

  it("F6.2, F10.4: a first aid kit removes all wounds; with none it has no effect", () => {
    const hurt = player({ wounds: 2 });
    expect(useFirstAidKit(hurt)).toEqual({ type: "firstAidKitUsed", player: "x", healed: 2 });
    expect(hurt.wounds).toBe(0);
    const fine = player({});
    expect(useFirstAidKit(fine)).toEqual({ type: "firstAidKitUsed", player: "x", healed: 0 });
  });

  it("F6.3, F10.7: taken clips and kits are used up and leave play; a clip can bring back the bang played this round", () => {
    const s0 = table(4, { lootPiles: [pile], players: [{ id: "a", wounds: 1 }, { id: "b" }, { id: "c" }, { id: "d" }] });
    let s = round(s0, { a: "bang" }, ring).state;
    expect(seat(s, "a").discard).toEqual({ click: 0, bang: 1 });
    s = play(s, take("a", "clip")).state;
    expect(seat(s, "a").hand).toEqual({ click: 4, bang: 3 });
    expect(seat(s, "a").discard).toEqual({ click: 1, bang: 0 });
    s = play(s, take("c", "bill_5000"), take("d", "bill_5000"), take("a", "first_aid_kit")).state;
    expect(seat(s, "a").wounds).toBe(0);
    expect(seat(s, "a").loot).toEqual([]);
  });
});
