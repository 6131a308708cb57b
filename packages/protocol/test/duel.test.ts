import { createGame, duelCommandView, playerView, applyCommand, forcedSource, type DuelState } from "@bang/engine";
import { describe, expect, it } from "vitest";
import { parseClientMessage, parseServerMessage, tableOptions } from "../src/index.js";

const command = (c: unknown) => parseClientMessage(JSON.stringify({ type: "command", id: "c1", gameId: "g1", command: c }));
const refused = (c: unknown) => {
  const parsed = command(c);
  if (parsed.ok) throw new Error(`accepted ${JSON.stringify(c)}`);
  expect(parsed.code).toBe("INVALID_MESSAGE");
  return parsed.message;
};

describe("duel commands on the wire (RULES.md part D)", () => {
  it("R8.4 to R8.9 accepts the duel resolve, pick and effect from a client, and keeps their fields", () => {
    for (const c of [
      { type: "resolve", changes: [{ beer: 0, die: 4, face: "1" }], dynamite: { row: "near", column: 0 }, shots: [{ die: 4, column: 3 }], repairs: [1] },
      { type: "resolve" },
      { type: "pick", card: "renegade" },
      { type: "effect", cards: [{ row: "far", column: 0 }, { row: "near", column: 3 }] },
    ]) {
      expect(command(c)).toEqual({ ok: true, message: { type: "command", id: "c1", gameId: "g1", command: c } });
    }
  });

  it("R8.9 refuses pickTimeout from a client (the server's timer sends it) and a server-reserved command id", () => {
    expect(refused({ type: "pickTimeout" })).toContain("command.type");
    const reserved = parseClientMessage(JSON.stringify({ type: "command", id: "~bot:g1:3", gameId: "g1", command: { type: "roll" } }));
    expect(reserved.ok ? "accepted" : reserved.message).toMatch(/\bid\b/);
  });

  it("R8.9 refuses a bad card, a bad row or column, a by field and a mix of classic and duel fields, naming the field", () => {
    expect(refused({ type: "pick", card: "deputy" })).toContain("command.card");
    expect(refused({ type: "pick" })).toContain("command.card");
    expect(refused({ type: "pick", card: "outlaw", by: "b" })).toMatch(/by/);
    expect(refused({ type: "effect", cards: [{ row: "middle", column: 0 }] })).toContain("command.cards[0].row");
    expect(refused({ type: "resolve", shots: [{ die: 1, column: 4 }] })).toContain("command.shots[0]");
    expect(refused({ type: "resolve", repairs: [1, 2, 3] })).toContain("command.repairs");
    expect(refused({ type: "resolve", shots: [{ die: 1, column: 2 }], beers: [] })).toMatch(/mixes classic fields/);
    expect(refused({ type: "resolve", beers: [] })).toContain("command.shots");
    // The classic resolve is unchanged.
    expect(command({ type: "resolve", shots: [{ die: 1, target: "b" }], beers: [] }).ok).toBe(true);
  });

  it("R8.1 a duel table has exactly 2 seats; a classic table 3 to 8", () => {
    expect(tableOptions.safeParse({ mode: "duel", seats: 2 }).success).toBe(true);
    expect(tableOptions.safeParse({ mode: "duel", seats: 3 }).success).toBe(false);
    expect(tableOptions.safeParse({ seats: 2 }).success).toBe(false);
    expect(tableOptions.safeParse({ seats: 5 }).data?.mode).toBe("classic");
  });

  it("R8.9 a server event with a hidden pick and a duel view parses; the view's own schema is strict", () => {
    const created = createGame({ mode: "duel", players: [{ id: "a" }, { id: "b" }], turn: "a" });
    if (!created.ok) throw new Error(created.error.message);
    let s: DuelState = created.state;
    const step = (c: Parameters<typeof applyCommand>[1], dice?: Parameters<typeof forcedSource>[0]) => {
      const r = applyCommand(s, c as never, forcedSource(dice ?? []));
      if (!r.ok) throw new Error(r.error.message);
      s = r.state as DuelState;
      return r.events;
    };
    step({ type: "roll", by: "a" }, [["gatling", "gatling", "dynamite", "arrow", "dynamite"]]);
    step({ type: "stop", by: "a" });
    const events = step({ type: "pick", by: "a", card: "sheriff" });
    const viewer = { kind: "player", id: "b" } as const;
    const message = { type: "event", gameId: "g", seq: 3, by: "a", command: duelCommandView(s, { type: "pick", card: "sheriff" }, "a", viewer), events, view: playerView(s, viewer) };
    expect(message.command).toEqual({ type: "pick" });
    expect(parseServerMessage(JSON.stringify(message))).toMatchObject({ ok: true });
    const leaked = { ...message, view: { ...message.view, secret: 1 } };
    expect(parseServerMessage(JSON.stringify(leaked))).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
  });
});
