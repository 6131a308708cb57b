import { ruleError } from "./errors.js";
import type { GameEvent, GameState, PlayerState, ResolveCommand, RuleError } from "../types.js";
import { returnArrows, takeArrow } from "./arrows.js";
import { countFace, gatlingFires, indexesOf } from "./dice.js";
import { shotTargets } from "./distance.js";
import { checkEnd } from "./end.js";
import { gainLife, loseLife, processEliminations } from "./life.js";

const isDie = (i: unknown): i is number => Number.isInteger(i) && (i as number) >= 0 && (i as number) <= 4;

/**
 * R3.3 to R3.9, C3, C7, C11, C13: checks the active player's resolution choices against the dice and
 * the living players. Every `1`/`2` die gets one legal target, every `beer` die (but Slab's sacrifice)
 * one living target, each die once. Returns the first problem, or null.
 */
export function validateResolve(s: GameState, c: ResolveCommand): RuleError | null {
  const active = s.players[s.turn]!;
  const { dice } = s;
  if (!Array.isArray(c.shots) || !Array.isArray(c.beers)) return ruleError("INVALID_COMMAND", "resolve: shots and beers must be lists");
  const used = new Set<number>();
  const use = (die: unknown, field: string): RuleError | null => {
    if (!isDie(die)) return ruleError("INVALID_COMMAND", `${field}: ${String(die)} is not a die index 0..4`);
    if (used.has(die)) return ruleError("INVALID_COMMAND", `${field}: die ${die} is used twice`);
    used.add(die);
    return null;
  };

  let slabBeer = -1;
  if (c.slab !== undefined && c.slab !== null) {
    if (active.character !== "slab_the_killer") return ruleError("INVALID_COMMAND", "resolve.slab: only Slab the Killer doubles a shot (C13)");
    const { beer, shot } = c.slab;
    if (!isDie(beer) || dice[beer] !== "beer") return ruleError("INVALID_COMMAND", `resolve.slab.beer: die ${String(beer)} does not show beer`);
    if (!c.shots.some((x) => x.die === shot)) return ruleError("INVALID_COMMAND", `resolve.slab.shot: die ${String(shot)} is not one of the shots`);
    slabBeer = beer;
  }

  for (const [k, shot] of c.shots.entries()) {
    const problem = use(shot?.die, `resolve.shots[${k}].die`);
    if (problem) return problem;
    const face = dice[shot.die]!;
    if (face !== "1" && face !== "2") return ruleError("INVALID_COMMAND", `resolve.shots[${k}].die: die ${shot.die} shows ${face}, not 1 or 2`);
    if (!shotTargets(s.players, active.id, face).includes(shot.target)) {
      return ruleError("INVALID_TARGET", `resolve.shots[${k}].target: "${String(shot.target)}" is not a living player within reach of a ${face} (R3.3, R3.4)`);
    }
  }
  if (slabBeer >= 0) used.add(slabBeer);
  for (const [k, beer] of c.beers.entries()) {
    if (beer?.die === slabBeer) return ruleError("INVALID_COMMAND", `resolve.beers[${k}].die: die ${slabBeer} was given up to Slab the Killer's double shot`);
    const problem = use(beer?.die, `resolve.beers[${k}].die`);
    if (problem) return problem;
    if (dice[beer.die] !== "beer") return ruleError("INVALID_COMMAND", `resolve.beers[${k}].die: die ${beer.die} shows ${dice[beer.die]}, not beer`);
    const target = s.players.find((p) => p.id === beer.target);
    if (!target || !target.alive) return ruleError("INVALID_TARGET", `resolve.beers[${k}].target: "${String(beer.target)}" is not a living player`);
  }

  const discards = c.arrowDiscards ?? [];
  if (!Array.isArray(discards)) return ruleError("INVALID_COMMAND", "resolve.arrowDiscards: must be a list of player ids");
  if (discards.length > 0) {
    if (active.character !== "kit_carlson") return ruleError("INVALID_COMMAND", "resolve.arrowDiscards: only Kit Carlson discards arrows (C7)");
    const gatlings = countFace(dice, "gatling");
    if (discards.length > gatlings) return ruleError("INVALID_COMMAND", `resolve.arrowDiscards: at most one per gatling die (${gatlings})`);
    const taken = new Map<string, number>();
    const ownGatlingFires = gatlingFires(dice, active.character);
    for (const [k, id] of discards.entries()) {
      if (ownGatlingFires && id === active.id) {
        return ruleError("INVALID_TARGET", `resolve.arrowDiscards[${k}]: his Gatling fires and returns his own arrows anyway; discards come from other players (C7)`);
      }
      const p = s.players.find((x) => x.id === id);
      const n = (taken.get(id) ?? 0) + 1;
      taken.set(id, n);
      if (!p || !p.alive || p.arrows < n) return ruleError("INVALID_TARGET", `resolve.arrowDiscards[${k}]: "${String(id)}" has no arrow left to return`);
    }
  }

  for (const i of indexesOf(dice, "1", "2", "beer")) {
    if (!used.has(i)) return ruleError("INCOMPLETE_RESOLUTION", `resolve: die ${i} (${dice[i]}) needs a target; every die must be used (R3.9)`);
  }
  return null;
}

/** R3.2: an exploded dynamite costs the active player 1 life. */
export function dynamiteStep(s: GameState, ev: GameEvent[]): void {
  if (!s.exploded) return;
  loseLife(s, s.players[s.turn]!, 1, "dynamite", null, ev);
  afterDamage(s, null, ev);
}

/** The damage each seat takes from the shots (R3.3, R3.6, C13 doubles one die). */
export function shotDamage(s: GameState): number[] {
  const damage = s.players.map(() => 0);
  const choices = s.choices!;
  for (const shot of choices.shots) {
    const seat = s.players.findIndex((p) => p.id === shot.target);
    damage[seat]! += choices.slab?.shot === shot.die ? 2 : 1;
  }
  return damage;
}

/** R3.8, C9: the Gatling's damage: 1 to every other living player but Paul Regret. */
export function gatlingDamage(s: GameState): number[] {
  return s.players.map((p, i) => (i !== s.turn && p.alive && p.character !== "paul_regret" ? 1 : 0));
}

/** R3.3, R3.6: all shots land together; Bart Cassidy may answer first (C1). Returns false to wait. */
export function shotsStep(s: GameState, ev: GameEvent[]): boolean {
  return hitStep(s, "shots", shotDamage(s), ev);
}

/** R3.8: the Gatling's hits on the others, once its arrows have returned. Returns false to wait. */
export function gatlingHitsStep(s: GameState, ev: GameEvent[]): boolean {
  return hitStep(s, "gatling", gatlingDamage(s), ev);
}

/**
 * Applies a step of simultaneous hits. When Bart Cassidy is hit and could take an arrow instead (the
 * pile holds 2 or more), the step waits for his `react` (C1). El Gringo makes the active player take one
 * arrow for the step (C4). Eliminations and the end check follow (R3.10).
 */
function hitStep(s: GameState, step: "shots" | "gatling", damage: number[], ev: GameEvent[]): boolean {
  const active = s.players[s.turn]!;
  const cause = step === "shots" ? "shot" : "gatling";
  let converted = 0;
  const bartSeat = s.players.findIndex((p) => p.character === "bart_cassidy");
  if (bartSeat >= 0 && damage[bartSeat]! > 0) {
    if (s.reaction === null) {
      const max = Math.min(damage[bartSeat]!, s.arrowsInPile - 1);
      if (max > 0) {
        const player = s.players[bartSeat]!.id;
        s.reaction = { player, max, step, answer: null };
        s.phase = "reaction";
        ev.push({ type: "reactionRequested", player, max });
        return false;
      }
    } else {
      converted = s.reaction.answer ?? 0;
      s.reaction = null;
      s.phase = "resolving";
    }
  }
  let elGringoHit = false;
  s.players.forEach((p, i) => {
    let amount = damage[i]!;
    if (amount === 0) return;
    if (i === bartSeat && converted > 0) {
      for (let k = 0; k < converted; k++) takeArrow(s, p, ev);
      amount -= converted;
    }
    if (loseLife(s, p, amount, cause, active.id, ev) > 0 && p.character === "el_gringo") elGringoHit = true;
  });
  if (afterDamage(s, active.id, ev)) return true;
  if (elGringoHit && active.alive) s.pending.unshift({ kind: "takeArrows", count: 1 });
  return true;
}

/**
 * Eliminations, then the end of the game (R3.10), then R3.11: if the active player fell, the rest of
 * the turn is dropped. Returns true when the game is over or the turn ended.
 */
export function afterDamage(s: GameState, by: string | null, ev: GameEvent[]): boolean {
  const eliminated = processEliminations(s, by, ev);
  if (checkEnd(s, eliminated, by, ev)) return true;
  if (!s.players[s.turn]!.alive) {
    s.pending = [{ kind: "endTurn" }];
    return true;
  }
  return false;
}

/** R3.7, C5: each beer gives 1 life (Jesse Jones at 4 or less, to himself: 2), in die order. */
export function beersStep(s: GameState, ev: GameEvent[]): void {
  const active = s.players[s.turn]!;
  const beers = [...s.choices!.beers].sort((a, b) => a.die - b.die);
  for (const beer of beers) {
    const target = s.players.find((p) => p.id === beer.target)!;
    const amount = target === active && active.character === "jesse_jones" && active.life <= 4 ? 2 : 1;
    gainLife(target, amount, "beer", ev);
  }
}

/**
 * C7, R3.8, C16: Kit Carlson's arrow discards, then the Gatling fires once with enough `gatling` dice:
 * the active player's arrows all return, then the hits follow as their own step.
 */
export function gatlingStep(s: GameState, ev: GameEvent[]): void {
  const active = s.players[s.turn]!;
  for (const id of s.choices!.arrowDiscards ?? []) {
    const p: PlayerState = s.players.find((x) => x.id === id)!;
    returnArrows(s, p, 1, "kit_carlson", ev);
  }
  if (!gatlingFires(s.dice, active.character)) return;
  ev.push({ type: "gatlingFired", player: active.id });
  returnArrows(s, active, active.arrows, "gatling", ev);
  s.pending.unshift({ kind: "gatlingHits" });
}
