/**
 * The generic fallback of a game the web app has no UI folder for (apps/web/src/lib/generic.ts): the
 * view field by field, game over when nobody is awaited, events as JSON lines, and raw commands checked
 * for the envelope's shape (what the server's protocol takes) before they are sent.
 */
import { gameCommand, type GameView } from "@bang/protocol";
import { describe, expect, it } from "vitest";
import { eventLine, isOver, parseRawCommand, viewFields } from "../src/lib/generic";

// A view of a made-up game: the shell knows nothing of it but the envelope's fields.
const players = [
  { id: "a", picked: false },
  { id: "b", picked: true },
];
const view = {
  viewer: { kind: "player", id: "a" },
  stateId: 4,
  waitingFor: ["a", "b"],
  round: 2,
  phase: "choosing",
  secretPicked: true,
  lastWinner: null,
  scores: [3, 1],
  players,
} as GameView;

describe("the fallback's view", () => {
  it("lists every field in the server's order but the viewer and who is awaited (said apart): plain values as they are, lists of objects a JSON line per item", () => {
    const fields = viewFields(view);
    expect(fields.map((f) => f.key)).toEqual(["stateId", "round", "phase", "secretPicked", "lastWinner", "scores", "players"]);
    expect(fields.find((f) => f.key === "round")).toEqual({ key: "round", text: "2", block: false });
    expect(fields.find((f) => f.key === "lastWinner")).toEqual({ key: "lastWinner", text: "null", block: false });
    expect(fields.find((f) => f.key === "scores")).toEqual({ key: "scores", text: "3, 1", block: false });
    const listed = fields.find((f) => f.key === "players")!;
    expect(listed.block).toBe(true);
    expect(listed.text.split("\n").map((line) => JSON.parse(line) as unknown)).toEqual(players);
    const nested = viewFields({ ...view, table: { pot: 3, cards: [1, 2] } } as GameView).find((f) => f.key === "table")!;
    expect(nested).toEqual({ key: "table", text: JSON.stringify({ pot: 3, cards: [1, 2] }, null, 2), block: true });
    expect(viewFields({ ...view, scores: [] } as GameView).find((f) => f.key === "scores")!.text).toBe("(none)");
  });

  it("is over exactly when nobody is awaited", () => {
    expect(isOver(view)).toBe(false);
    expect(isOver({ ...view, waitingFor: [] })).toBe(true);
  });

  it("writes an event as one JSON line", () => {
    const line = eventLine({ type: "picked", player: "b", round: 2 } as { type: string });
    expect(line).toBe('{"type":"picked","player":"b","round":2}');
    expect(line).not.toContain("\n");
  });
});

describe("raw commands", () => {
  it("sends a JSON object with a type as it is, which the protocol's envelope takes", () => {
    const parsed = parseRawCommand(' { "type": "pick", "card": 3 } ');
    expect(parsed).toEqual({ ok: true, command: { type: "pick", card: 3 } });
    if (parsed.ok) expect(gameCommand.safeParse(parsed.command).success).toBe(true);
  });

  it("says what is wrong, and sends nothing, for text that is no command", () => {
    const message = (text: string) => {
      const r = parseRawCommand(text);
      return r.ok ? null : r.message;
    };
    expect(message("{ type: pick }")).toMatch(/^not JSON/);
    expect(message("[1, 2]")).toContain("a JSON object");
    expect(message("null")).toContain("a JSON object");
    expect(message('{ "card": 3 }')).toContain('needs a "type"');
    expect(message('{ "type": "" }')).toContain('needs a "type"');
    expect(message('{ "type": "pick", "by": "b" }')).toContain("leave \"by\" out");
  });
});
