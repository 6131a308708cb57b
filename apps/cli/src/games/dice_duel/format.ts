/**
 * Text of the duel (RULES.md part D) for people: both hideouts as 2x4 grids side by side, ammo, dice,
 * the duel in progress (your own pick only) and the last reveal; events and commands as lines.
 */
import type { CardRef, DuelCommand, DuelEvent, DuelView, Hideout } from "@bang/game-dice-duel";

/** `n2` / `f0`: a card as typed at the prompt (near/far row, column 0..3). */
export const cardName = (c: CardRef): string => `${c.row === "near" ? "n" : "f"}${c.column}`;

const row = (cards: boolean[]): string => cards.map((up) => (up ? "X" : ".")).join(" ");

/** One hideout as 4 lines: its owner, the column numbers, the near and the far row. */
function grid(owner: string, h: Hideout, ammo: number, cards: number): string[] {
  return [owner, "       0 1 2 3", `near   ${row(h.near)}`, `far    ${row(h.far)}`, `ammo ${ammo}, ${cards}/8 cards`];
}

/** The duel table as the view's viewer (a player, a spectator, an admin) sees it. */
export function renderDuel(view: DuelView): string {
  const me = view.viewer.kind === "player" ? view.viewer.id : null;
  const lines: string[] = [];
  const status =
    view.phase === "gameOver"
      ? "game over"
      : view.phase === "duel"
        ? `duel: waiting for ${view.waitingFor.join(" and ")}`
        : `${view.turn} to ${view.phase === "rolling" ? (view.rolls === 0 ? "roll" : `reroll or stop (roll ${view.rolls} of ${view.maxRolls})`) : view.phase === "resolving" ? "resolve" : "choose the duel effect's cards"}`;
  lines.push(`Turn ${view.turnNumber}: ${status}`);
  const grids = view.players.map((p) => grid(`${p.id === view.turn ? ">" : " "} ${p.id}${p.id === me ? " (you)" : ""}`, p.hideout, p.ammo, p.cards));
  const width = 22;
  for (let i = 0; i < grids[0]!.length; i++) lines.push(`  ${grids[0]![i]!.padEnd(width)}    ${grids[1]![i]!}`);
  if (view.dice.length > 0) lines.push(`Dice: ${view.dice.map((d, i) => `${i}:${d}`).join("  ")}${view.exploded ? "  (exploded)" : ""}`);
  if (view.duel) {
    const picks = view.duel.picks.map((p) => `${p.player} ${p.card ?? (p.picked ? "picked" : "to pick")}`).join(", ");
    lines.push(`Duel (starter ${view.duel.starter}, play ${view.duel.round}): ${picks}`);
  }
  if (view.effect) lines.push(`Effect: ${view.turn}'s ${view.effect.card} takes ${view.effect.count} cards`);
  if (view.lastDuel) {
    const l = view.lastDuel;
    lines.push(`Last duel (${l.starter} started): ${l.picks.map((p) => `${p.player} ${p.card}`).join(" vs ")}: ${l.outcome === "again" ? "equal, played again" : l.outcome}`);
  }
  return lines.join("\n");
}

/** A duel command as typed at the prompt (and shown in logs). */
export function formatDuelCommand(c: DuelCommand): string {
  switch (c.type) {
    case "roll":
    case "stop":
    case "pickTimeout":
      return c.type;
    case "reroll":
      return `reroll ${c.indexes.join(" ")}`;
    case "pick":
      return `pick ${c.card}`;
    case "effect":
      return `effect ${c.cards.map(cardName).join(" ")}`;
    case "resolve": {
      const parts = ["resolve"];
      for (const ch of c.changes ?? []) parts.push(`change:${ch.beer}>${ch.die}=${ch.face}`);
      if (c.dynamite) parts.push(`dynamite:${cardName(c.dynamite)}`);
      for (const s of c.shots ?? []) parts.push(`shot:${s.die}@${s.column}`);
      for (const r of c.repairs ?? []) parts.push(`repair:${r}`);
      return parts.join(" ");
    }
  }
}

/** One line per event worth telling (the pick events never carry a card, R8.9). */
export function describeDuelEvents(events: readonly DuelEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    switch (e.type) {
      case "diceRolled":
        out.push(`${e.player} rolls: ${e.dice.map((d, i) => `${i}:${d}`).join(" ")}`);
        break;
      case "ammoGained":
        out.push(`${e.player} gains ${e.amount} ammo (${e.ammo})`);
        break;
      case "dynamiteExploded":
        out.push(`${e.player}'s dynamite explodes`);
        break;
      case "diceChanged":
        out.push(`${e.player}'s beers change the dice: ${e.dice.map((d, i) => `${i}:${d}`).join(" ")}`);
        break;
      case "molotov":
        out.push(`${e.player} throws a molotov at the ${e.row} row`);
        break;
      case "cardDestroyed":
        out.push(`${e.player}'s ${e.row} card ${e.column} is destroyed (${e.cause})`);
        break;
      case "cardRestored":
        out.push(`${e.player}'s ${e.row} card ${e.column} is restored (${e.cause})`);
        break;
      case "ammoStolen":
        out.push(`${e.player} steals ${e.amount} ammo from ${e.from}`);
        break;
      case "duelStarted":
        out.push(e.round === 1 ? `A duel! ${e.starter} starts it: both pick sheriff, outlaw or renegade in secret` : `Equal cards: the duel is played again (play ${e.round})`);
        break;
      case "duelPicked":
        out.push(`${e.player} ${e.timedOut ? "ran out of time; a card was drawn for them" : "has picked"}`);
        break;
      case "duelRevealed":
        out.push(`Revealed: ${e.picks.map((p) => `${p.player} ${p.card}`).join(", ")}: ${e.outcome === "again" ? "equal" : e.outcome === "blocked" ? `${e.starter}'s card is blocked` : `${e.starter}'s card takes effect`}`);
        break;
      case "gameOver":
        out.push(`${e.winner.players[0]} wins the duel`);
        break;
      default:
        break;
    }
  }
  return out;
}
