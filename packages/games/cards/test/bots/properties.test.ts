import { playMatch, replay, type BotKind, type Viewer } from "@bang/game-core";
import { describe, expect, it } from "vitest";
import { CARD_IDS, cards, playerView, type GameState } from "../../src/index.js";

/**
 * Properties of complete bot games: a fixed, bounded set of games (4 to 7 seats, both bot kinds, seeds
 * 1..GAMES), each property checked after every accepted command.
 */
const GAMES = 200;
const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));
const viewersOf = (s: GameState): Viewer[] => [...s.players.map((p) => ({ kind: "player", id: p.id }) as const), { kind: "spectator" }];

const violations: string[] = [];
const finals: { seed: number; state: GameState; replayed: GameState; commands: number }[] = [];

/** Plays game `seed` and records every broken invariant. */
function playGame(seed: number) {
  const n = 4 + (seed % 4);
  const kind: BotKind = seed % 2 === 0 ? "heuristic" : "random";
  let prev: GameState | null = null;
  const { state, log, commands } = playMatch(cards, { players: seats(n), seed }, (id) => cards.bots[kind](seed * 31 + Number(id.slice(1))), {
    onStep: (s, command) => {
      const before = prev;
      prev = s;
      const all = [...s.deck, ...s.discard, ...s.players.flatMap((p) => [...p.hand, ...p.inPlay]), ...s.pending.flatMap((step) => (step.t === "store" || step.t === "kit" ? step.cards : []))];
      if (all.length !== 80 || new Set(all).size !== 80) violations.push(`seed ${seed}: E2.1 ${all.length} cards, ${new Set(all).size} distinct`);
      for (const p of s.players) {
        if (p.alive && (p.life < 0 || p.life > p.maxLife) && s.pending[0]?.t !== "dying") violations.push(`seed ${seed}: E7.2 ${p.id} has ${p.life}/${p.maxLife}`);
        if (!p.alive && (p.life !== 0 || p.hand.length + p.inPlay.length > 0)) violations.push(`seed ${seed}: E8.1 dead ${p.id} keeps life or cards`);
      }
      if (before && !before.players.find((p) => p.id === command.by)!.alive) violations.push(`seed ${seed}: E8.4 eliminated ${command.by} acted`);
      if (s.stateId % 7 === 0) {
        for (const viewer of viewersOf(s)) {
          const text = JSON.stringify(playerView(s, viewer));
          const secret = [...s.deck, ...s.players.filter((p) => viewer.kind !== "player" || p.id !== viewer.id).flatMap((p) => p.hand)];
          const seen = secret.filter((c) => text.includes(`"${c}"`));
          // Kit Carlson's own view shows his three cards, taken out of the deck already; nothing else may leak.
          if (seen.length > 0) violations.push(`seed ${seed}: invariant 4 ${JSON.stringify(viewer)} sees ${seen.join(", ")}`);
        }
      }
    },
  });
  const replayed = replay(cards, log).at(-1)!;
  finals.push({ seed, state, replayed, commands });
}

describe(`properties of ${GAMES} complete bot games of 4 to 7 players`, () => {
  it("play to the end", () => {
    for (let seed = 1; seed <= GAMES; seed++) playGame(seed);
    expect(finals).toHaveLength(GAMES);
  });

  it("E2.1 all 80 cards are always somewhere, once; E7.2 life stays within 0..max; E8.4 eliminated players never act; invariant 4 no view holds another hand or the deck", () => {
    expect(violations.slice(0, 10)).toEqual([]);
  });

  it("E9 every game ends with exactly one winning team, made of the right roles", () => {
    for (const { seed, state } of finals) {
      const w = state.winner!;
      expect(w, `seed ${seed}`).not.toBeNull();
      const roles = (list: string[]) => state.players.filter((p) => list.includes(p.role)).map((p) => p.id);
      if (w.team === "law") expect(w.players).toEqual(roles(["sheriff", "deputy"]));
      else if (w.team === "outlaws") expect(w.players).toEqual(roles(["outlaw"]));
      else {
        expect(w.players).toHaveLength(1);
        expect(state.players.filter((p) => p.alive).map((p) => p.id)).toEqual(w.players);
      }
      expect(cards.result(state)!.ranking.filter((side) => side.place === 1).flatMap((side) => side.players).sort()).toEqual([...w.players].sort());
    }
  });

  it("invariant 1: replaying the log gives the live state; states survive a JSON round trip", () => {
    for (const { seed, state, replayed } of finals) {
      expect(replayed, `seed ${seed}`).toEqual(state);
      expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    }
  });
});

describe("E1.2, E9.4 the 8-player option", () => {
  it("E9.4: bot games of 8 with two renegades end with one winning side: the law, the outlaws, or one renegade alone", () => {
    for (let seed = 1; seed <= 12; seed++) {
      const setup = cards.setupFor({ players: seats(8).map((x) => x.id), seed, options: { eightPlayers: true } });
      const { state } = playMatch(cards, setup, (id) => cards.bots[seed % 2 ? "random" : "heuristic"](seed + Number(id.slice(1))));
      const w = state.winner!;
      const roleOf = (id: string) => state.players.find((p) => p.id === id)!.role;
      if (w.team === "renegade") {
        expect(w.players).toHaveLength(1);
        expect(roleOf(w.players[0]!)).toBe("renegade");
      } else if (w.team === "outlaws") expect(w.players.map(roleOf)).toEqual(["outlaw", "outlaw", "outlaw"]);
      else expect(w.players.map(roleOf).sort()).toEqual(["deputy", "deputy", "sheriff"]);
    }
  });
});
