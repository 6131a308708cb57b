import { describe, expect, it } from "vitest";
import { CARD_IDS, DECK, cardInfo, createGame, explodesDynamite, isHeart, type GameSetup } from "../../src/index.js";
import { p, seats } from "./helpers.js";

const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));

describe("E2 the deck", () => {
  it("E2.1, E2.2, E11.16: 80 distinct cards, 20 of each suit, with the counts of the table", () => {
    expect(CARD_IDS).toHaveLength(80);
    expect(new Set(CARD_IDS).size).toBe(80);
    for (const suit of ["spades", "hearts", "diamonds", "clubs"]) expect(DECK.filter((c) => c.suit === suit)).toHaveLength(20);
    const count = (kind: string) => DECK.filter((c) => c.kind === kind).length;
    expect([count("bang"), count("missed"), count("beer"), count("panic"), count("cat_balou"), count("jail"), count("schofield")]).toEqual([25, 12, 6, 4, 4, 3, 3]);
    expect(CARD_IDS).toContain("stagecoach_9s_2");
    expect(cardInfo("bang_10d")).toEqual({ id: "bang_10d", kind: "bang", suit: "diamonds", rank: "10" });
  });

  it("E2.1, E2.3: exactly 10 cards make the Dynamite explode (2 to 9 of spades) and 20 are hearts", () => {
    const boom = CARD_IDS.filter(explodesDynamite).sort();
    expect(boom).toEqual(["missed_2s", "missed_3s", "missed_4s", "missed_5s", "missed_6s", "missed_7s", "missed_8s", "stagecoach_9s", "stagecoach_9s_2", "winchester_8s"]);
    expect(explodesDynamite("jail_10s")).toBe(false);
    expect(explodesDynamite("volcanic_10s")).toBe(false);
    expect(CARD_IDS.filter(isHeart)).toHaveLength(20);
  });
});

describe("E1 setup", () => {
  it("E1.1: roles by player count; fewer than 4 or more than 7 refused", () => {
    for (const [n, roles] of [[4, "outlaw,outlaw,renegade,sheriff"], [5, "deputy,outlaw,outlaw,renegade,sheriff"], [6, "deputy,outlaw,outlaw,outlaw,renegade,sheriff"], [7, "deputy,deputy,outlaw,outlaw,outlaw,renegade,sheriff"]] as const) {
      const created = createGame({ players: ids(n), seed: n });
      expect(created.ok).toBe(true);
      if (created.ok) expect(created.state.players.map((x) => x.role).sort().join(",")).toBe(roles);
    }
    for (const n of [3, 8]) {
      const created = createGame({ players: ids(n), seed: 1 });
      expect(created.ok ? "ok" : created.error.code).toBe("INVALID_SETUP");
    }
  });

  it("E1.2: 8 players only with the option eightPlayers: 2 renegades", () => {
    const created = createGame({ players: ids(8), seed: 3, options: { eightPlayers: true } });
    expect(created.ok).toBe(true);
    if (created.ok) expect(created.state.players.filter((x) => x.role === "renegade")).toHaveLength(2);
  });

  it("E1.4, E1.6, E1.7: distinct characters, life = bullets (+1 sheriff), one card per life point, the sheriff plays first", () => {
    const created = createGame({ players: ids(7), seed: 42 });
    if (!created.ok) throw new Error(created.error.message);
    const s = created.state;
    expect(new Set(s.players.map((x) => x.character)).size).toBe(7);
    for (const x of s.players) {
      const bullets = x.character === "el_gringo" || x.character === "paul_regret" ? 3 : 4;
      expect(x.maxLife).toBe(bullets + (x.role === "sheriff" ? 1 : 0));
      expect(x.life).toBe(x.maxLife);
    }
    const sheriff = s.players[s.turn]!;
    expect(sheriff.role).toBe("sheriff");
    // E1.6: hands are dealt; the game waits for the sheriff's phase 1.
    expect(s.phase).toBe("draw");
    for (const x of s.players) expect(x.hand.length).toBe(x.life);
    expect(s.deck.length + s.players.reduce((n, x) => n + x.hand.length, 0)).toBe(80);
  });

  it("E1.1, E1.4: a wrong role split, a repeated character or card is INVALID_SETUP", () => {
    const bad = (setup: Partial<GameSetup>) => {
      const created = createGame({ players: seats(), deck: [], ...setup });
      return created.ok ? "ok" : created.error.code;
    };
    expect(bad({ players: seats({ b: { role: "deputy" } }) })).toBe("INVALID_SETUP");
    expect(bad({ players: seats({ b: { character: "black_jack" } }) })).toBe("INVALID_SETUP");
    expect(bad({ players: seats({ a: { hand: ["bang_ad"] }, b: { hand: ["bang_ad"] } }) })).toBe("INVALID_SETUP");
    expect(bad({ players: seats({ a: { alive: false } }) })).toBe("INVALID_SETUP");
    expect(bad({})).toBe("ok");
  });

  it("E1.8: there is no firstGame option: the table options refuse it", async () => {
    const { cardsOptions } = await import("../../src/index.js");
    expect(cardsOptions.safeParse({ firstGame: true }).success).toBe(false);
    expect(cardsOptions.safeParse({ eightPlayers: false }).success).toBe(true);
  });

  it("E1.3: the sheriff's role is public, the others' hidden until eliminated", async () => {
    const { playerView } = await import("../../src/index.js");
    const created = createGame({ players: seats({ c: { alive: false } }), deck: [] });
    if (!created.ok) throw new Error(created.error.message);
    const view = playerView(created.state, { kind: "player", id: "b" });
    expect(view.players.map((x) => x.role)).toEqual(["sheriff", "outlaw", "renegade", null]);
    expect(p(created.state, "c").life).toBe(0);
  });
});
