/**
 * The duel reducer: checks a duel command in the same fixed order as the dice game (game over, known
 * command, player, whose move it is, phase, fields), then applies it to a draft. Pure.
 */
import { drawIndex, seededSource, type RandomSource } from "@bang/game-core";
import { checkReroll } from "@bang/game-dice";
import { ruleError } from "./errors.js";
import { copyHideout } from "./hideout.js";
import { performEffect, performPick, validateEffect } from "./picks.js";
import { resolveDuelTurn } from "./resolve.js";
import { endDuelRolling, performDuelThrow } from "./rolling.js";
import { DUEL_CARDS, DUEL_COMMAND_TYPES, type DuelApplyResult, type DuelCommand, type DuelEvent, type DuelState, type PlayerId, type RuleError } from "./types.js";

/** A copy of a duel state whose mutable parts are fresh (players, hideouts, dice, duel). */
export function duelDraftOf(s: DuelState): DuelState {
  return {
    ...s,
    players: s.players.map((p) => ({ id: p.id, hideout: copyHideout(p.hideout), ammo: p.ammo })),
    dice: s.dice.slice(),
    duel: s.duel && { starter: s.duel.starter, round: s.duel.round, picks: s.duel.picks.slice() },
  };
}

/**
 * Who the game waits for: during a duel (R8.9) every player who has not picked yet, in seat order;
 * otherwise the active player; nobody at game over.
 */
export function duelPlayersToAct(s: DuelState): PlayerId[] {
  if (s.phase === "gameOver") return [];
  if (s.phase === "duel" && s.duel) return s.players.filter((_, i) => s.duel!.picks[i] === null).map((p) => p.id);
  return [s.players[s.turn]!.id];
}

/** Checks a duel command against the state (see the file comment). Returns the refusal, or null. */
export function validateDuelCommand(s: DuelState, c: DuelCommand): RuleError | null {
  if (c === null || typeof c !== "object" || !(DUEL_COMMAND_TYPES as readonly string[]).includes((c as DuelCommand).type)) {
    return ruleError("INVALID_COMMAND", `type: unknown duel command "${String((c as { type?: unknown })?.type)}" (one of ${DUEL_COMMAND_TYPES.join(", ")})`);
  }
  if (s.phase === "gameOver") return ruleError("WRONG_PHASE", `${c.type}: the game is over`);
  const seat = s.players.findIndex((p) => p.id === c.by);
  if (seat < 0) return ruleError("INVALID_COMMAND", `by: no player "${String(c.by)}" at this table`);
  if (c.type === "pick" || c.type === "pickTimeout") {
    if (s.phase !== "duel" || !s.duel) return ruleError("WRONG_PHASE", `${c.type}: there is no duel to pick for (R8.9)`);
    if (s.duel.picks[seat] !== null) return ruleError("ALREADY_PICKED", `${c.type}: "${c.by}" already picked for this duel (R8.9)`);
    if (c.type === "pick" && !(DUEL_CARDS as readonly unknown[]).includes(c.card)) {
      return ruleError("INVALID_COMMAND", `pick.card: must be one of ${DUEL_CARDS.join(", ")}`);
    }
    return null;
  }
  if (s.phase === "duel") return ruleError("WRONG_PHASE", `${c.type}: the duel waits for both picks (R8.9)`);
  const active = s.players[s.turn]!.id;
  if (c.by !== active) return ruleError("NOT_YOUR_TURN", `${c.type}: the game waits for "${active}", not "${c.by}"`);
  switch (c.type) {
    case "roll":
      if (s.phase !== "rolling") return ruleError("WRONG_PHASE", `roll: not allowed while ${s.phase}`);
      if (s.rolls > 0) return ruleError("WRONG_PHASE", "roll: the dice were already thrown this turn; use reroll or stop");
      return null;
    case "reroll":
      if (s.phase !== "rolling") return ruleError("WRONG_PHASE", `reroll: rolling has ended (${s.phase})`);
      return checkReroll(s.dice, s.rolls, c.indexes, (face) => face !== "dynamite") as RuleError | null;
    case "stop":
      if (s.phase !== "rolling" || s.rolls === 0) return ruleError("WRONG_PHASE", s.rolls === 0 ? "stop: throw the dice first (roll)" : `stop: rolling has ended (${s.phase})`);
      return null;
    case "resolve":
      // Checked while it runs on a draft (resolveDuelTurn).
      if (s.phase !== "resolving") return ruleError("WRONG_PHASE", `resolve: not allowed while ${s.phase}`);
      return null;
    case "effect":
      if (s.phase !== "duelEffect" || !s.effect) return ruleError("WRONG_PHASE", `effect: no card effect waits for a choice (${s.phase})`);
      return validateEffect(s, c.cards);
  }
}

/**
 * The duel reducer: applies one command and runs the game on until it waits for a player or is over.
 * Pure: `state` is not modified. A refused command returns its RuleError and no state. Dice come from
 * `random`; a `pickTimeout` card comes from the game's seeded generator (R8.9), so it replays.
 */
export function applyDuelCommand(state: DuelState, c: DuelCommand, random: RandomSource = seededSource): DuelApplyResult {
  const error = validateDuelCommand(state, c);
  if (error) return { ok: false, error };
  const s = duelDraftOf(state);
  const ev: DuelEvent[] = [];
  const seat = s.players.findIndex((p) => p.id === c.by);
  switch (c.type) {
    case "roll":
      performDuelThrow(s, [0, 1, 2, 3, 4], random, ev);
      break;
    case "reroll":
      performDuelThrow(s, c.indexes, random, ev);
      break;
    case "stop":
      endDuelRolling(s, ev);
      break;
    case "resolve": {
      const refused = resolveDuelTurn(s, c, ev);
      if (refused) return { ok: false, error: refused };
      break;
    }
    case "pick":
      performPick(s, seat, c.card, false, ev);
      break;
    case "pickTimeout": {
      const drawn = drawIndex(s.rng, DUEL_CARDS.length);
      s.rng = drawn.rng;
      performPick(s, seat, DUEL_CARDS[drawn.index]!, true, ev);
      break;
    }
    case "effect":
      performEffect(s, c.cards, ev);
      break;
  }
  s.stateId++;
  return { ok: true, state: s, events: ev };
}
