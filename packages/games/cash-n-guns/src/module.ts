import { defineGame, seedSetup, type GameModule } from "@bang/game-core";
import { applyCommand, playersToAct } from "./apply.js";
import { createHeuristicBot } from "./bots/heuristic.js";
import { createRandomBot } from "./bots/random.js";
import { legalActions, type CngLegalActions } from "./legal.js";
import { createCngMachine } from "./machine.js";
import { cngResult, SCORING } from "./result.js";
import { cngScenarios } from "./scenario/format.js";
import { cngCommand, cngEvent, cngOptions, cngSetup, cngViewSchema } from "./schemas.js";
import { createCashNGuns, type CngSetup } from "./setup.js";
import { timeoutCommand } from "./timeout.js";
import { CNG_REFUSALS, type CngCommand, type CngEvent, type CngState } from "./types.js";
import { cngView, commandView, eventsView, historyViewer, type CngView } from "./view.js";

/**
 * Ca$h 'n Guns, Second Edition (RULES-cash-n-guns.md part F) as a game module: 4 to 8 players, 8
 * rounds of loot, bullets and courage. Its bullet choice, hold-up and courage are simultaneous secret
 * choices: every living player is awaited at once (`toAct`), a choice is seen by its author only until
 * the one event that reveals them all (`view`, `viewEvent`), a card discarded face down is never shown
 * to anyone else, and a clip's outcome is its taker's (F8). A hold-up whose timer runs out closes
 * (`onTimeout`: `close_hold_up`, a server command, F3.5, F10.15); elsewhere `onTimeout` is null and the
 * server's bot plays for the absent player (F10.15). Powers (F11) are not part of it: a table with powers is refused.
 */
export const cashNGuns: GameModule<CngState, CngCommand, CngEvent, CngView, CngSetup, { powers?: false | undefined }, CngLegalActions> = defineGame({
  id: "cash_n_guns",
  name: "Ca$h 'n Guns",
  seats: { min: 4, max: 8 },
  // F8.2, F8.8: the seed deals the loot piles a game may end before laying out, and tells the cards
  // discarded face down, which nobody but their owner ever sees.
  seedSecretAfterEnd: true,
  schemas: { setup: cngSetup, options: cngOptions, command: cngCommand, view: cngViewSchema, event: cngEvent },
  refusals: CNG_REFUSALS,
  serverCommands: ["close_hold_up"],
  scoring: SCORING,
  scenario: cngScenarios,
  bots: { heuristic: createHeuristicBot, random: createRandomBot },
  setupFor: ({ players, seed }) => ({ players: players.map((id) => ({ id })), ...seedSetup(seed) }),
  create: createCashNGuns,
  apply: applyCommand,
  view: cngView,
  viewEvent: ({ command, events, state }, viewer, now) => {
    const shownTo = historyViewer(now ?? state, viewer);
    return { command: commandView(state, now ?? state, command, shownTo, events), events: eventsView(events, shownTo) };
  },
  toAct: playersToAct,
  onTimeout: timeoutCommand,
  result: cngResult,
  machine: createCngMachine,
  legal: legalActions,
  summary: (state) => ({
    phase: state.phase,
    turn: state.round,
    seats: Object.fromEntries(
      state.players.map((p) => [p.id, { out: !p.alive, status: p.alive ? `${p.wounds}/3 wounds, ${p.loot.length} loot` : "dead" }]),
    ),
  }),
  facets: (state) => Object.fromEntries(state.players.map((p) => [p.id, {}])),
});
