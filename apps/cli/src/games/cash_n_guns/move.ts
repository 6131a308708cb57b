/**
 * The one-line moves of Ca$h 'n Guns (RULES-cash-n-guns.md F9's command words) as a person types them,
 * and back: `choose_bullet click|bang`, `aim PLAYER`, `order_change PLAYER`, `pass`, `retarget PLAYER`,
 * `courage stand|lie_down`, `take CARD|new_godfather`. Short forms: `bullet`, `order`, `tile`, and the
 * bare words `click`, `bang`, `stand`, `lie_down` (or `lie down`) and a loot card. Only the syntax is
 * checked here; whether a move is legal is the rules' call.
 */
import { BULLETS, COURAGE_CHOICES, isLootCard, NEW_GODFATHER, type Bullet, type CngCommand, type CngView, type Courage, type PlayerId } from "@bang/game-cash-n-guns";
import type { Refusal } from "@bang/game-core";

/** A line read: the command it stands for, or why it is not one (INVALID_COMMAND). */
export type CngMove = { command: CngCommand } | { refusal: Refusal };

const invalid = (message: string): CngMove => ({ refusal: { code: "INVALID_COMMAND", message } });

/** A command in the syntax a person types (and logs show): `aim p3`, `take painting`. */
export function formatCommand(c: CngCommand): string {
  switch (c.type) {
    case "choose_bullet":
    case "take":
      return `${c.type} ${c.card}`;
    case "aim":
    case "retarget":
      return `${c.type} ${c.target}`;
    case "order_change":
      return `order_change ${c.player}`;
    case "courage":
      return `courage ${c.choice}`;
    case "pass":
    case "close_hold_up":
      return c.type;
  }
}

/** A player named by id (`p3`) or seat number (`3`); null for anything else. */
export function playerNamed(token: string, view: CngView): PlayerId | null {
  const t = token.trim().toLowerCase();
  const byId = view.players.find((p) => p.id.toLowerCase() === t);
  if (byId) return byId.id;
  if (/^\d+$/.test(t)) return view.players[Number(t) - 1]?.id ?? null;
  return null;
}

/** `click`/`bang` (or `c`/`b`), or null. */
export function bulletNamed(token: string): Bullet | null {
  const t = token.trim().toLowerCase();
  return BULLETS.find((b) => b === t || b[0] === t) ?? null;
}

/** `stand`/`lie_down` (also `lie down`, `lie`, `s`, `l`), or null. */
export function courageNamed(text: string): Courage | null {
  const t = text.trim().toLowerCase().replace(/[\s-]+/g, "_");
  if (t === "s") return "stand";
  if (t === "l" || t === "lie") return "lie_down";
  return COURAGE_CHOICES.find((c) => c === t) ?? null;
}

/** A loot card id or the tile (`tile`, `godfather`), or null. */
export function shareNamed(token: string): Extract<CngCommand, { type: "take" }>["card"] | null {
  const t = token.trim().toLowerCase();
  if (t === NEW_GODFATHER || t === "tile" || t === "godfather") return NEW_GODFATHER;
  return isLootCard(t) ? t : null;
}

/** Parses one line typed by `me` in `view` (a bare menu key is the prompt's, not this parser's). */
export function parseMove(line: string, view: CngView, me: PlayerId): CngMove {
  const [word = "", ...args] = line.trim().split(/\s+/);
  const verb = word.toLowerCase();
  const by = me;
  const one = (what: string) => (args.length === 1 ? args[0]! : null);
  switch (verb) {
    case "choose_bullet":
    case "bullet": {
      const card = one(verb) === null ? null : bulletNamed(args[0]!);
      return card ? { command: { type: "choose_bullet", by, card } } : invalid(`${verb}: click or bang`);
    }
    case "aim":
    case "retarget":
    case "order_change":
    case "order": {
      const player = one(verb) === null ? null : playerNamed(args[0]!, view);
      if (player === null) return invalid(`${verb}: name one player by id or seat number, e.g. ${verb} p3`);
      if (verb === "aim" || verb === "retarget") return { command: { type: verb, by, target: player } };
      return { command: { type: "order_change", by, player } };
    }
    case "pass":
      return args.length > 0 ? invalid("pass takes no arguments") : { command: { type: "pass", by } };
    case "courage": {
      const choice = courageNamed(args.join(" "));
      return choice ? { command: { type: "courage", by, choice } } : invalid("courage: stand or lie_down");
    }
    case "take": {
      const card = one(verb) === null ? null : shareNamed(args[0]!);
      return card ? { command: { type: "take", by, card } } : invalid(`take: a loot card on the table (e.g. take painting) or ${NEW_GODFATHER}`);
    }
    default: {
      const bullet = args.length === 0 ? bulletNamed(word) : null;
      if (bullet && word.length > 1) return { command: { type: "choose_bullet", by, card: bullet } };
      const courage = courageNamed(line);
      if (courage && word.length > 1) return { command: { type: "courage", by, choice: courage } };
      const share = args.length === 0 ? shareNamed(word) : null;
      if (share) return { command: { type: "take", by, card: share } };
      return invalid(`unknown command "${word}" (type a menu key, or help for the list)`);
    }
  }
}
