import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkSeats, Differences, scenarioFileSchema, seatReferences, stepCommand } from "../src/index.js";

describe("scenario helpers (the formats' shared parts)", () => {
  const schema = scenarioFileSchema({
    setup: z.object({ players: z.array(z.object({ id: z.string() }).strict()) }).strict(),
    step: z.object({ by: z.string(), do: z.literal("move"), to: z.number(), faces: z.array(z.string()).optional() }).strict(),
    expect: { turn: z.string().optional() },
    refusals: ["WRONG_PHASE", "OFF_BOARD"],
  });

  it("a file has name, rules, setup, steps, expect; expect and rules default; rejected takes only the game's codes", () => {
    const parsed = schema.parse({ name: "n", setup: { players: [{ id: "a" }] }, steps: [] });
    expect(parsed).toEqual({ name: "n", rules: [], setup: { players: [{ id: "a" }] }, steps: [], expect: {} });
    expect(schema.safeParse({ name: "n", setup: { players: [] }, steps: [], expect: { rejected: { step: 0, code: "OFF_BOARD" } } }).success).toBe(true);
    const wrongCode = schema.safeParse({ name: "n", setup: { players: [] }, steps: [], expect: { rejected: { step: 0, code: "NO_SUCH_CODE" } } });
    expect(wrongCode.success).toBe(false);
    expect(wrongCode.error?.issues[0]?.path).toEqual(["expect", "rejected", "code"]);
    // Strict at every level: an unknown field is an error naming it.
    const extra = schema.safeParse({ name: "n", setup: { players: [] }, steps: [], expect: { winner: null } });
    expect(extra.success).toBe(false);
    expect(JSON.stringify(extra.error?.issues)).toMatch(/winner/);
  });

  it("a step is its command: `do` the type, `by` the author, the draw fields and undefined fields left out", () => {
    expect(stepCommand({ by: "a", do: "move", to: 3, faces: ["x"], note: undefined }, ["faces"])).toEqual({ type: "move", by: "a", to: 3 });
    expect(stepCommand({ by: "b", do: "pass" })).toEqual({ type: "pass", by: "b" });
  });

  it("the players an expectation names, with their fields; per-seat checks name the field and a missing seat", () => {
    expect(seatReferences({ players: { a: {}, z: {} }, turn: "b", winner: { players: ["c"] } })).toEqual([
      { field: "expect.players.a", id: "a" },
      { field: "expect.players.z", id: "z" },
      { field: "expect.turn", id: "b" },
      { field: "expect.winner.players[0]", id: "c" },
    ]);
    const found = new Differences();
    checkSeats(found, { a: { life: 3, alive: true }, q: { life: 1 } }, [{ id: "a", life: 2, alive: true }], ["life", "alive"]);
    expect(found.list).toEqual(["players.a.life: expected 3, got 2", "players.q: no such player"]);
  });
});
