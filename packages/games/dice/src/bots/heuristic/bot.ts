import { createBotRng, type Bot, type BotRng, type Seed } from "@bang/game-core";
import { legalActions, type LegalActions } from "../../legal.js";
import type { Command, DieTarget, PlayerId, ResolveCommand } from "../../types.js";
import type { PlayerView } from "../../view.js";
import { bartArrows, kitDiscards } from "./arrows.js";
import { chooseBeer } from "./beers.js";
import { readTable, type Table } from "./knowledge.js";
import { chooseReroll } from "./rerolls.js";
import { chooseSlab, planShots } from "./shots.js";

type Resolve = Extract<LegalActions, { kind: "resolve" }>;

/**
 * A heuristic bot that plays its role from its own view only (see Table in knowledge.ts for what it
 * knows). Outlaws shoot the sheriff whenever he is in reach; deputies protect him and the sheriff
 * shoots suspects; the renegade keeps the balance (R6.1); with 3 players everyone hunts their own
 * target (R7.2). Beers go to the most endangered player the bot cares for (R3.7), Sid Ketchum's heal
 * likewise (C12); rerolls keep what serves the role (R2.1 to R2.6); Bart Cassidy takes arrows when low
 * (C1); Slab the Killer doubles a wanted shot (C13); Kit Carlson discards his and his allies' arrows
 * (C7). `seed` only breaks ties between equal choices. Each decision costs O(players x dice).
 * `choose` throws an Error when the view does not wait for `me` or is not `me`'s own view.
 */
export function createHeuristicBot(seed: Seed): Bot<PlayerView, Command> {
  const rng = createBotRng(seed);
  return {
    kind: "heuristic",
    choose(view: PlayerView, me: PlayerId): Command {
      const legal = legalActions(view, me);
      switch (legal.kind) {
        case "roll":
          return { type: "roll", by: me };
        case "heal": {
          const t = readTable(view, me);
          const heal = new Array<number>(t.players.length).fill(0);
          return { type: "heal", by: me, target: t.players[chooseBeer(t, heal, null).seat]!.id };
        }
        case "reroll": {
          const indexes = legal.rollsLeft > 0 ? chooseReroll(readTable(view, me), legal.rerollable) : null;
          return indexes ? { type: "reroll", by: me, indexes } : { type: "stop", by: me };
        }
        case "resolve":
          return resolve(readTable(view, me), legal, rng);
        case "react": {
          const seat = view.players.find((p) => p.id === me)!;
          return { type: "react", by: me, arrows: bartArrows(view, seat, legal.max) };
        }
        case "none":
          throw new Error(`heuristic bot: the game does not wait for "${me}" (waiting for ${String(view.waitingFor)})`);
      }
    },
  };
}

/** R3.2 to R3.9, C7, C13: shots first, then beers knowing who the shots and the dynamite will hurt. */
function resolve(t: Table, legal: Resolve, rng: BotRng): ResolveCommand {
  const plan = planShots(t, legal, rng);
  if (t.view.exploded) plan.damage[t.meIndex]!++; // R3.2: the dynamite hits before the beers
  const heal = new Array<number>(t.players.length).fill(0);
  const chosen: (DieTarget & { useful: boolean })[] = [];
  for (const beer of legal.beers) {
    const choice = chooseBeer(t, heal, plan.damage);
    chosen.push({ die: beer.die, target: t.players[choice.seat]!.id, useful: choice.useful });
  }
  const wasted: number[] = [];
  for (const c of chosen) if (!c.useful) wasted.push(c.die);
  const slab = chooseSlab(t, legal, plan, wasted);
  const beers: DieTarget[] = [];
  for (const c of chosen) if (c.die !== slab?.beer) beers.push({ die: c.die, target: c.target });
  const command: ResolveCommand = { type: "resolve", by: t.me.id, shots: plan.shots, beers };
  if (slab) command.slab = slab;
  const discards = kitDiscards(t, legal);
  if (discards) command.arrowDiscards = discards;
  return command;
}
