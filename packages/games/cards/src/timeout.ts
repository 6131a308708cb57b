import type { WireCommand } from "@bang/game-core";
import { phaseOf, waitingFor } from "./flow.js";
import { seat } from "./rules/context.js";
import { handLimit } from "./rules/turn.js";
import type { Command, GameState, PlayerId } from "./types.js";

/**
 * The command played for `player` whose timer ran out (DESIGN invariant 7), or null when the game does
 * not wait for him: phase 1 draws from the draw pile; phase 2 ends (`end`); phase 3 discards the excess,
 * the cards last taken first; an answer window takes the hit (`pass`: no Missed!, no Beer); Kit
 * Carlson keeps his first two cards, Lucky Duke takes his first card, a General Store pick takes the
 * first card. The engine never waits on a player with nothing to answer (flow.ts), so no timer runs then.
 */
export function timeoutCommand(s: GameState, player: PlayerId): WireCommand<Command> | null {
  if (waitingFor(s) !== player) return null;
  const step = s.pending[0];
  switch (phaseOf(s)) {
    case "draw":
      return { type: "draw" };
    case "play":
      return { type: "end" };
    case "discard": {
      const p = seat(s, player);
      const excess = p.hand.length - handLimit(p.life);
      return { type: "discard", cards: p.hand.slice(p.hand.length - excess) };
    }
    case "response":
      return { type: "pass" };
    case "choice":
      if (step?.t === "kit") return { type: "keep", cards: step.cards.slice(0, 2) };
      if (step?.t === "lucky") return { type: "choose", card: step.cards[0]! };
      return null;
    case "generalStore":
      return step?.t === "store" ? { type: "pick", card: step.cards[0]! } : null;
    default:
      return null;
  }
}
