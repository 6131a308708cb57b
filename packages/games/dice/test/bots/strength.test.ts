import { describe, expect, it } from "vitest";
import { playMatch } from "@bang/game-core";
import { createGame, dice, type Role, type Team } from "../../src/index.js";

const GAMES = 300;
const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));

/**
 * Share of GAMES seeded games of `n` players won by `team`, where the seats whose role passes
 * `heuristic` get heuristic bots and the others random bots. The same seeds deal the same roles and
 * characters (R1.2, R1.3) in every configuration, so only the bots differ.
 */
function winRate(n: number, team: Team, heuristic: (role: Role) => boolean): number {
  let wins = 0;
  for (let seed = 0; seed < GAMES; seed++) {
    const setup = { players: seats(n), seed };
    const dealt = createGame(setup);
    if (!dealt.ok) throw new Error(dealt.error.message);
    const roles = new Map(dealt.state.players.map((p) => [p.id, p.role]));
    const { state } = playMatch(dice, setup, (id) => dice.bots[heuristic(roles.get(id)!) ? "heuristic" : "random"](seed * 8 + Number(id.slice(1))));
    if (state.winner!.team === team) wins++;
  }
  return wins / GAMES;
}

const nobody = () => false;
const everyone = () => true;
const isLaw = (r: Role) => r === "sheriff" || r === "deputy";

// Measured with these seeds (300 games each; random only / everyone heuristic / only them heuristic):
// 5-player outlaws 0.62 / 0.41 / 0.97, law 0.32 / 0.45 / 0.92, renegade 0.06 / 0.14 / 0.44;
// 3-player deputy 0.35 / 0.39 / 0.81. The margin leaves room for small changes of the heuristic.
const MARGIN = 0.2;

describe("the heuristic plays its role better than random (R6, R7)", () => {
  it("R6.1 outlaws win more often when only they are heuristic than when nobody or everyone is", () => {
    const onlyOutlaws = winRate(5, "outlaws", (r) => r === "outlaw");
    expect(onlyOutlaws).toBeGreaterThan(winRate(5, "outlaws", nobody) + MARGIN);
    expect(onlyOutlaws).toBeGreaterThan(winRate(5, "outlaws", everyone) + MARGIN);
  });

  it("R6.2 the sheriff and his deputy win more often when only they are heuristic", () => {
    expect(winRate(5, "law", isLaw)).toBeGreaterThan(winRate(5, "law", nobody) + MARGIN);
  });

  it("R6.1 the renegade wins more often when only he is heuristic", () => {
    expect(winRate(5, "renegade", (r) => r === "renegade")).toBeGreaterThan(winRate(5, "renegade", nobody) + MARGIN);
  });

  it("R7.3 with 3 players a heuristic deputy beats random opponents more often", () => {
    expect(winRate(3, "deputy", (r) => r === "deputy")).toBeGreaterThan(winRate(3, "deputy", nobody) + MARGIN);
  });
});
