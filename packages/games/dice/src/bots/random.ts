import { createBotRng, type Bot, type BotRng, type Seed } from "@bang/game-core";
import { legalActions, type LegalActions } from "../legal.js";
import type { Command, DieTarget, PlayerId, ResolveCommand } from "../types.js";
import type { PlayerView } from "../view.js";

/** Chance (num/den) that the random bot stops instead of rerolling when it may reroll (R2.1). */
const STOP_CHANCE = [1, 4] as const;
/** Chance that it uses an optional ability: Slab the Killer's double (C13), Kit Carlson's discards (C7). */
const ABILITY_CHANCE = [1, 2] as const;

type Resolve = Extract<LegalActions, { kind: "resolve" }>;

/**
 * A random-legal bot. It reads only its own view and `legalActions(view, me)`, and draws every choice
 * from its own pure-rand generator seeded with `seed`:
 * - heal (C12): a random living player; roll: roll;
 * - reroll (R2.1 to R2.3): stops with probability 1/4, else rerolls a random non-empty subset of the
 *   rerollable dice;
 * - resolve (R3.3 to R3.9): a random legal target for each shot die and each beer die; Slab the
 *   Killer's double (C13) half the time; Kit Carlson's arrow discards (C7) half the time, a random
 *   number of them, never more per player than the arrows that player holds;
 * - react (C1): a random number of arrows 0..max.
 * Every command it returns is legal. `choose` throws an Error when the view does not wait for `me`.
 */
export function createRandomBot(seed: Seed): Bot<PlayerView, Command> {
  const rng = createBotRng(seed);
  return {
    kind: "random",
    choose(view: PlayerView, me: PlayerId): Command {
      const legal = legalActions(view, me);
      switch (legal.kind) {
        case "heal":
          return { type: "heal", by: me, target: rng.pick(legal.targets) };
        case "roll":
          return { type: "roll", by: me };
        case "reroll": {
          const n = legal.rerollable.length;
          if (n === 0 || rng.chance(STOP_CHANCE[0], STOP_CHANCE[1])) return { type: "stop", by: me };
          const mask = rng.int(1, (1 << n) - 1);
          const indexes: number[] = [];
          for (let k = 0; k < n; k++) if (mask & (1 << k)) indexes.push(legal.rerollable[k]!);
          return { type: "reroll", by: me, indexes };
        }
        case "resolve":
          return randomResolve(legal, me, rng);
        case "react":
          return { type: "react", by: me, arrows: rng.int(0, legal.max) };
        case "none":
          throw new Error(`random bot: the game does not wait for "${me}" (waiting for ${String(view.waitingFor)})`);
      }
    },
  };
}

/** R3.9: every shot and beer die gets a random legal target; C13 and C7 sometimes. */
function randomResolve(legal: Resolve, me: PlayerId, rng: BotRng): Command {
  const shots: DieTarget[] = legal.shots.map((s) => ({ die: s.die, target: rng.pick(s.targets) }));
  let slab: { beer: number; shot: number } | undefined;
  if (legal.slab && rng.chance(ABILITY_CHANCE[0], ABILITY_CHANCE[1])) {
    slab = { beer: rng.pick(legal.slab.beers), shot: rng.pick(legal.slab.shots) };
  }
  const beers: DieTarget[] = [];
  for (const b of legal.beers) if (b.die !== slab?.beer) beers.push({ die: b.die, target: rng.pick(b.targets) });
  let arrowDiscards: PlayerId[] | undefined;
  if (legal.arrowDiscards && legal.arrowDiscards.players.length > 0 && rng.chance(ABILITY_CHANCE[0], ABILITY_CHANCE[1])) {
    const left = legal.arrowDiscards.players.map((p) => ({ id: p.id, arrows: p.arrows }));
    const count = rng.int(0, legal.arrowDiscards.max);
    arrowDiscards = [];
    for (let k = 0; k < count && left.length > 0; k++) {
      const i = rng.int(0, left.length - 1);
      const holder = left[i]!;
      arrowDiscards.push(holder.id);
      if (--holder.arrows === 0) left.splice(i, 1);
    }
  }
  const command: ResolveCommand = { type: "resolve", by: me, shots, beers };
  if (slab) command.slab = slab;
  if (arrowDiscards) command.arrowDiscards = arrowDiscards;
  return command;
}
