import { describe, expect, it } from "vitest";
import { createGameActor } from "@bang/game-core";
import { dice, type Command, type GameSetup } from "../../src/index.js";
import { forcedSource, heal, newGame, play, playAll, react, refuse, reroll, resolve, roll, seat, stop, table4, to } from "./helpers.js";

// The error codes of SCENARIOS.md. `refuse` checks that the refused command left the state deep-equal.
const setup4: GameSetup = {
  players: [seat("a", "sheriff", "paul_regret"), seat("b", "outlaw", "bart_cassidy"), seat("c", "renegade", "jesse_jones"), seat("d", "outlaw", "black_jack")],
};

describe("refused commands (SCENARIOS.md error codes)", () => {
  it("R1.6 NOT_YOUR_TURN: only the active player acts, and only Bart Cassidy during his reaction", () => {
    const s = newGame(setup4);
    expect(refuse(s, roll("b"), ["1", "1", "1", "1", "1"]).code).toBe("NOT_YOUR_TURN");
    const waiting = playAll(s, [[roll("a"), ["1", "dynamite", "dynamite", "gatling", "gatling"]], [stop("a")], [resolve("a", { shots: to([0, "b"]) })]]).state;
    expect(waiting.phase).toBe("reaction");
    expect(refuse(waiting, react("a", 1)).code).toBe("NOT_YOUR_TURN");
    expect(refuse(waiting, reroll("a", [1])).code).toBe("NOT_YOUR_TURN");
  });

  it("R2.1 WRONG_PHASE: a command the phase does not take (resolve while rolling, react with no reaction, reroll after rolling, anything after the game)", () => {
    const s = newGame(setup4);
    expect(refuse(s, resolve("a")).code).toBe("WRONG_PHASE");
    expect(refuse(s, react("a", 0)).code).toBe("WRONG_PHASE");
    const rolled = play(s, roll("a"), ["1", "beer", "beer", "beer", "gatling"]).state;
    expect(refuse(rolled, resolve("a", { shots: to([0, "b"]), beers: to([1, "a"], [2, "a"], [3, "a"]) })).code).toBe("WRONG_PHASE");
    const resolving = play(rolled, stop("a")).state;
    expect(refuse(resolving, reroll("a", [0]), ["1"]).code).toBe("WRONG_PHASE");
    expect(refuse(resolving, stop("a")).code).toBe("WRONG_PHASE");
    expect(refuse(resolving, roll("a"), ["1", "1", "1", "1", "1"]).code).toBe("WRONG_PHASE");
    const over = playAll(table4({}, { a: { life: 1 } }, { turn: "b" }), [
      [roll("b"), ["1", "dynamite", "dynamite", "gatling", "gatling"]],
      [stop("b")],
      [resolve("b", { shots: to([0, "a"]) })],
    ]).state;
    expect(over.phase).toBe("gameOver");
    expect(refuse(over, roll("c"), ["1", "1", "1", "1", "1"]).code).toBe("WRONG_PHASE");
  });

  it("R2.3 DIE_LOCKED: a reroll naming a die that shows dynamite", () => {
    const s = play(newGame(setup4), roll("a"), ["1", "dynamite", "beer", "beer", "beer"]).state;
    expect(refuse(s, reroll("a", [0, 1, 2]), ["1", "1", "1"]).code).toBe("DIE_LOCKED");
  });

  it("R3.3 INVALID_TARGET: a shot out of reach, a beer or heal on an eliminated or unknown player", () => {
    const s = playAll(table4({}, { b: { alive: false } }), [[roll("a"), ["2", "beer", "dynamite", "dynamite", "gatling"]], [stop("a")]]).state;
    expect(refuse(s, resolve("a", { shots: to([0, "b"]), beers: to([1, "a"]) })).code).toBe("INVALID_TARGET");
    expect(refuse(s, resolve("a", { shots: to([0, "c"]), beers: to([1, "b"]) })).code).toBe("INVALID_TARGET");
    expect(refuse(s, resolve("a", { shots: to([0, "c"]), beers: to([1, "nobody"]) })).code).toBe("INVALID_TARGET");
    const sid = table4({ a: "sid_ketchum" }, { b: { alive: false } });
    expect(refuse(sid, heal("a", "b")).code).toBe("INVALID_TARGET");
  });

  it("R3.9 INCOMPLETE_RESOLUTION: a resolve that leaves a shot or beer die unused", () => {
    const s = playAll(newGame(setup4), [[roll("a"), ["1", "2", "beer", "dynamite", "gatling"]], [stop("a")]]).state;
    expect(refuse(s, resolve("a", { shots: to([0, "d"], [1, "c"]) })).code).toBe("INCOMPLETE_RESOLUTION");
    expect(refuse(s, resolve("a", { shots: to([1, "c"]), beers: to([2, "a"]) })).code).toBe("INCOMPLETE_RESOLUTION");
  });

  it("C12 HEAL_REQUIRED: Sid Ketchum rolls before healing", () => {
    expect(refuse(table4({ a: "sid_ketchum" }), roll("a"), ["1", "1", "1", "1", "1"]).code).toBe("HEAL_REQUIRED");
  });

  it("R3.9 INVALID_COMMAND: unknown command or player, bad die indexes, a die used twice or as the wrong face, a bad react", () => {
    const s = newGame(setup4);
    expect(refuse(s, { type: "dance", by: "a" } as unknown as Command).code).toBe("INVALID_COMMAND");
    expect(refuse(s, roll("zz"), ["1", "1", "1", "1", "1"]).code).toBe("INVALID_COMMAND");
    const rolled = play(s, roll("a"), ["1", "beer", "beer", "gatling", "arrow"]).state;
    expect(refuse(rolled, reroll("a", [5]), ["1"]).code).toBe("INVALID_COMMAND");
    expect(refuse(rolled, reroll("a", [1, 1]), ["1", "1"]).code).toBe("INVALID_COMMAND");
    expect(refuse(rolled, reroll("a", []), []).code).toBe("INVALID_COMMAND");
    const resolving = play(rolled, stop("a")).state;
    expect(refuse(resolving, resolve("a", { shots: to([0, "b"]), beers: to([1, "a"], [1, "a"], [2, "a"]) })).code).toBe("INVALID_COMMAND");
    expect(refuse(resolving, resolve("a", { shots: to([0, "b"], [1, "b"]), beers: to([2, "a"]) })).code).toBe("INVALID_COMMAND");
    expect(refuse(resolving, resolve("a", { shots: to([0, "b"]), beers: to([1, "a"], [2, "a"], [3, "a"]) })).code).toBe("INVALID_COMMAND");
    const reaction = playAll(s, [[roll("a"), ["1", "dynamite", "dynamite", "gatling", "gatling"]], [stop("a")], [resolve("a", { shots: to([0, "b"]) })]]).state;
    expect(refuse(reaction, react("b", 2)).code).toBe("INVALID_COMMAND");
    expect(refuse(reaction, react("b", -1)).code).toBe("INVALID_COMMAND");
    expect(refuse(reaction, react("b", 0.5)).code).toBe("INVALID_COMMAND");
  });

  it("R3.9 a refused command leaves the statechart's state deep-equal to before and the next legal command still plays", () => {
    const random = forcedSource();
    const created = createGameActor(dice, setup4, { random });
    if (!created.ok) throw new Error(created.error.message);
    const actor = created.actor;
    random.push({ roll: ["1", "beer", "dynamite", "dynamite", "gatling"] });
    expect(actor.send(roll("a")).ok).toBe(true);
    expect(actor.send(stop("a")).ok).toBe(true);
    const refusals: [Command, string][] = [
      [roll("b"), "NOT_YOUR_TURN"],
      [reroll("a", [0]), "WRONG_PHASE"],
      [resolve("a", { shots: to([0, "c"]), beers: to([1, "a"]) }), "INVALID_TARGET"],
      [resolve("a", { shots: to([0, "b"]) }), "INCOMPLETE_RESOLUTION"],
      [{ type: "dance", by: "a" } as unknown as Command, "INVALID_COMMAND"],
    ];
    for (const [command, code] of refusals) {
      const before = structuredClone(actor.state);
      const result = actor.send(command);
      expect(result.ok ? "accepted" : result.error.code).toBe(code);
      expect(actor.state).toEqual(before);
    }
    const done = actor.send(resolve("a", { shots: to([0, "b"]), beers: to([1, "a"]) }));
    expect(done.ok).toBe(true);
    expect(actor.state.phase).toBe("reaction");
    actor.stop();
  });
});
