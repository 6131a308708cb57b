/**
 * Plays whole games with the game's own seeded dice and random legal choices (read from
 * `legalActions`), calling `check` after every accepted command. Used by invariant tests (R1.5).
 */
import {
  applyCommand,
  legalActions,
  playerToAct,
  playerView,
  type Command,
  type DieTarget,
  type GameState,
} from "../../src/index.js";
import { newGame } from "./helpers.js";

/** A small deterministic generator for the players' choices (mulberry32). */
function chooser(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

/** One random legal command for the player the game waits for. */
export function randomCommand(s: GameState, rand: ReturnType<typeof chooser>): Command {
  const by = playerToAct(s);
  if (by === null) throw new Error("the game is over");
  const actions = legalActions(playerView(s, { kind: "admin" }), by);
  switch (actions.kind) {
    case "heal":
      return { type: "heal", by, target: rand.pick(actions.targets) };
    case "roll":
      return { type: "roll", by };
    case "reroll": {
      const indexes = actions.rerollable.filter(() => rand.next() < 0.5);
      if (indexes.length === 0 || rand.next() < 0.2) return { type: "stop", by };
      return { type: "reroll", by, indexes };
    }
    case "react":
      return { type: "react", by, arrows: rand.int(actions.max + 1) };
    case "resolve": {
      const shots: DieTarget[] = actions.shots.map((x) => ({ die: x.die, target: rand.pick(x.targets) }));
      let beers: DieTarget[] = actions.beers.map((x) => ({ die: x.die, target: rand.pick(x.targets) }));
      let slab: { beer: number; shot: number } | undefined;
      if (actions.slab && rand.next() < 0.5) {
        slab = { beer: rand.pick(actions.slab.beers), shot: rand.pick(actions.slab.shots) };
        beers = beers.filter((b) => b.die !== slab!.beer);
      }
      const arrowDiscards: string[] = [];
      if (actions.arrowDiscards) {
        const left = new Map(actions.arrowDiscards.players.map((p) => [p.id, p.arrows]));
        const wanted = rand.int(actions.arrowDiscards.max + 1);
        for (let k = 0; k < wanted; k++) {
          const holders = [...left].filter(([, n]) => n > 0).map(([id]) => id);
          if (holders.length === 0) break;
          const id = rand.pick(holders);
          left.set(id, left.get(id)! - 1);
          arrowDiscards.push(id);
        }
      }
      return { type: "resolve", by, shots, beers, slab, arrowDiscards };
    }
    case "none":
      throw new Error(`no legal action for ${by} in phase ${s.phase}`);
  }
}

/**
 * Plays one game of `players` seats (roles and characters dealt from `seed`) until it is over or
 * `maxCommands` were played. Returns the last state.
 */
export function randomGame(seed: number, players: number, check: (s: GameState, c: Command) => void, maxCommands = 500): GameState {
  const rand = chooser(seed * 7919 + players);
  let s = newGame({ players: Array.from({ length: players }, (_, i) => ({ id: `p${i}` })), seed });
  check(s, { type: "roll", by: "setup" });
  for (let k = 0; k < maxCommands && s.phase !== "gameOver"; k++) {
    const command = randomCommand(s, rand);
    const result = applyCommand(s, command);
    if (!result.ok) throw new Error(`seed ${seed}: legal command refused: ${result.error.code}: ${result.error.message}`);
    s = result.state;
    check(s, command);
  }
  return s;
}
