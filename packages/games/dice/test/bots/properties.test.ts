import { playMatch, replay, type BotKind, type PlayerId } from "@bang/game-core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dice, playerView, TOTAL_ARROWS, type GameState } from "../../src/index.js";

/**
 * Property tests over thousands of complete bot games (fast-check draws the seed, the table size and
 * the bots). Each property is checked after every accepted command of every game.
 */
const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));
const game = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  players: fc.integer({ min: 3, max: 8 }),
  bots: fc.constantFrom<BotKind>("random", "heuristic"),
});

function play(g: { seed: number; players: number; bots: BotKind }, onStep: (prev: GameState, next: GameState, by: PlayerId) => void) {
  let prev: GameState | null = null;
  const states: GameState[] = [];
  const result = playMatch(
    dice,
    { players: seats(g.players), seed: g.seed },
    (id) => dice.bots[g.bots](g.seed ^ id.length ^ Number(id.slice(1))),
    {
      onStep: (state, command) => {
        if (prev) onStep(prev, state, command.by);
        prev = state;
        states.push(state);
      },
    },
  );
  return { ...result, states };
}

describe("properties of complete bot games", () => {
  it("R1.5 arrows are conserved and R5.1 life stays within 0..max, 0 exactly when eliminated", () => {
    fc.assert(
      fc.property(game, (g) => {
        play(g, (_prev, s) => {
          const held = s.players.reduce((n, p) => n + p.arrows, 0);
          expect(s.arrowsInPile + held).toBe(TOTAL_ARROWS);
          for (const p of s.players) {
            expect(p.life).toBeGreaterThanOrEqual(0);
            expect(p.life).toBeLessThanOrEqual(p.maxLife);
            expect(p.alive).toBe(p.life > 0);
            if (!p.alive) expect(p.arrows).toBe(0);
          }
        });
      }),
      { numRuns: 600 },
    );
  });

  it("R5.1 eliminated players never act and never get the turn", () => {
    fc.assert(
      fc.property(game, (g) => {
        play(g, (prev, s, by) => {
          expect(prev.players.find((p) => p.id === by)!.alive).toBe(true);
          if (s.phase !== "gameOver") expect(s.players[s.turn]!.alive).toBe(true);
        });
      }),
      { numRuns: 600 },
    );
  });

  it("R6 every game ends with exactly one winning team, made of the right roles", () => {
    fc.assert(
      fc.property(game, (g) => {
        const { state } = play(g, () => {});
        expect(state.phase).toBe("gameOver");
        const winner = state.winner!;
        const roleOf = (id: string) => state.players.find((p) => p.id === id)!.role;
        const roles = new Set(winner.players.map(roleOf));
        if (g.players === 3) {
          expect(winner.players).toHaveLength(1);
          expect(roleOf(winner.players[0]!)).toBe(winner.team);
        } else if (winner.team === "law") {
          expect([...roles].every((r) => r === "sheriff" || r === "deputy")).toBe(true);
          expect(winner.players).toEqual(state.players.filter((p) => p.role === "sheriff" || p.role === "deputy").map((p) => p.id));
        } else if (winner.team === "outlaws") {
          expect(winner.players).toEqual(state.players.filter((p) => p.role === "outlaw").map((p) => p.id));
        } else {
          expect(winner.team).toBe("renegade");
          expect(winner.players).toHaveLength(1);
          expect(roleOf(winner.players[0]!)).toBe("renegade");
          expect(state.players.filter((p) => p.alive).map((p) => p.id)).toEqual(winner.players);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("the replayed log equals the live state at every step, and every state survives JSON", () => {
    fc.assert(
      fc.property(game, (g) => {
        const { log, states } = play(g, () => {});
        const replayed = replay(dice, log);
        expect(replayed.slice(1)).toEqual(states);
        for (const s of states) expect(JSON.parse(JSON.stringify(s))).toEqual(s);
      }),
      { numRuns: 300 },
    );
  });

  it("R1.2 no view leaks another living player's secret role before the game is over", () => {
    fc.assert(
      fc.property(game, (g) => {
        play(g, (_prev, s) => {
          for (const viewer of s.players) {
            const view = playerView(s, { kind: "player", id: viewer.id });
            expect(JSON.stringify(view)).not.toContain('"rng"');
            view.players.forEach((seen, i) => {
              const real = s.players[i]!;
              const public_ = real.id === viewer.id || !real.alive || s.phase === "gameOver" || s.players.length === 3 || real.role === "sheriff";
              expect(seen.role).toBe(public_ ? real.role : null);
            });
          }
          const spectator = playerView(s, { kind: "spectator" });
          for (const [i, seen] of spectator.players.entries()) {
            const real = s.players[i]!;
            if (real.alive && s.phase !== "gameOver" && s.players.length > 3 && real.role !== "sheriff") expect(seen.role).toBeNull();
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});
