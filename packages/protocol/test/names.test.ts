import { describe, expect, it } from "vitest";
import { LIMITS, PLAYER_NAME_PATTERN, PLAYER_NAME_RULE, frameRefOf, playerName } from "../src/index.js";

/** The pattern as Ajv compiles a JSON Schema `pattern` (the server's POST /api/guests). */
const pattern = new RegExp(PLAYER_NAME_PATTERN, "u");

const good = ["mona", "  mona  ", "Zoë", "李小龙", "عمر", "x", "R2-D2", "🤠", "👨‍👩‍👧", "❤️", "a b", "...", "n".repeat(LIMITS.maxNameLength)];
const invisible = [
  "",
  "   ",
  "\u200b",
  "\u202e\u200b",
  "\u200b\u200c\u200d\u2060\ufeff",
  "\u00ad",
  "\u3164",
  "\u115f\u1160",
  "\uffa0",
  "\u2800",
  "\u3000\u00a0",
  "\u0301\u0301",
  "\u{e0041}\u{e0042}",
];
const withControls = [
  "\u202eevil",
  "ab\u202acd",
  "ab\u202bcd",
  "ab\u202ccd",
  "ab\u202dcd",
  "ab\u2066cd\u2069",
  "ab\u2067cd",
  "ab\u2068cd",
  "ab\u200fcd",
  "ab\u061ccd",
  "a\u0000b",
  "tab\there",
  "new\nline",
  "bell\u0007",
  "del\u007f",
  "c1\u0085",
  "line\u2028sep",
  "para\u2029sep",
  "lone\ud800",
];

describe("player names", () => {
  it("accepts visible names in any script, emoji sequences included, and trims the spaces around them", () => {
    for (const name of good) {
      expect(playerName.safeParse(name).success, JSON.stringify(name)).toBe(true);
      expect(pattern.test(name), JSON.stringify(name)).toBe(true);
    }
    expect(playerName.parse("  mona  ")).toBe("mona");
  });

  it("refuses names made only of spaces, invisible, format or combining characters", () => {
    for (const name of invisible) {
      expect(playerName.safeParse(name).success, JSON.stringify(name)).toBe(false);
      expect(pattern.test(name), JSON.stringify(name)).toBe(false);
    }
    const refused = playerName.safeParse("\u202e\u200b");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(PLAYER_NAME_RULE);
  });

  it("refuses bidirectional overrides, embeddings, isolates and marks, and control characters, even beside visible ones", () => {
    for (const name of withControls) {
      expect(playerName.safeParse(name).success, JSON.stringify(name)).toBe(false);
      expect(pattern.test(name), JSON.stringify(name)).toBe(false);
    }
  });

  it("counts the length in characters (code points), as JSON Schema does", () => {
    expect(playerName.safeParse("🤠".repeat(LIMITS.maxNameLength)).success).toBe(true);
    const long = playerName.safeParse("n".repeat(LIMITS.maxNameLength + 1));
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toMatch(/1 to 24 characters/);
  });
});

describe("frameRefOf", () => {
  it("reads the well-formed rid, or a command's id and gameId, of a frame without checking the rest", () => {
    expect(frameRefOf(JSON.stringify({ type: "ping", rid: "r1" }))).toEqual({ rid: "r1" });
    expect(frameRefOf(Buffer.from(JSON.stringify({ type: "joinTable", rid: "r2", code: 7 })))).toEqual({ rid: "r2" });
    expect(frameRefOf(JSON.stringify({ type: "command", id: "c1", gameId: "g1", command: { type: "nope" } }))).toEqual({ id: "c1", gameId: "g1" });
    expect(frameRefOf(JSON.stringify({ type: "ping", id: "c1", gameId: "g1" }))).toEqual({});
    expect(frameRefOf(JSON.stringify({ type: "ping", rid: "" }))).toEqual({});
    expect(frameRefOf("{nope")).toEqual({});
    expect(frameRefOf("[1]")).toEqual({});
    expect(frameRefOf("null")).toEqual({});
    expect(frameRefOf(JSON.stringify({ type: "ping", rid: "r3", pad: "x".repeat(LIMITS.maxFrameBytes) }))).toEqual({});
  });
});
