import { describe, it } from "vitest";
import type { Command } from "../../src/index.js";
import { position, refused, run, seats } from "./helpers.js";

/** SCENARIOS-cards.md error codes, in their order: each refusal leaves the state exactly as it was. */
describe("refusals (SCENARIOS-cards.md error codes)", () => {
  const s = position({ players: seats({ a: { hand: ["bang_ad", "missed_2s", "jail_js", "barrel_qs"], inPlay: ["barrel_ks"] }, b: { hand: ["missed_3s"] } }), deck: ["beer_6h", "bang_2d"] });

  it("INVALID_COMMAND: malformed commands, unknown card ids and unknown players", () => {
    refused(s, { type: "play", by: "a", card: "bang_zz" } as Command, "INVALID_COMMAND");
    refused(s, { type: "play", by: "a", card: "bang_ad", target: "zed" }, "INVALID_COMMAND");
    refused(s, { type: "jump", by: "a" } as unknown as Command, "INVALID_COMMAND");
    refused(s, { type: "end", by: "nobody" }, "INVALID_COMMAND");
    refused(s, { type: "keep", by: "a", cards: ["bang_ad"] }, "INVALID_COMMAND");
  });

  it("NOT_YOUR_TURN and WRONG_PHASE", () => {
    refused(s, { type: "end", by: "b" }, "NOT_YOUR_TURN");
    refused(s, { type: "respond", by: "a", card: "missed_2s" }, "WRONG_PHASE");
    refused(s, { type: "draw", by: "a" }, "WRONG_PHASE");
    const shot = run(s, { type: "play", by: "a", card: "bang_ad", target: "b" });
    refused(shot, { type: "end", by: "a" }, "NOT_YOUR_TURN");
    refused(shot, { type: "end", by: "b" }, "WRONG_PHASE");
  });

  it("E3.3 NOT_IN_HAND, E3.7 NOT_PLAYABLE, E6.1 a barrel source the player lacks", () => {
    refused(s, { type: "play", by: "a", card: "beer_6h" }, "NOT_IN_HAND");
    refused(s, { type: "play", by: "a", card: "missed_2s" }, "NOT_PLAYABLE");
    const shot = run(s, { type: "play", by: "a", card: "bang_ad", target: "b" });
    refused(shot, { type: "barrel", by: "b", source: "barrel" }, "NOT_PLAYABLE");
    refused(shot, { type: "respond", by: "b", card: "missed_2s" }, "NOT_IN_HAND");
  });

  it("E5.12 INVALID_TARGET, E2.9 DUPLICATE_IN_PLAY", () => {
    refused(s, { type: "play", by: "a", card: "bang_ad" }, "INVALID_TARGET");
    refused(s, { type: "play", by: "a", card: "bang_ad", target: "a" }, "INVALID_TARGET");
    refused(s, { type: "play", by: "a", card: "barrel_qs", target: "b" }, "INVALID_TARGET");
    refused(s, { type: "play", by: "a", card: "barrel_qs" }, "DUPLICATE_IN_PLAY");
  });

  it("E3.4 WRONG_DISCARD_COUNT: phase 3 discards exactly the excess", () => {
    const d = run(position({ players: seats({ a: { life: 1, hand: ["bang_ad", "missed_2s", "beer_6h"] } }) }), { type: "end", by: "a" });
    refused(d, { type: "discard", by: "a", cards: ["bang_ad"] }, "WRONG_DISCARD_COUNT");
    refused(d, { type: "discard", by: "a", cards: ["bang_2d", "bang_ad"] }, "NOT_IN_HAND");
    run(d, { type: "discard", by: "a", cards: ["bang_ad", "missed_2s"] });
  });
});
