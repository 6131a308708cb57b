import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { playMatch, replay, type Bot, type BotKind, type PlayerId } from "@bang/game-core";
import { diceDuel, duelCommandView, duelView as playerView, standing, type DuelCommand, type DuelState, type DuelView } from "../../src/index.js";

type DuelBot = Bot<DuelView, DuelCommand>;

/** A random bot duel: a seed for the game and each bot, and the kind of each seat's bot. */
const duelGame = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  a: fc.constantFrom<BotKind>("random", "heuristic"),
  b: fc.constantFrom<BotKind>("random", "heuristic"),
  /** b lets its picks time out (the server's pickTimeout, drawn from the game's seeded source). */
  timeouts: fc.boolean(),
});
type DuelGame = { seed: number; a: BotKind; b: BotKind; timeouts: boolean };

/** Wraps a bot so that every view it is given is checked first. */
function spy(inner: DuelBot, check: (view: DuelView, me: PlayerId) => void): DuelBot {
  return {
    kind: inner.kind,
    choose(view, me) {
      check(view, me);
      return inner.choose(view, me);
    },
  };
}

/** A bot that never picks: its picks time out (pickTimeout for itself, as the server's timer sends). */
function timingOut(inner: DuelBot): DuelBot {
  return { kind: inner.kind, choose: (view, me) => (view.phase === "duel" ? { type: "pickTimeout", by: me } : inner.choose(view, me)) };
}

/** Plays a duel to its end; `onStep` sees each state before and after each accepted command. */
function playDuel(g: DuelGame, onStep: (prev: DuelState, next: DuelState, command: DuelCommand) => void = () => {}, check?: (view: DuelView, me: PlayerId) => void) {
  let prev: DuelState | null = null;
  const states: DuelState[] = [];
  const bot = (id: PlayerId) => {
    const created = diceDuel.bots[id === "a" ? g.a : g.b]( (g.seed ^ (id === "a" ? 0x5bd1e995 : 0x1b873593)) | 0);
    const inner = id === "b" && g.timeouts ? timingOut(created) : created;
    return check ? spy(inner, check) : inner;
  };
  const result = playMatch(diceDuel, { players: [{ id: "a" }, { id: "b" }], seed: g.seed }, bot, {
    onStep: (state, command) => {
      if (prev) onStep(prev, state, command);
      prev = state;
      states.push(state);
    },
  });
  return { ...result, states };
}

const ALL_SEATS = [0, 1] as const;

describe("properties of complete bot duels (RULES.md part D)", () => {
  it("R8.10 every duel ends with exactly one winner, whose opponent has no card left; R8.1 cards stay within 0..8 and ammo never goes negative", () => {
    fc.assert(
      fc.property(duelGame, (g) => {
        const { state, states } = playDuel(g);
        // Plain checks per state (one expect at the end keeps thousands of games fast).
        const bad = states.filter((s) =>
          s.players.some((p) => {
            const n = standing(p.hideout);
            return n < 0 || n > 8 || !Number.isInteger(p.ammo) || p.ammo < 0 || (n === 0 && s.phase !== "gameOver");
          }),
        );
        expect(bad).toEqual([]);
        expect(state.phase).toBe("gameOver");
        expect(state.winner!.team).toBe("duel");
        expect(state.winner!.players).toHaveLength(1);
        const winner = state.players.find((p) => p.id === state.winner!.players[0])!;
        const loser = state.players.find((p) => p.id !== winner.id)!;
        expect(standing(loser.hideout)).toBe(0);
        expect(standing(winner.hideout)).toBeGreaterThan(0);
      }),
      { numRuns: 1500 },
    );
  });

  it("R8.9 the replayed log equals the live state at every step, picks and pick timeouts included, and every state survives JSON", () => {
    fc.assert(
      fc.property(duelGame, (g) => {
        const { log, states } = playDuel(g);
        expect(replay(diceDuel, log).slice(1)).toEqual(states);
        for (const s of states) expect(JSON.parse(JSON.stringify(s))).toEqual(s);
      }),
      { numRuns: 600 },
    );
  });

  it("R8.9 no pick is revealed early: neither the other player's view, a spectator's view nor the pick command as shown to them carry a pending pick", () => {
    fc.assert(
      fc.property(duelGame, (g) => {
        let pendingChecked = 0;
        playDuel(g, (_prev, s, command) => {
          if (s.phase === "duel" && s.duel) {
            for (const seat of ALL_SEATS) {
              const card = s.duel.picks[seat];
              if (card === null) continue;
              pendingChecked++;
              const author = s.players[seat]!.id;
              const other = s.players[1 - seat]!.id;
              for (const viewer of [{ kind: "player", id: other } as const, { kind: "spectator" } as const]) {
                const view = playerView(s, viewer);
                expect(view.duel!.picks[seat]).toEqual({ player: author, picked: true, card: null });
                if (command.type === "pick" && command.by === author) expect(duelCommandView(s, command, author, viewer)).not.toHaveProperty("card");
              }
              expect(playerView(s, { kind: "player", id: author }).duel!.picks[seat]!.card).toBe(card);
            }
          }
        });
        return pendingChecked >= 0;
      }),
      { numRuns: 600 },
    );
  });

  it("R8.9 the views given to the bots never hold the opponent's pending pick", () => {
    let duels = 0;
    fc.assert(
      fc.property(duelGame, (g) => {
        playDuel(g, () => {}, (view, me) => {
          expect(view.viewer).toEqual({ kind: "player", id: me });
          expect(JSON.stringify(view)).not.toContain('"rng"');
          if (view.duel) {
            duels++;
            for (const p of view.duel.picks) if (p.player !== me) expect(p.card).toBeNull();
          }
        });
      }),
      { numRuns: 600 },
    );
    expect(duels).toBeGreaterThan(100);
  });

  it("R8.9 each reveal shows the earlier pick unchanged, and a first pick never leaves the duel phase", () => {
    fc.assert(
      fc.property(duelGame, (g) => {
        playDuel(g, (prev, s, command) => {
          if (command.type !== "pick" && command.type !== "pickTimeout") return;
          const reveal = s.lastDuel !== prev.lastDuel ? s.lastDuel : null;
          if (reveal) {
            const seat = prev.players.findIndex((p) => p.id === command.by);
            const earlier = prev.duel!.picks[1 - seat];
            expect(reveal.picks[1 - seat]!.card).toBe(earlier);
          } else {
            expect(s.phase).toBe("duel");
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});

it("R8.9 some property games do time out their picks (the generator covers pickTimeout)", () => {
  let timeouts = 0;
  for (let seed = 0; seed < 20; seed++) {
    const { log, state } = playDuel({ seed, a: "heuristic", b: "random", timeouts: true });
    timeouts += log.entries.filter((e) => e.command.type === "pickTimeout").length;
    expect(replay(diceDuel, log).at(-1)).toEqual(state);
  }
  expect(timeouts).toBeGreaterThan(5);
});
