/**
 * F9.2: a command is checked in a fixed order, and the first check that fails gives the refusal code:
 * shape (INVALID_COMMAND), a dead sender (NOT_ELIGIBLE), the step (WRONG_PHASE), a share for a player
 * who is not eligible (NOT_ELIGIBLE), whose turn (NOT_YOUR_TURN), a second secret choice
 * (ALREADY_CHOSEN), then the card or target (NO_SUCH_CARD, INVALID_TARGET). No check reads another
 * player's secret (F8.10).
 */
import { holds } from "./rules/bullets.js";
import { ruleError } from "./rules/errors.js";
import { orderError, retargetError } from "./rules/godfather.js";
import { aimError } from "./rules/hold-up.js";
import { isLootCard } from "./rules/loot.js";
import { playerOf } from "./rules/seats.js";
import { eligible } from "./rules/sharing.js";
import { BULLETS, COMMAND_TYPES, COURAGE_CHOICES, NEW_GODFATHER, SYSTEM, type CngCommand, type CngState, type CommandType, type Phase, type RuleError } from "./types.js";

/** F9: the step each command belongs to. */
export const STEP_OF: Readonly<Record<CommandType, Phase>> = {
  choose_bullet: "bullet_choice",
  aim: "hold_up",
  close_hold_up: "hold_up",
  order_change: "godfather_privilege",
  pass: "godfather_privilege",
  retarget: "retarget",
  courage: "courage",
  take: "sharing",
};

const isId = (v: unknown): v is string => typeof v === "string" && v.length > 0;

/** F9.2 check 1: the shape of a command, or the INVALID_COMMAND refusal naming the field. */
function shapeError(s: CngState, c: CngCommand): RuleError | null {
  if (c === null || typeof c !== "object" || !(COMMAND_TYPES as readonly string[]).includes((c as { type?: unknown }).type as string)) {
    return ruleError("INVALID_COMMAND", `type: unknown command "${String((c as { type?: unknown } | null)?.type)}" (one of ${COMMAND_TYPES.join(", ")})`);
  }
  const known = playerOf(s, c.by) !== undefined || (c.type === "close_hold_up" && c.by === SYSTEM);
  if (!known) return ruleError("INVALID_COMMAND", `by: no player "${String(c.by)}" at this table`);
  switch (c.type) {
    case "choose_bullet":
      return (BULLETS as readonly unknown[]).includes(c.card) ? null : ruleError("INVALID_COMMAND", "card: click or bang");
    case "aim":
    case "retarget":
      return isId(c.target) ? null : ruleError("INVALID_COMMAND", "target: a player id");
    case "order_change":
      return isId(c.player) ? null : ruleError("INVALID_COMMAND", "player: a player id");
    case "courage":
      return (COURAGE_CHOICES as readonly unknown[]).includes(c.choice) ? null : ruleError("INVALID_COMMAND", "choice: stand or lie_down");
    case "take":
      return isLootCard(c.card) || c.card === NEW_GODFATHER ? null : ruleError("INVALID_COMMAND", "card: a loot card id or new_godfather");
    default:
      return null;
  }
}

/** F9.2: checks command `c` against state `s`; returns the first refusal, or null when it is legal. */
export function validateCommand(s: CngState, c: CngCommand): RuleError | null {
  const shape = shapeError(s, c);
  if (shape) return shape;
  const me = playerOf(s, c.by);
  if (me && !me.alive) return ruleError("NOT_ELIGIBLE", `by: "${c.by}" is dead (F4.5)`);
  if (s.phase !== STEP_OF[c.type]) return ruleError("WRONG_PHASE", `${c.type}: belongs to ${STEP_OF[c.type]}, the game is in ${s.phase}`);
  switch (c.type) {
    case "choose_bullet":
      if (me!.bullet !== null) return ruleError("ALREADY_CHOSEN", "choose_bullet: your card is chosen; a choice is final (F10.16)");
      return holds(me!, c.card) ? null : ruleError("NO_SUCH_CARD", `card: you hold no ${c.card} (F3.3)`);
    case "aim":
      if (me!.aimed) return ruleError("ALREADY_CHOSEN", "aim: you have aimed; a choice is final (F10.16)");
      return aimError(s, c.by, c.target);
    case "close_hold_up":
      return null;
    case "order_change":
      if (c.by !== s.godfather) return ruleError("NOT_YOUR_TURN", `order_change: only the Godfather (${s.godfather}) gives the order (F3.6)`);
      return orderError(s, c.player);
    case "pass":
      return c.by === s.godfather ? null : ruleError("NOT_YOUR_TURN", `pass: only the Godfather (${s.godfather}) passes (F3.6)`);
    case "retarget":
      if (c.by !== s.order?.player) return ruleError("NOT_YOUR_TURN", `retarget: the Godfather ordered ${s.order?.player ?? "nobody"}`);
      return retargetError(s, c.by, c.target);
    case "courage":
      if (me!.courage !== null) return ruleError("ALREADY_CHOSEN", "courage: you have chosen; a choice is final (F10.16)");
      return null;
    case "take":
      if (!eligible(me!)) return ruleError("NOT_ELIGIBLE", `take: "${c.by}" lay down or was wounded this round and takes no share (F5.1)`);
      if (c.by !== s.shareTurn) return ruleError("NOT_YOUR_TURN", `take: it is ${s.shareTurn}'s share (F5.2)`);
      if (c.card === NEW_GODFATHER) return s.tile === "available" ? null : ruleError("NO_SUCH_CARD", "card: the New Godfather tile is taken this round (F5.5)");
      return s.table.includes(c.card) ? null : ruleError("NO_SUCH_CARD", `card: no ${c.card} on the table`);
  }
}
