/**
 * Text of Bang! The Dice Game for people: the table of a game as one viewer sees it, short lines for
 * events, commands in the one-line syntax `bang play` reads, and the winner. Everything here reads a
 * PlayerView (never the full state), so what a player is shown is what the rules let them see.
 */
import { canReroll, THREE_PLAYER_TARGET, type Command, type Face, type GameEvent, type PlayerView, type Role, type SeatView, type Winner } from "@bang/game-dice";
import { columns } from "../../shell/text.js";

/** `[0] arrow  [1] 2  [2] dynamite (locked)`: the dice with their indexes. */
export function describeDice(dice: readonly Face[], lockedFor?: SeatView["character"]): string {
  if (dice.length === 0) return "not thrown yet";
  return dice.map((face, i) => `[${i}] ${face}${lockedFor && !canReroll(face, lockedFor) ? " (locked)" : ""}`).join("  ");
}

/** What each role plays for (R6, R7.2), for the player's own reminder. */
export function roleGoal(role: Role, players: number): string {
  if (players === 3 && role !== "sheriff") return `eliminate the ${THREE_PLAYER_TARGET[role]} yourself, or be the last one alive`;
  switch (role) {
    case "sheriff":
      return "eliminate every outlaw and renegade";
    case "deputy":
      return "keep the sheriff alive; eliminate every outlaw and renegade";
    case "outlaw":
      return "eliminate the sheriff";
    case "renegade":
      return "be the last one alive, the sheriff last";
  }
}

function phaseLine(view: PlayerView): string {
  switch (view.phase) {
    case "rolling":
      if (view.healPending) return "choosing whom Sid Ketchum heals";
      return view.rolls === 0 ? "about to roll" : `rolling, roll ${view.rolls} of ${view.maxRolls}`;
    case "resolving":
      return "resolving the dice";
    case "reaction":
      return `waiting for ${view.reaction?.player ?? "?"} (bart_cassidy) to answer`;
    case "indianAttack":
      return "Indian attack";
    case "gameOver":
      return "done";
  }
}

/**
 * The table as `view.viewer` sees it: seats in order with character, life/max, arrows, state and the
 * roles the view shows; the arrow pile, whose turn it is, and the dice with their indexes.
 */
export function renderTable(view: PlayerView): string {
  const me = view.viewer.kind === "player" ? view.viewer.id : null;
  const header = ["", "seat", "player", "character", "life", "arrows", "role", ""];
  const rows = view.players.map((p, i) => [
    p.id === view.turn && view.phase !== "gameOver" ? ">" : "",
    String(i + 1),
    p.id === me ? `${p.id} (you)` : p.id,
    p.character,
    `${p.life}/${p.maxLife}`,
    String(p.arrows),
    p.role ?? "?",
    p.alive ? "" : "eliminated",
  ]);
  const active = view.players.find((p) => p.id === view.turn);
  const lines = [
    view.phase === "gameOver"
      ? `Turn ${view.turnNumber}: the game is over. Arrows in the pile: ${view.arrowsInPile}.`
      : `Turn ${view.turnNumber}: ${view.turn}${view.turn === me ? " (you)" : ""} is ${phaseLine(view)}. Arrows in the pile: ${view.arrowsInPile}.`,
    ...columns([header, ...rows], " "),
    `Dice: ${describeDice(view.dice, view.phase === "rolling" ? active?.character : undefined)}`,
  ];
  const mine = view.players.find((p) => p.id === me);
  if (mine?.role) lines.push(`You are ${mine.id}, ${mine.character}, the ${mine.role}: ${roleGoal(mine.role, view.players.length)}.`);
  return lines.join("\n");
}

/** `the outlaws win (p2, p4)`. */
export function describeWinner(winner: Winner): string {
  const who = winner.players.join(", ");
  switch (winner.team) {
    case "law":
      return `the law wins (sheriff and deputies: ${who})`;
    case "outlaws":
      return `the outlaws win (${who})`;
    default:
      return `the ${winner.team} wins (${who})`;
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * One short line per thing that happened (who rolled what, who shot whom, Indian attacks,
 * eliminations). Runs of arrows taken by one player are one line; bookkeeping events are skipped.
 */
export function describeEvents(events: readonly GameEvent[], players: readonly Pick<SeatView, "id" | "character">[]): string[] {
  const character = (id: string) => players.find((p) => p.id === id)?.character ?? "?";
  const lines: string[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    switch (e.type) {
      case "turnStarted":
        lines.push(`-- turn ${e.turn}: ${e.player} (${character(e.player)}) --`);
        break;
      case "diceRolled":
        lines.push(
          e.roll === 1
            ? `${e.player} rolls: ${e.dice.join(" ")}`
            : `${e.player} rerolls ${e.indexes.join(" ")} (roll ${e.roll}): ${e.dice.join(" ")}`,
        );
        break;
      case "arrowTaken": {
        let n = 1;
        let last = e;
        while (events[i + 1]?.type === "arrowTaken" && (events[i + 1] as typeof e).player === e.player) {
          last = events[++i] as typeof e;
          n++;
        }
        lines.push(`${e.player} takes ${plural(n, "arrow")} (pile: ${last.arrowsInPile})`);
        break;
      }
      case "indianAttack":
        lines.push(`Indian attack! ${e.losses.length === 0 ? "nobody is hurt" : e.losses.map((l) => `${l.player} -${l.life}`).join(", ")}`);
        break;
      case "dynamiteExploded":
        lines.push(`${e.player}'s dynamite explodes!`);
        break;
      case "lifeLost":
        if (e.cause === "shot") lines.push(`${e.by ?? "?"} shoots ${e.player} (-${e.amount})`);
        else if (e.cause === "gatling") lines.push(`the Gatling hits ${e.player} (-${e.amount})`);
        else if (e.cause === "dynamite") lines.push(`${e.player} loses ${e.amount} life to the dynamite`);
        break;
      case "lifeGained":
        lines.push(`${e.player} gains ${e.amount} life (${e.cause === "beer" ? "beer" : e.cause})`);
        break;
      case "arrowsReturned":
        if (e.reason === "gatling" || e.reason === "kit_carlson" || e.reason === "pedro_ramirez") {
          lines.push(`${e.player} returns ${plural(e.count, "arrow")} (${e.reason})`);
        }
        break;
      case "reactionRequested":
        lines.push(`${e.player} (bart_cassidy) may take up to ${plural(e.max, "arrow")} instead of life`);
        break;
      case "reacted":
        lines.push(`${e.player} takes ${plural(e.arrows, "arrow")} instead of life`);
        break;
      case "gatlingFired":
        lines.push(`${e.player} fires the Gatling!`);
        break;
      case "eliminated":
        lines.push(`${e.player} is eliminated${e.by ? ` by ${e.by}` : ""} (${e.role})`);
        break;
      case "gameOver":
        lines.push(`Game over: ${describeWinner(e.winner)}`);
        break;
      case "rollingEnded":
      case "turnEnded":
        break;
    }
  }
  return lines;
}

/** The words after a command's type, per type, in the syntax `bang play` reads. */
const ARGUMENTS: { [T in Command["type"]]: (c: Extract<Command, { type: T }>) => string[] } = {
  roll: () => [],
  stop: () => [],
  reroll: (c) => c.indexes.map(String),
  heal: (c) => [c.target],
  react: (c) => [String(c.arrows)],
  resolve: (c) => {
    const parts = [...c.shots, ...c.beers].sort((a, b) => a.die - b.die).map((x) => `${x.die}:${x.target}`);
    if (c.slab) parts.push(`slab:${c.slab.beer}>${c.slab.shot}`);
    if (c.arrowDiscards && c.arrowDiscards.length > 0) parts.push(`discard:${c.arrowDiscards.join(",")}`);
    return parts;
  },
};

/**
 * A command in the one-line syntax `bang play` reads: `roll`, `reroll 0 2 4`, `stop`, `heal p3`,
 * `react 1`, `resolve 1:p3 2:p1 slab:2>1 discard:p4`.
 */
export function formatCommand(c: Command): string {
  const args = (ARGUMENTS[c.type] as (command: Command) => string[])(c);
  return [c.type, ...args].join(" ");
}
