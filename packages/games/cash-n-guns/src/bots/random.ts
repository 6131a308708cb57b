import { createBotRng, type Bot, type BotRng, type Seed } from "@bang/game-core";
import { legalActions } from "../legal.js";
import type { CngCommand, PlayerId } from "../types.js";
import type { CngView } from "../view.js";

/**
 * The random-legal player: every choice drawn uniformly from `rng` among the legal actions of its own
 * view (the Godfather passes one time in two, else orders a random player). Throws when the view does
 * not wait for `me`.
 */
export function randomChoice(rng: BotRng, view: CngView, me: PlayerId): CngCommand {
  const legal = legalActions(view, me);
  switch (legal.kind) {
    case "choose_bullet":
      return { type: "choose_bullet", by: me, card: rng.pick(legal.cards) };
    case "aim":
      return { type: "aim", by: me, target: rng.pick(legal.targets) };
    case "privilege":
      return legal.players.length === 0 || rng.chance(1, 2) ? { type: "pass", by: me } : { type: "order_change", by: me, player: rng.pick(legal.players) };
    case "retarget":
      return { type: "retarget", by: me, target: rng.pick(legal.targets) };
    case "courage":
      return { type: "courage", by: me, choice: rng.pick(legal.choices) };
    case "take":
      return { type: "take", by: me, card: rng.pick(legal.cards) };
    case "none":
      throw new Error(`random bot: the game does not wait for "${me}"`);
  }
}

/** The random-legal bot (see randomChoice), with its own generator seeded by `seed`. */
export function createRandomBot(seed: Seed): Bot<CngView, CngCommand> {
  const rng = createBotRng(seed);
  return { kind: "random", choose: (view, me) => randomChoice(rng, view, me) };
}
