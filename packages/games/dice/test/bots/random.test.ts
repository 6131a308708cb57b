import { describe, expect, it } from "vitest";
import { playMatch } from "@bang/game-core";
import { applyCommand, CHARACTERS, createRandomBot, dice, type Character, type Command, type GameState } from "../../src/index.js";
import { play, rolled, table, viewOf } from "./positions.js";

/** The random bot's command for the player the game waits for; fails the test if the engine refuses it. */
function accepted(state: GameState, seed: number): Command {
  const me = state.phase === "reaction" ? state.reaction!.player : state.players[state.turn]!.id;
  const command = createRandomBot(seed).choose(viewOf(state, me), me);
  const result = applyCommand(state, command);
  expect(result.ok ? null : `${JSON.stringify(command)}: ${result.error.code}: ${result.error.message}`).toBeNull();
  return command;
}

/** Tables whose seats hold the characters with choices (C1, C2, C3, C7, C8, C11, C12, C13, C16) and the rest. */
const WITH_CHOICES: Character[] = ["bart_cassidy", "kit_carlson", "slab_the_killer", "sid_ketchum", "black_jack", "lucky_duke", "calamity_janet", "rose_doolan"];
const OTHERS = CHARACTERS.filter((c) => !WITH_CHOICES.includes(c));

describe("the random bot plays only legal commands", () => {
  it("C1 C7 C12 C13 every command of games with every character is accepted, and each optional choice is made sometimes", () => {
    const used = { heal: 0, react: 0, reactArrows: 0, slab: 0, discards: 0, reroll: 0, stop: 0 };
    for (let seed = 0; seed < 160; seed++) {
      const n = 3 + (seed % 6);
      const pool = seed % 2 ? WITH_CHOICES : OTHERS;
      const players = Array.from({ length: n }, (_, i) => ({ id: `p${i}`, character: pool[(i + seed) % pool.length] }));
      playMatch(dice, { players, seed }, (id) => createRandomBot(seed * 8 + Number(id.slice(1))), {
        onStep: (_state, c) => {
          if (c.type === "heal") used.heal++;
          if (c.type === "react") {
            used.react++;
            used.reactArrows += c.arrows;
          }
          if (c.type === "resolve" && c.slab) used.slab++;
          if (c.type === "resolve" && c.arrowDiscards?.length) used.discards++;
          if (c.type === "reroll") used.reroll++;
          if (c.type === "stop") used.stop++;
        },
      });
    }
    for (const [choice, count] of Object.entries(used)) expect([choice, count > 0]).toEqual([choice, true]);
  });

  it("C7 Kit Carlson's random discards never name a player more times than their arrows", () => {
    const state = table(
      [
        { id: "s", role: "sheriff", arrows: 1 },
        { id: "k", role: "outlaw", character: "kit_carlson" },
        { id: "d", role: "deputy", arrows: 2 },
        { id: "r", role: "renegade" },
        { id: "o", role: "outlaw" },
      ],
      "k",
    );
    const resolving = rolled(state, ["gatling", "gatling", "gatling", "1", "beer"], true);
    let discards = 0;
    for (let seed = 0; seed < 200; seed++) {
      const c = accepted(resolving, seed);
      if (c.type === "resolve") discards += c.arrowDiscards?.length ?? 0;
    }
    expect(discards).toBeGreaterThan(0);
  });

  it("C13 Slab the Killer's random double is always a legal pair", () => {
    const state = table([{ id: "s", role: "sheriff", character: "slab_the_killer" }, { id: "o", role: "outlaw" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }], "s");
    const resolving = rolled(state, ["1", "2", "beer", "beer", "dynamite"], true);
    const slabs = new Set<string>();
    for (let seed = 0; seed < 100; seed++) {
      const c = accepted(resolving, seed);
      if (c.type === "resolve" && c.slab) slabs.add(`${c.slab.beer}:${c.slab.shot}`);
    }
    expect([...slabs].sort()).toEqual(["2:0", "2:1", "3:0", "3:1"]);
  });

  it("C1 Bart Cassidy's random answer stays within 0..max", () => {
    const state = table([{ id: "s", role: "sheriff" }, { id: "b", role: "outlaw", character: "bart_cassidy" }, { id: "r", role: "renegade" }, { id: "o", role: "outlaw" }], "s");
    const resolving = rolled(state, ["1", "1", "arrow", "dynamite", "gatling"], true);
    const reaction = play(resolving, { type: "resolve", by: "s", shots: [{ die: 0, target: "b" }, { die: 1, target: "b" }], beers: [] });
    const answers = new Set<number>();
    for (let seed = 0; seed < 60; seed++) {
      const c = accepted(reaction, seed);
      if (c.type === "react") answers.add(c.arrows);
    }
    expect([...answers].sort()).toEqual([0, 1, 2]);
  });

  it("R2.1 R2.3 rerolls are non-empty subsets of the rerollable dice, never a locked dynamite", () => {
    const state = rolled(table([{ id: "s", role: "sheriff" }, { id: "o", role: "outlaw" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }], "s"), ["dynamite", "dynamite", "1", "beer", "gatling"]);
    const subsets = new Set<string>();
    for (let seed = 0; seed < 300; seed++) {
      const c = accepted(state, seed);
      if (c.type === "reroll") subsets.add([...c.indexes].sort().join(""));
    }
    expect([...subsets].sort()).toEqual(["2", "23", "234", "24", "3", "34", "4"]);
  });
});
