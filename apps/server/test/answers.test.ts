/**
 * The exactly-once memory's comparison (games/answers.ts, DESIGN 5): a repeat of an accepted command's
 * id is compared with the kept command itself (keys in any order: canonical JSON), a repeat of a
 * refused one with the stored fingerprint; the same id with another command is COMMAND_ID_REUSED.
 */
import type { CommandBase } from "@bang/game-core";
import { describe, expect, it } from "vitest";
import { fingerprintOf, repeatAnswer } from "../src/games/answers.js";

/** A command as the rules take it (with its `by`). */
const command = (fields: { type: string; by: string } & Record<string, unknown>) => fields as CommandBase;

describe("repeatAnswer (DESIGN 5)", () => {
  const kept = command({ type: "resolve", by: "p1", shots: [{ die: 0, target: "p2" }], beers: [] });

  it("an accepted id sent again with the same command, keys in another order, gets the first answer", () => {
    const prior = { command: kept, answer: { ok: true as const, seq: 4 } };
    expect(repeatAnswer(prior, command({ by: "p1", beers: [], shots: [{ target: "p2", die: 0 }], type: "resolve" }), "c-1")).toEqual({ ok: true, seq: 4 });
  });

  it("an accepted id sent with another command (another target, or another sender's by) is COMMAND_ID_REUSED", () => {
    const prior = { command: kept, answer: { ok: true as const, seq: 4 } };
    expect(repeatAnswer(prior, command({ ...kept, shots: [{ die: 0, target: "p3" }] }), "c-1")).toMatchObject({ ok: false, code: "COMMAND_ID_REUSED" });
    expect(repeatAnswer(prior, { ...kept, by: "p2" }, "c-1")).toMatchObject({ ok: false, code: "COMMAND_ID_REUSED" });
  });

  it("a refused id is compared by its stored fingerprint: the same command gets the refusal again, another is COMMAND_ID_REUSED", () => {
    const refusal = { ok: false as const, code: "NOT_YOUR_TURN" as const, message: "not your turn" };
    const prior = { fingerprint: fingerprintOf(kept), answer: refusal };
    expect(repeatAnswer(prior, command({ beers: [], shots: [{ target: "p2", die: 0 }], by: "p1", type: "resolve" }), "c-2")).toEqual(refusal);
    expect(repeatAnswer(prior, { type: "roll", by: "p1" }, "c-2")).toMatchObject({ ok: false, code: "COMMAND_ID_REUSED" });
  });

  it("the fingerprint is the stored format: sha1 of the canonical JSON, base64 (refusals stored before this change still match)", () => {
    expect(fingerprintOf({ type: "roll", by: "p1" })).toBe(fingerprintOf({ by: "p1", type: "roll" }));
    expect(fingerprintOf({ type: "roll", by: "p1" })).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  });
});
