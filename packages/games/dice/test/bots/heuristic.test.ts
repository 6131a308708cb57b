import { describe, expect, it } from "vitest";
import { applyCommand, createHeuristicBot, type Character, type Command, type GameState, type ResolveCommand } from "../../src/index.js";
import { play, rolled, table, viewOf, type Seat } from "./positions.js";

/** The heuristic bot's command for the player the game waits for, checked legal by the engine. */
function decide(state: GameState, seed = 1): Command {
  const me = state.phase === "reaction" ? state.reaction!.player : state.players[state.turn]!.id;
  const command = createHeuristicBot(seed).choose(viewOf(state, me), me);
  const result = applyCommand(state, command);
  if (!result.ok) throw new Error(`refused ${JSON.stringify(command)}: ${result.error.code}`);
  return command;
}

function resolveOf(state: GameState, seed = 1): ResolveCommand {
  const command = decide(state, seed);
  if (command.type !== "resolve") throw new Error(`expected resolve, got ${command.type}`);
  return command;
}

const rerollOf = (state: GameState): number[] | "stop" => {
  const command = decide(state);
  if (command.type === "stop") return "stop";
  if (command.type !== "reroll") throw new Error(`expected reroll or stop, got ${command.type}`);
  return [...command.indexes].sort();
};

/** A 5-player table: sheriff at seat 0, then the given four seats clockwise (R1.1, R1.4). */
const five = (sheriff: Partial<Seat>, ...rest: Seat[]): Seat[] => [{ id: "s", role: "sheriff", ...sheriff }, ...rest];
const targets = (c: ResolveCommand) => c.shots.map((s) => s.target);

describe("heuristic shots (R3.3, R6.1)", () => {
  it("R6.1 an outlaw with a 1 in reach of the sheriff shoots the sheriff, not the weaker neighbour", () => {
    const state = table(five({}, { id: "o", role: "outlaw" }, { id: "d", role: "deputy", life: 1 }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }), "o");
    for (let seed = 0; seed < 10; seed++) {
      const c = resolveOf(rolled(state, ["1", "dynamite", "arrow", "beer", "gatling"], true), seed);
      expect(c.shots).toEqual([{ die: 0, target: "s" }]);
    }
  });

  it("R3.3 an outlaw with a 2 shoots the sheriff at distance 2", () => {
    const state = table(five({}, { id: "d", role: "deputy" }, { id: "o", role: "outlaw" }, { id: "r", role: "renegade", life: 1 }, { id: "o2", role: "outlaw" }), "o");
    const c = resolveOf(rolled(state, ["2", "2", "dynamite", "arrow", "beer"], true));
    expect(targets(c)).toEqual(["s", "s"]);
  });

  it("R6.1 a deputy never shoots the sheriff when another target is in reach", () => {
    const state = table(five({ life: 3 }, { id: "d", role: "deputy" }, { id: "o", role: "outlaw" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }), "d");
    for (let seed = 0; seed < 10; seed++) {
      const c = resolveOf(rolled(state, ["1", "1", "1", "2", "dynamite"], true), seed);
      expect(c.shots).toHaveLength(4);
      expect(targets(c)).not.toContain("s");
    }
  });

  it("R3.4 at equal life a deputy shoots the suspect beside the sheriff (the one who threatens him)", () => {
    const state = table(five({}, { id: "o", role: "outlaw", life: 7 }, { id: "d", role: "deputy" }, { id: "r", role: "renegade", life: 7 }, { id: "o2", role: "outlaw" }), "d");
    const c = resolveOf(rolled(state, ["1", "dynamite", "arrow", "beer", "gatling"], true));
    expect(targets(c)).toEqual(["o"]);
  });

  it("R3.6 the sheriff finishes the weakest suspect with one die, and does not overkill with the second", () => {
    const state = table(five({}, { id: "o", role: "outlaw", life: 1 }, { id: "d", role: "deputy" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }), "s");
    const c = resolveOf(rolled(state, ["1", "1", "dynamite", "arrow", "gatling"], true));
    expect(targets(c).sort()).toEqual(["o", "o2"]);
  });

  it("R6.1 the renegade does not shoot the sheriff while others are alive", () => {
    const state = table(five({ life: 2 }, { id: "r", role: "renegade" }, { id: "o", role: "outlaw" }, { id: "d", role: "deputy" }, { id: "o2", role: "outlaw" }), "r");
    const c = resolveOf(rolled(state, ["1", "1", "dynamite", "arrow", "gatling"], true));
    expect(targets(c)).toEqual(["o", "o"]);
  });

  it("R6.1 the renegade shoots the sheriff once they are the last two", () => {
    const state = table(
      five({}, { id: "r", role: "renegade" }, { id: "o", role: "outlaw", alive: false }, { id: "d", role: "deputy", alive: false }, { id: "o2", role: "outlaw", alive: false }),
      "r",
    );
    const c = resolveOf(rolled(state, ["1", "2", "dynamite", "arrow", "gatling"], true));
    expect(targets(c)).toEqual(["s", "s"]);
  });

  it("R7.2 a 3-player deputy shoots the renegade, not the weaker outlaw", () => {
    const state = table([{ id: "d", role: "deputy" }, { id: "o", role: "outlaw", life: 1 }, { id: "r", role: "renegade" }], "d");
    const c = resolveOf(rolled(state, ["1", "2", "dynamite", "arrow", "beer"], true));
    expect(targets(c)).toEqual(["r", "r"]);
  });

  it("R7.2 a 3-player renegade shoots the outlaw, not the weaker deputy", () => {
    const state = table([{ id: "d", role: "deputy", life: 1 }, { id: "o", role: "outlaw" }, { id: "r", role: "renegade" }], "r");
    const c = resolveOf(rolled(state, ["1", "dynamite", "arrow", "beer", "gatling"], true));
    expect(targets(c)).toEqual(["o"]);
  });

  it("R7.2 a 3-player outlaw shoots the deputy, not the weaker renegade", () => {
    const state = table([{ id: "d", role: "deputy" }, { id: "o", role: "outlaw" }, { id: "r", role: "renegade", life: 1 }], "o");
    const c = resolveOf(rolled(state, ["2", "dynamite", "arrow", "beer", "gatling"], true));
    expect(targets(c)).toEqual(["d"]);
  });
});

describe("heuristic beers and heals (R3.7, C12)", () => {
  it("R3.7 a deputy gives beer to the hurt sheriff", () => {
    const state = table(five({ life: 5 }, { id: "d", role: "deputy" }, { id: "o", role: "outlaw" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }), "d");
    const c = resolveOf(rolled(state, ["beer", "beer", "dynamite", "arrow", "gatling"], true));
    expect(c.beers).toEqual([{ die: 0, target: "s" }, { die: 1, target: "s" }]);
  });

  it("R3.7 a hurt player drinks their own beer first when the sheriff is healthier", () => {
    const state = table(five({ life: 9 }, { id: "d", role: "deputy", life: 2 }, { id: "o", role: "outlaw" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }), "d");
    const c = resolveOf(rolled(state, ["beer", "dynamite", "arrow", "gatling", "gatling"], true));
    expect(c.beers).toEqual([{ die: 0, target: "d" }]);
  });

  it("R3.7 an outlaw at full life never gives beer to the hurt sheriff or a suspect", () => {
    const state = table(five({ life: 2 }, { id: "o", role: "outlaw" }, { id: "d", role: "deputy", life: 1 }, { id: "r", role: "renegade", life: 1 }, { id: "o2", role: "outlaw", life: 1 }), "o");
    const c = resolveOf(rolled(state, ["beer", "beer", "dynamite", "arrow", "gatling"], true));
    expect(c.beers.map((b) => b.target)).toEqual(["o", "o"]);
  });

  it("R6.1 the renegade at full life gives beer to a weak sheriff while others are alive", () => {
    const state = table(five({ life: 3 }, { id: "r", role: "renegade" }, { id: "o", role: "outlaw" }, { id: "d", role: "deputy" }, { id: "o2", role: "outlaw" }), "r");
    const c = resolveOf(rolled(state, ["beer", "dynamite", "arrow", "gatling", "gatling"], true));
    expect(c.beers).toEqual([{ die: 0, target: "s" }]);
  });

  it("C12 a deputy Sid Ketchum heals the hurt sheriff before his first roll", () => {
    const state = table(five({ life: 4 }, { id: "d", role: "deputy", character: "sid_ketchum" }, { id: "o", role: "outlaw" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }), "d");
    expect(decide(state)).toEqual({ type: "heal", by: "d", target: "s" });
  });

  it("C12 an outlaw Sid Ketchum heals himself, or wastes the heal on himself rather than help the sheriff", () => {
    const seats = (life: number) => five({ life: 2 }, { id: "o", role: "outlaw", character: "sid_ketchum", life }, { id: "d", role: "deputy" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" });
    expect(decide(table(seats(5), "o"))).toEqual({ type: "heal", by: "o", target: "o" });
    expect(decide(table(seats(8), "o"))).toEqual({ type: "heal", by: "o", target: "o" });
  });
});

describe("heuristic rerolls (R2)", () => {
  const outlawNextToSheriff = (me: Partial<Seat> = {}) =>
    table(five({}, { id: "o", role: "outlaw", ...me }, { id: "d", role: "deputy" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }), "o");

  it("R2.4 rerolls arrows and useless dice, keeps a 1 that reaches the sheriff", () => {
    expect(rerollOf(rolled(outlawNextToSheriff(), ["1", "arrow", "beer", "gatling", "arrow"]))).toEqual([1, 2, 3, 4]);
  });

  it("R3.7 keeps beers while hurt", () => {
    expect(rerollOf(rolled(outlawNextToSheriff({ life: 3 }), ["beer", "beer", "arrow", "gatling", "1"]))).toEqual([2, 3]);
  });

  it("R3.8 keeps two gatling dice for a third", () => {
    expect(rerollOf(rolled(outlawNextToSheriff(), ["gatling", "gatling", "arrow", "beer", "1"]))).toEqual([2, 3]);
  });

  it("C16 Willy the Kid keeps a single gatling (two fire for him)", () => {
    expect(rerollOf(rolled(outlawNextToSheriff({ character: "willy_the_kid" }), ["gatling", "arrow", "beer", "arrow", "1"]))).toEqual([1, 2, 3]);
  });

  it("R2.6 stops with 2 dynamite showing when the rest is good", () => {
    expect(rerollOf(rolled(outlawNextToSheriff(), ["dynamite", "dynamite", "1", "1", "arrow"]))).toBe("stop");
  });

  it("R2.6 still rerolls past 2 dynamite when much is bad and life is high", () => {
    expect(rerollOf(rolled(outlawNextToSheriff(), ["dynamite", "dynamite", "arrow", "arrow", "beer"]))).toEqual([2, 3, 4]);
  });

  it("R2.6 stops with 2 dynamite when an explosion could finish the bot", () => {
    expect(rerollOf(rolled(outlawNextToSheriff({ life: 1 }), ["dynamite", "dynamite", "arrow", "arrow", "gatling"]))).toBe("stop");
  });

  it("C2 Black Jack rerolls his dynamite", () => {
    expect(rerollOf(rolled(outlawNextToSheriff({ character: "black_jack" }), ["dynamite", "dynamite", "1", "1", "beer"]))).toEqual([0, 1, 4]);
  });

  const deputyOfSheriffAt1 = (sheriff: Character) =>
    table(five({ life: 1, character: sheriff }, { id: "d", role: "deputy" }, { id: "o", role: "outlaw" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }), "d");

  it("R3.8 a deputy rerolls gatling dice that would finish the sheriff at 1 life", () => {
    expect(rerollOf(rolled(deputyOfSheriffAt1("suzy_lafayette"), ["gatling", "gatling", "1", "beer", "dynamite"]))).toEqual([0, 1]);
  });

  it("C9 ...but keeps them when the sheriff is Paul Regret, whom the Gatling never hurts", () => {
    expect(rerollOf(rolled(deputyOfSheriffAt1("paul_regret"), ["gatling", "gatling", "1", "beer", "dynamite"]))).toBe("stop");
  });
});

describe("heuristic abilities (C1, C7, C13)", () => {
  const bartHit = (life: number) => {
    const state = table(five({}, { id: "b", role: "outlaw", character: "bart_cassidy", life }, { id: "d", role: "deputy" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }), "s");
    const resolving = rolled(state, ["1", "dynamite", "arrow", "gatling", "dynamite"], true);
    const reaction = play(resolving, { type: "resolve", by: "s", shots: [{ die: 0, target: "b" }], beers: [] });
    expect(reaction.phase).toBe("reaction");
    return reaction;
  };

  it("C1 Bart Cassidy takes a hit as an arrow when his life is low", () => {
    expect(decide(bartHit(2))).toEqual({ type: "react", by: "b", arrows: 1 });
  });

  it("C1 Bart Cassidy takes the life loss when he is healthy", () => {
    expect(decide(bartHit(8))).toEqual({ type: "react", by: "b", arrows: 0 });
  });

  it("C13 Slab the Killer gives up a useless beer to double the shot at the sheriff", () => {
    const state = table(five({}, { id: "o", role: "outlaw", character: "slab_the_killer" }, { id: "d", role: "deputy" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }), "o");
    const c = resolveOf(rolled(state, ["1", "beer", "dynamite", "arrow", "gatling"], true));
    expect(c).toMatchObject({ shots: [{ die: 0, target: "s" }], beers: [], slab: { beer: 1, shot: 0 } });
  });

  it("C13 Slab the Killer keeps the beer he needs", () => {
    const state = table(five({}, { id: "o", role: "outlaw", character: "slab_the_killer", life: 3 }, { id: "d", role: "deputy" }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }), "o");
    const c = resolveOf(rolled(state, ["1", "beer", "dynamite", "arrow", "gatling"], true));
    expect(c.slab).toBeUndefined();
    expect(c.beers).toEqual([{ die: 1, target: "o" }]);
  });

  it("C7 an outlaw Kit Carlson discards his own arrows and leaves the sheriff's and a suspect's", () => {
    const state = table(five({ arrows: 2 }, { id: "k", role: "outlaw", character: "kit_carlson", arrows: 2 }, { id: "d", role: "deputy", arrows: 1 }, { id: "r", role: "renegade" }, { id: "o2", role: "outlaw" }), "k");
    const c = resolveOf(rolled(state, ["gatling", "gatling", "dynamite", "arrow", "1"], true));
    expect(c.arrowDiscards).toEqual(["k", "k"]);
  });
});
