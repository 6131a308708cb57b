import { createBotRng, type Bot, type BotRng, type Seed } from "@bang/game-core";
import { legalActions, type LegalActions } from "../legal.js";
import type { CardId, Command, PlayerId } from "../types.js";
import type { PlayerView } from "../view.js";

/** Chance (num/den) that the random bot ends phase 2 when it could still play a card. */
const END_CHANCE = [1, 4] as const;
/** Chance that Sid Ketchum uses his ability when he may. */
const ABILITY_CHANCE = [1, 3] as const;

/** `count` distinct cards of `cards`, drawn at random. */
export function randomSubset(rng: BotRng, cards: readonly CardId[], count: number): CardId[] {
  const left = [...cards];
  const out: CardId[] = [];
  for (let i = 0; i < count && left.length > 0; i++) out.push(left.splice(rng.int(0, left.length - 1), 1)[0]!);
  return out;
}

/** The command a random bot picks among `legal` (a whole family counts as one choice). */
export function randomCommand(legal: LegalActions, me: PlayerId, rng: BotRng): Command {
  if (legal.discard) return { type: "discard", by: me, cards: randomSubset(rng, legal.discard.cards, legal.discard.count) };
  if (legal.ability && rng.chance(ABILITY_CHANCE[0], ABILITY_CHANCE[1])) return { type: "ability", by: me, cards: randomSubset(rng, legal.ability.cards, 2) };
  const end = legal.commands.find((c) => c.type === "end");
  const others = legal.commands.filter((c) => c.type !== "end");
  if (end && (others.length === 0 || rng.chance(END_CHANCE[0], END_CHANCE[1]))) return { ...end, by: me } as Command;
  return { ...rng.pick(others), by: me } as Command;
}

/**
 * A random-legal bot: it reads only its own view and `legalActions(view, me)` and draws every choice
 * from its own generator seeded with `seed`: a random legal command (phase 2 ends with probability
 * 1/4 while something else is playable), a random excess in phase 3, Sid Ketchum's ability a third of
 * the time. Throws an Error when the view does not wait for `me`.
 */
export function createRandomBot(seed: Seed): Bot<PlayerView, Command> {
  const rng = createBotRng(seed);
  return {
    kind: "random",
    choose(view: PlayerView, me: PlayerId): Command {
      const legal = legalActions(view, me);
      if (legal.commands.length === 0 && !legal.discard) throw new Error(`random bot: the game does not wait for "${me}" (waiting for ${String(view.waitingFor)})`);
      return randomCommand(legal, me, rng);
    },
  };
}
