import { seededSource, type RandomSource } from "@bang/game-core";
import { phaseOf, settle, waitingFor } from "./flow.js";
import { seat, type Ctx } from "./rules/context.js";
import { ruleError } from "./rules/errors.js";
import { checkPlay, type PlayTable } from "./rules/legality.js";
import { phase1 } from "./rules/phase1.js";
import { removeCard, toDiscard } from "./rules/piles.js";
import { performPlay } from "./rules/play.js";
import { choose, keep, pass, pick, respond, sidAbility, useBarrel } from "./rules/respond.js";
import { endDiscard, endPlay, handLimit, nextTurn } from "./rules/turn.js";
import { cardsCommand } from "./schemas.js";
import { quickWellFormed } from "./wire.js";
import type { ApplyResult, Command, CommandType, FlowStep, GameEvent, GameState, Phase, PlayerState, RuleError } from "./types.js";

/**
 * The commands each phase takes (SCENARIOS-cards.md "Commands"); anything else there is WRONG_PHASE.
 * Sid Ketchum's `ability` wherever the engine waits for a command of his (E10.12: "at any time").
 */
export const PHASE_COMMANDS: Readonly<Partial<Record<Phase, readonly CommandType[]>>> = {
  draw: ["draw", "ability"],
  play: ["play", "end", "ability"],
  discard: ["discard", "ability"],
  response: ["respond", "barrel", "pass", "ability"],
  choice: ["keep", "choose"],
  generalStore: ["pick", "ability"],
};

/** The legality table of a state for player `me` (the same checks bots run on their view). */
export function playTable(s: GameState, me: string): PlayTable {
  return {
    seats: s.players.map((p) => ({ id: p.id, character: p.character, life: p.life, maxLife: p.maxLife, alive: p.alive, inPlay: p.inPlay, handSize: p.hand.length, role: p.role })),
    me,
    hand: seat(s, me).hand,
    bangsPlayed: s.bangsPlayed,
  };
}

/**
 * Checks a command in the order of SCENARIOS-cards.md up to WRONG_PHASE: INVALID_COMMAND (malformed,
 * unknown card or player ids), NOT_YOUR_TURN, WRONG_PHASE. Null when the command may be performed.
 */
export function validateCommand(s: GameState, command: Command): RuleError | null {
  if (command === null || typeof command !== "object") return ruleError("INVALID_COMMAND", "command: must be an object");
  // The schema decides whenever the quick check cannot vouch for the command (wire.ts); it accepts all the quick check accepts.
  if (!quickWellFormed(command)) {
    const { by: _by, ...wire } = command as Command & Record<string, unknown>;
    const parsed = cardsCommand.safeParse(wire);
    if (!parsed.success) return ruleError("INVALID_COMMAND", parsed.error.issues.map((i) => `${i.path.join(".") || "command"}: ${i.message}`).join("; "));
  }
  const by = command.by;
  if (typeof by !== "string" || !s.players.some((p) => p.id === by)) return ruleError("INVALID_COMMAND", `by: unknown player ${JSON.stringify(by)}`);
  const named = [("target" in command ? command.target : undefined), command.type === "draw" && command.from !== "deck" && command.from !== "discard" ? command.from : undefined];
  for (const id of named) if (id !== undefined && !s.players.some((p) => p.id === id)) return ruleError("INVALID_COMMAND", `unknown player ${JSON.stringify(id)}`);
  if (waitingFor(s) !== by) return ruleError("NOT_YOUR_TURN", `the game waits for ${String(waitingFor(s))}`);
  const phase = phaseOf(s);
  if (!(PHASE_COMMANDS[phase] ?? []).includes(command.type)) return ruleError("WRONG_PHASE", `${command.type}: not in phase ${phase}`);
  return null;
}

/** Performs a validated command on the draft; a refusal from here on is returned (the draft is dropped). */
function perform(ctx: Ctx, command: Command): RuleError | null {
  const { s } = ctx;
  const by = command.by;
  switch (command.type) {
    case "draw":
      return phase1(ctx, by, command.from);
    case "keep":
      return keep(ctx, by, command.cards);
    case "choose":
      return choose(ctx, by, command.card);
    case "play": {
      const intent = { card: command.card, target: command.target, targetCard: command.targetCard, as: command.as };
      const error = checkPlay(playTable(s, by), intent);
      if (error) return error;
      return performPlay(ctx, by, intent);
    }
    case "respond":
      return respond(ctx, by, command.card);
    case "barrel":
      return useBarrel(ctx, by, command.source);
    case "pass":
      return pass(ctx, by);
    case "pick":
      return pick(ctx, by, command.card);
    case "ability": {
      const error = sidAbility(ctx, by, command.cards);
      if (error === null && s.phase === "discard" && s.pending.length === 0) endDiscard(ctx);
      return error;
    }
    case "end":
      endPlay(ctx);
      return null;
    case "discard": {
      const me = seat(s, by);
      if (new Set(command.cards).size !== command.cards.length) return ruleError("INVALID_COMMAND", "cards: a card is named twice");
      const missing = command.cards.find((c) => !me.hand.includes(c));
      if (missing) return ruleError("NOT_IN_HAND", `cards: ${missing} is not in your hand`);
      const excess = me.hand.length - handLimit(me.life);
      if (command.cards.length !== excess) return ruleError("WRONG_DISCARD_COUNT", `cards: discard exactly ${excess} (E3.4)`);
      for (const c of command.cards) removeCard(me.hand, c);
      toDiscard(ctx, command.cards);
      ctx.events.push({ type: "discarded", player: by, cards: [...command.cards], reason: "phase3" });
      nextTurn(ctx);
      return null;
    }
  }
}

/** A copy of a pending step whose arrays are fresh (steps are mutated in place by the rules). */
function copyStep(step: FlowStep): FlowStep {
  switch (step.t) {
    case "shot":
      return { ...step, used: step.used.slice() };
    case "store":
      return { ...step, cards: step.cards.slice(), order: step.order.slice() };
    case "kit":
      return { ...step, cards: step.cards.slice() };
    case "lucky":
      return { ...step, cards: step.cards.slice(), purpose: { ...step.purpose } };
    default:
      return { ...step };
  }
}

/**
 * A copy of a seat whose hand and play area are fresh. Written out field by field, not with a spread:
 * spreading a seat that was itself spread made V8 copy it on a slow path (the games-per-second bench).
 */
function copySeat(p: PlayerState): PlayerState {
  return { id: p.id, role: p.role, character: p.character, life: p.life, maxLife: p.maxLife, alive: p.alive, hand: p.hand.slice(), inPlay: p.inPlay.slice() };
}

/**
 * A copy of a state whose mutable parts (seats, hands, play areas, piles, queue) are fresh; the rest is
 * shared and never mutated. Written out field by field: it runs once per command, on the hot path.
 */
export function draftOf(s: GameState): GameState {
  return {
    stateId: s.stateId,
    players: s.players.map(copySeat),
    deck: s.deck.slice(),
    discard: s.discard.slice(),
    turn: s.turn,
    turnNumber: s.turnNumber,
    phase: s.phase,
    bangsPlayed: s.bangsPlayed,
    pending: s.pending.map(copyStep),
    winner: s.winner,
    eightPlayers: s.eightPlayers,
    reshuffles: s.reshuffles.map((r) => r.slice()),
    rng: s.rng,
  };
}

/**
 * The reducer: applies one command and runs the game on until it waits for a player or is over. Pure:
 * `state` is not modified; a refused command returns its RuleError and changes nothing (DESIGN
 * invariant 6). Randomness (reshuffles, random hand cards) comes from `random` (default: the game's
 * seeded generator, whose state the game keeps).
 */
export function applyCommand(state: GameState, command: Command, random: RandomSource = seededSource): ApplyResult {
  const error = validateCommand(state, command);
  if (error) return { ok: false, error };
  const events: GameEvent[] = [];
  const ctx: Ctx = { s: draftOf(state), random, events };
  const refused = perform(ctx, command);
  if (refused) return { ok: false, error: refused };
  settle(ctx);
  ctx.s.stateId++;
  return { ok: true, state: ctx.s, events };
}

