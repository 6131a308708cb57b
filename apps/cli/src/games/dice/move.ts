/**
 * The one-line moves a person types in `bang play` (the syntax `formatCommand` prints): parsed into the
 * dice game's commands. Only the syntax is checked here; whether a move is legal is the rules' call.
 * The shell's own words (help, table, quit) never reach this parser.
 */
import type { Command, PlayerId, PlayerView, RuleError } from "@bang/game-dice";

/** A line read: the command it stands for, or why it is not one (INVALID_COMMAND). */
export type Move = { command: Command } | { refusal: RuleError };

const ALIASES: Record<string, string> = { r: "roll", rr: "reroll", s: "stop", keep: "stop" };

const invalid = (message: string): Move => ({ refusal: { code: "INVALID_COMMAND", message } });

/** A player named by id (`p3`), by seat number (`3`), or `me`; unknown names are kept for the rules to refuse. */
export function playerNamed(token: string, view: PlayerView, me: PlayerId): PlayerId {
  const t = token.trim();
  if (/^(me|you|self|myself)$/i.test(t)) return me;
  const byId = view.players.find((p) => p.id.toLowerCase() === t.toLowerCase());
  if (byId) return byId.id;
  if (/^\d+$/.test(t)) {
    const seat = view.players[Number(t) - 1];
    if (seat) return seat.id;
  }
  return t;
}

/** A die index 0..4 written by a person; NaN when it is not a number. */
const dieNumber = (token: string): number => (/^\d+$/.test(token) ? Number(token) : NaN);

function parseResolve(args: string[], view: PlayerView, me: PlayerId): Move {
  const command: Extract<Command, { type: "resolve" }> = { type: "resolve", by: me, shots: [], beers: [] };
  for (const arg of args) {
    const [key = "", value = ""] = arg.split(":", 2);
    if (key.toLowerCase() === "slab") {
      const m = /^(\d)\s*[>,/]\s*(\d)$/.exec(value);
      if (!m) return invalid(`"${arg}": write slab:BEER>SHOT, e.g. slab:2>1 (beer die 2 doubles shot die 1)`);
      command.slab = { beer: Number(m[1]), shot: Number(m[2]) };
    } else if (key.toLowerCase() === "discard") {
      const ids = value.split(",").filter((x) => x.length > 0);
      if (ids.length === 0) return invalid(`"${arg}": write discard:ID[,ID...], e.g. discard:p2,p4`);
      command.arrowDiscards = [...(command.arrowDiscards ?? []), ...ids.map((id) => playerNamed(id, view, me))];
    } else {
      const die = dieNumber(key);
      if (!arg.includes(":") || !Number.isInteger(die) || die > 4 || value.length === 0) {
        return invalid(`"${arg}": write DIE:PLAYER, e.g. 1:p3 (die 1 targets p3)`);
      }
      const target = { die, target: playerNamed(value, view, me) };
      (view.dice[die] === "beer" ? command.beers : command.shots).push(target);
    }
  }
  return { command };
}

/**
 * Parses one line: `roll`, `reroll 0 2 4`, `stop`, `resolve 1:p3 2:me slab:2>1 discard:p4`,
 * `heal p3`, `react 1`. Player names are ids, seat numbers or `me`.
 */
export function parseMove(line: string, view: PlayerView, me: PlayerId): Move {
  const [word = "", ...args] = line.trim().split(/\s+/);
  const name = ALIASES[word.toLowerCase()] ?? word.toLowerCase();
  switch (name) {
    case "roll":
    case "stop":
      if (args.length > 0) return invalid(`${name} takes no arguments`);
      return { command: { type: name, by: me } };
    case "reroll": {
      const indexes = args.flatMap((a) => a.split(",")).filter((a) => a.length > 0).map(dieNumber);
      if (indexes.length === 0 || indexes.some((i) => !Number.isInteger(i))) return invalid("reroll: give die indexes 0..4, e.g. reroll 0 2 4");
      return { command: { type: "reroll", by: me, indexes } };
    }
    case "heal":
      if (args.length !== 1) return invalid("heal: name one player, e.g. heal p3");
      return { command: { type: "heal", by: me, target: playerNamed(args[0]!, view, me) } };
    case "react": {
      const arrows = args.length === 1 ? dieNumber(args[0]!) : NaN;
      if (!Number.isInteger(arrows)) return invalid("react: give how many arrows you take instead of life, e.g. react 1");
      return { command: { type: "react", by: me, arrows } };
    }
    case "resolve":
      return parseResolve(args, view, me);
    default:
      return invalid(`unknown command "${word}" (type help for the list)`);
  }
}
