import { defineGame, seedSetup, type GameModule } from "@bang/game-core";
import { applyDuelCommand, duelPlayersToAct } from "./apply.js";
import { createHeuristicDuelBot } from "./bots/heuristic.js";
import { createRandomDuelBot } from "./bots/random.js";
import { standing } from "./hideout.js";
import { duelLegalActions, type DuelLegalActions } from "./legal.js";
import { createDuelMachine } from "./machine.js";
import { duelResult, SCORING } from "./result.js";
import { duelScenarios } from "./scenario/format.js";
import { duelCommand, duelEvent, duelOptions, duelSetup, duelView } from "./schemas.js";
import { createDuel, type DuelSetup } from "./setup.js";
import { DUEL_REFUSALS, type DuelCommand, type DuelEvent, type DuelState } from "./types.js";
import { duelCommandView, duelView as viewOf, type DuelView } from "./view.js";

/**
 * The duel variant of Bang! The Dice Game (../shared/RULES.md part D) as a game module: 2 players, each
 * defending a hideout of 8 cards with the same five dice. Its duel is a secret simultaneous choice
 * (R8.9): both players are awaited at once (`toAct`), a pick stays hidden from everyone but its author
 * and admins until both picked (`view`, `viewEvent`), and a player whose pick timer runs out gets a
 * card drawn from the game's seeded generator (`onTimeout`: `pickTimeout`, a server command).
 */
export const diceDuel: GameModule<DuelState, DuelCommand, DuelEvent, DuelView, DuelSetup, Record<string, never>, DuelLegalActions> = defineGame({
  id: "dice_duel",
  name: "Bang! The Dice Game: the duel",
  seats: { min: 2, max: 2 },
  legacyNames: ["duel"],
  schemas: { setup: duelSetup, options: duelOptions, command: duelCommand, view: duelView, event: duelEvent },
  refusals: DUEL_REFUSALS,
  serverCommands: ["pickTimeout"],
  scoring: SCORING,
  scenario: duelScenarios,
  bots: { heuristic: createHeuristicDuelBot, random: createRandomDuelBot },
  setupFor: ({ players, seed }) => ({ players: players.map((id) => ({ id })), ...seedSetup(seed) }),
  create: createDuel,
  apply: applyDuelCommand,
  view: viewOf,
  viewEvent: ({ command, events, state }, viewer, now) => {
    const { by, ...rest } = command;
    return { command: duelCommandView(state, rest, by, viewer, now), events };
  },
  toAct: duelPlayersToAct,
  onTimeout: (state, player) => {
    const seat = state.players.findIndex((p) => p.id === player);
    return state.phase === "duel" && state.duel && seat >= 0 && state.duel.picks[seat] === null ? { type: "pickTimeout" } : null;
  },
  result: duelResult,
  machine: createDuelMachine,
  legal: duelLegalActions,
  summary: (state) => ({
    phase: state.phase,
    turn: state.turnNumber,
    seats: Object.fromEntries(state.players.map((p) => [p.id, { out: standing(p.hideout) === 0, status: `${standing(p.hideout)}/8 cards, ${p.ammo} ammo` }])),
  }),
  facets: (state) => Object.fromEntries(state.players.map((p) => [p.id, {}])),
});
