/**
 * The table kit's plain logic (apps/web/src/components/table): where the seats sit around the oval
 * (the viewer at the bottom, clockwise up the left side), what presence says of a seat, the countdown's
 * numbers, and the controls' input matching.
 */
import { describe, expect, it } from "vitest";
import { inputKey, isOffered } from "../../src/components/table/controls";
import { ringLayout, ringOrder, towardCenter } from "../../src/components/table/layout";
import { fractionLeft, hasPresence, peopleSeen, seatStatus, seatTimer, secondsLeft } from "../../src/components/table/presence";
import { NO_PRESENCE, type Presence } from "../../src/games/ui";

describe("the ring's layout", () => {
  it("puts the viewer first (a spectator: seat 0) and keeps the seat order", () => {
    const seats = ["a", "b", "c", "d", "e"].map((id) => ({ id }));
    expect(ringOrder(seats, "c").map((s) => s.id)).toEqual(["c", "d", "e", "a", "b"]);
    expect(ringOrder(seats, null).map((s) => s.id)).toEqual(["a", "b", "c", "d", "e"]);
    expect(ringOrder(seats, "zz").map((s) => s.id)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("seats 2 to 12 players on distinct rim cells, the first at the bottom centre, the next one up the left side (clockwise seen from above)", () => {
    for (let n = 2; n <= 12; n++) {
      const l = ringLayout(n);
      expect(l.slots).toHaveLength(n);
      expect(new Set(l.slots.map((c) => `${c.row},${c.col}`)).size, `n=${n}`).toBe(n);
      expect(l.slots[0]).toEqual({ row: l.rows, col: l.cols === 1 ? 1 : 2 });
      for (const c of l.slots) {
        // No seat on the centre.
        const inCenter = c.col === l.center.col && c.row >= l.center.row && c.row < l.center.row + l.center.rows;
        expect(inCenter, `n=${n} ${JSON.stringify(c)}`).toBe(false);
      }
      if (n >= 3) {
        expect(l.slots[1]!.col, `n=${n}: the next seat is on the viewer's left`).toBe(1);
        expect(l.slots[n - 1]!.col, `n=${n}: the previous seat on the right`).toBe(3);
      }
    }
    expect(ringLayout(8).slots).toHaveLength(8);
    expect(ringLayout(2).slots).toEqual([{ row: 3, col: 1 }, { row: 1, col: 1 }]);
  });

  it("points every seat to the centre", () => {
    const l = ringLayout(8);
    expect(towardCenter(l, { row: 3, col: 2 })).toEqual({ x: 0, y: -1 });
    expect(towardCenter(l, { row: 1, col: 1 })).toEqual({ x: 1, y: 1 });
  });
});

describe("presence on a seat", () => {
  const p: Presence = { away: ["b", "c"], replaced: ["c"], connected: ["a"], people: [], timers: [{ playerId: "a", endsAt: 10_000 }], turnMs: 60_000 };

  it("says away, replaced (an admin's choice wins), disconnected only for known persons once presence arrived", () => {
    const people = peopleSeen([], p);
    expect(people).toEqual(["a", "b", "c"]);
    expect(seatStatus(p, "a", people)).toBeNull();
    expect(seatStatus(p, "b", people)).toBe("away");
    expect(seatStatus(p, "c", people)).toBe("replaced");
    const gone: Presence = { ...p, away: [], replaced: [], connected: [] };
    expect(seatStatus(gone, "a", people)).toBe("offline");
    // A bot seat (never named by presence) is never marked; nothing before any presence.
    expect(seatStatus(gone, "bot", people)).toBeNull();
    expect(hasPresence(NO_PRESENCE)).toBe(false);
    expect(seatStatus(NO_PRESENCE, "a", people)).toBeNull();
    expect(peopleSeen(people, p)).toBe(people);
  });

  it("gives each running timer's seconds left and the part still to run", () => {
    const t = seatTimer(p, "a")!;
    expect(t).toEqual({ endsAt: 10_000, totalMs: 60_000 });
    expect(seatTimer(p, "b")).toBeNull();
    expect(secondsLeft(t.endsAt, 9_800)).toBe(1);
    expect(secondsLeft(t.endsAt, 12_000)).toBe(0);
    expect(secondsLeft(t.endsAt, -20_000)).toBe(30);
    expect(fractionLeft(t, -20_000)).toBeCloseTo(0.5);
    expect(fractionLeft(t, 20_000)).toBe(0);
    expect(fractionLeft({ endsAt: 1, totalMs: 0 }, 0)).toBe(0);
  });
});

describe("controls", () => {
  it("match an input whatever the order of its keys", () => {
    expect(inputKey({ b: 1, a: { d: 2, c: 3 } })).toBe(inputKey({ a: { c: 3, d: 2 }, b: 1 }));
    expect(isOffered([{ kind: "card", row: "near", column: 1 }], { column: 1, kind: "card", row: "near" })).toBe(true);
    expect(isOffered([{ kind: "card", row: "near", column: 1 }], { kind: "card", row: "far", column: 1 })).toBe(false);
  });
});
