import { createBotRng, type Bot, type BotRng, type Seed } from "@bang/game-core";
import { FACES } from "@bang/game-dice";
import { duelLegalActions } from "../legal.js";
import { DUEL_CARDS, type BeerChange, type DuelCommand, type PlayerId } from "../types.js";
import type { DuelView } from "../view.js";
import { planResolve } from "./plan.js";

/**
 * The random-legal duel player (RULES.md part D), drawing every choice from `rng`: rerolls like the
 * dice game's random bot (stop 1 time in 4, else a random subset of the rerollable dice), each beer changes
 * a random other die to a random face half the time (R8.4), random targets for the dynamite, shots and
 * repairs (all of them legal and complete), a random duel card (R8.9) and random effect cards.
 * Throws when the view does not wait for `me`.
 */
export function randomDuelChoice(rng: BotRng, view: DuelView, me: PlayerId): DuelCommand {
  const legal = duelLegalActions(view, me);
  const choose = <T>(items: readonly T[]): T => rng.pick(items);
  switch (legal.kind) {
    case "roll":
      return { type: "roll", by: me };
    case "reroll": {
      const n = legal.rerollable.length;
      if (n === 0 || rng.chance(1, 4)) return { type: "stop", by: me };
      const mask = rng.int(1, (1 << n) - 1);
      const indexes: number[] = [];
      for (let k = 0; k < n; k++) if (mask & (1 << k)) indexes.push(legal.rerollable[k]!);
      return { type: "reroll", by: me, indexes };
    }
    case "resolve": {
      const changes: BeerChange[] = [];
      const changed = new Set<number>();
      for (const beer of legal.beers) {
        if (!rng.chance(1, 2)) continue;
        const others = [0, 1, 2, 3, 4].filter((d) => d !== beer && !changed.has(d) && !legal.beers.includes(d) );
        if (others.length === 0) continue;
        const die = rng.pick(others);
        changed.add(die);
        changes.push({ beer, die, face: rng.pick(FACES) });
      }
      return planResolve(view, me, changes, choose);
    }
    case "pick":
      return { type: "pick", by: me, card: rng.pick(DUEL_CARDS) };
    case "effect": {
      const pool = legal.cards.slice();
      const cards = [];
      for (let k = 0; k < legal.count; k++) cards.push(pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
      return { type: "effect", by: me, cards };
    }
    case "none":
      throw new Error(`random duel bot: the game does not wait for "${me}"`);
  }
}

/** The random-legal duel bot (see randomDuelChoice), with its own generator seeded by `seed`. */
export function createRandomDuelBot(seed: Seed): Bot<DuelView, DuelCommand> {
  const rng = createBotRng(seed);
  return { kind: "random", choose: (view, me) => randomDuelChoice(rng, view, me) };
}
