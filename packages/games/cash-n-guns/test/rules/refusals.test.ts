import { describe, expect, it } from "vitest";
import type { CngCommand } from "./imports.js";
import { bullet, refused, round, table, take } from "./helpers.js";

describe("F9.2: refusals, in their order of checks; a refused command changes nothing", () => {
  it("F9.2 (1) INVALID_COMMAND: an unknown command, an unknown sender, a value outside the command's set", () => {
    const s = table();
    refused(s, { type: "shoot", by: "a" } as unknown as CngCommand, "INVALID_COMMAND");
    refused(s, bullet("zed", "click"), "INVALID_COMMAND");
    refused(s, { type: "choose_bullet", by: "a", card: "gatling" } as unknown as CngCommand, "INVALID_COMMAND");
    refused(s, { type: "courage", by: "a", choice: "run" } as unknown as CngCommand, "INVALID_COMMAND");
    refused(s, { type: "take", by: "a", card: "gold" } as unknown as CngCommand, "INVALID_COMMAND");
    refused(s, { type: "aim", by: "a" } as unknown as CngCommand, "INVALID_COMMAND");
  });

  it("F9.2 (2) NOT_ELIGIBLE before WRONG_PHASE: a dead sender", () => {
    const s = table(5, { players: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }, { id: "e", alive: false }] });
    refused(s, take("e", "bill_5000"), "NOT_ELIGIBLE");
  });

  it("F9.2 (3) WRONG_PHASE: a command of another step", () => {
    refused(table(), take("a", "bill_5000"), "WRONG_PHASE");
    refused(table(), { type: "pass", by: "a" }, "WRONG_PHASE");
  });

  it("F9.2 (4) NOT_ELIGIBLE before (5) NOT_YOUR_TURN: a take from a player who lay down", () => {
    const s = round(table(), {}, { a: "b", b: "c", c: "d", d: "a" }, ["c"]).state;
    refused(s, take("c", "bill_5000"), "NOT_ELIGIBLE");
    refused(s, take("b", "bill_5000"), "NOT_YOUR_TURN");
  });

  it("F9.2 (5) NOT_YOUR_TURN before (7) NO_SUCH_CARD; F8.10: the code never depends on another player's secret", () => {
    const s = round(table(), {}, { a: "b", b: "c", c: "d", d: "a" }).state;
    refused(s, take("b", "clip"), "NOT_YOUR_TURN");
    refused(s, take("a", "clip"), "NO_SUCH_CARD");
  });
});
