/**
 * The player's table, as plain functions of the view the server sent (no state of its own, no I/O):
 * seats around the viewer, dice kept between rolls, the targets of each shot and beer, the command
 * each button sends, and the event log's sentences. React components only call these.
 */
import type { Face, GameEvent, LegalActions, PlayerView, SeatView } from "@bang/engine";
import type { GameCommand } from "@bang/protocol";

/** Names of the engine's player ids (from the game's seats). */
export type Names = ReadonlyMap<string, string>;

export const nameOf = (names: Names, id: string | null | undefined): string => (id ? (names.get(id) ?? id) : "nobody");

/** One seat as the table shows it. */
export interface SeatInfo extends SeatView {
  name: string;
  isMe: boolean;
  /** The active player. */
  isTurn: boolean;
  /** The game waits for this seat now. */
  isWaiting: boolean;
}

/** The seats clockwise, starting with the viewer's own seat (or seat 0 for a spectator or admin). */
export function seatsAround(view: PlayerView, me: string | null, names: Names): SeatInfo[] {
  const start = Math.max(0, view.players.findIndex((p) => p.id === me));
  const seats = view.players.map((p) => ({ ...p, name: nameOf(names, p.id), isMe: p.id === me, isTurn: p.id === view.turn, isWaiting: p.id === view.waitingFor }));
  return [...seats.slice(start), ...seats.slice(0, start)];
}

/** The viewer's own seat, or null for a spectator. */
export function mySeat(view: PlayerView, me: string | null): SeatView | null {
  return view.players.find((p) => p.id === me) ?? null;
}

/** Click-to-keep: toggles die `die` in `kept` if it may be rerolled at all (dynamite stays, R2.3). */
export function toggleKeep(kept: readonly number[], die: number, rerollable: readonly number[]): number[] {
  if (!rerollable.includes(die)) return [...kept];
  return kept.includes(die) ? kept.filter((d) => d !== die) : [...kept, die].sort((a, b) => a - b);
}

/** The dice a reroll throws again: every rerollable die not kept. */
export function rerollIndexes(rerollable: readonly number[], kept: readonly number[]): number[] {
  return rerollable.filter((d) => !kept.includes(d));
}

/** The target chosen for each shot and beer die (die index -> player id). */
export interface Choices {
  shots: Record<number, string>;
  beers: Record<number, string>;
}

type Resolve = Extract<LegalActions, { kind: "resolve" }>;

/**
 * A first choice for every die, which the player then changes: each shot at its first legal target,
 * each beer on the viewer if they lack life, else on the living player who lacks the most.
 */
export function initialChoices(legal: Resolve, view: PlayerView, me: string): Choices {
  const shots: Record<number, string> = {};
  const beers: Record<number, string> = {};
  for (const s of legal.shots) if (s.targets[0]) shots[s.die] = s.targets[0];
  const self = view.players.find((p) => p.id === me);
  for (const b of legal.beers) {
    const hurt = view.players.filter((p) => p.alive && b.targets.includes(p.id) && p.life < p.maxLife).sort((x, y) => x.life - x.maxLife - (y.life - y.maxLife));
    const target = self && self.alive && self.life < self.maxLife ? me : (hurt[0]?.id ?? b.targets[0]);
    if (target) beers[b.die] = target;
  }
  return { shots, beers };
}

/** Sets the target of one die, if that target is legal for it; returns new choices. */
export function chooseTarget(choices: Choices, legal: Resolve, kind: "shots" | "beers", die: number, target: string): Choices {
  const options = (kind === "shots" ? legal.shots : legal.beers).find((d) => d.die === die);
  if (!options || !options.targets.includes(target)) return choices;
  return { ...choices, [kind]: { ...choices[kind], [die]: target } };
}

/** The `resolve` command of `choices`; null while a die has no target (the server would say INCOMPLETE_RESOLUTION). */
export function resolveCommand(legal: Resolve, choices: Choices): GameCommand | null {
  const shots = legal.shots.map((s) => ({ die: s.die, target: choices.shots[s.die] }));
  const beers = legal.beers.map((b) => ({ die: b.die, target: choices.beers[b.die] }));
  if ([...shots, ...beers].some((c) => !c.target)) return null;
  return { type: "resolve", shots: shots as { die: number; target: string }[], beers: beers as { die: number; target: string }[], ...(legal.arrowDiscards ? { arrowDiscards: [] } : {}) };
}

/** Labels of the die faces (RULES.md vocabulary). */
export const FACE_LABEL: Record<Face, string> = { arrow: "Arrow", dynamite: "Dynamite", "1": "Bull's eye 1", "2": "Bull's eye 2", beer: "Beer", gatling: "Gatling" };
/** One short symbol per face, for small screens. */
export const FACE_SYMBOL: Record<Face, string> = { arrow: "➶", dynamite: "✹", "1": "①", "2": "②", beer: "♨", gatling: "⁂" };

/** What the viewer may do now, as a sentence for the action bar. */
export function prompt(view: PlayerView, me: string | null, legal: LegalActions, names: Names): string {
  if (view.phase === "gameOver") return view.winner ? `Game over: ${view.winner.team} win.` : "Game over.";
  if (!me || legal.kind === "none") return `Waiting for ${nameOf(names, view.waitingFor)}…`;
  switch (legal.kind) {
    case "roll":
      return "Your turn: roll the dice.";
    case "reroll":
      return `Click the dice to keep, then reroll (${legal.rollsLeft} left) or stop.`;
    case "resolve":
      return legal.shots.length + legal.beers.length > 0 ? "Choose a target for each shot and beer, then resolve." : "Resolve your dice.";
    case "heal":
      return "Sid Ketchum: heal a player before rolling.";
    case "react":
      return `Bart Cassidy: take up to ${legal.max} arrows instead of losing life.`;
  }
}

/** One event of the log as a sentence. */
export function describeEvent(event: GameEvent, names: Names): string {
  const n = (id: string | null) => nameOf(names, id);
  switch (event.type) {
    case "turnStarted":
      return `Turn ${event.turn}: ${n(event.player)} plays.`;
    case "diceRolled":
      return `${n(event.player)} rolls: ${event.dice.map((f) => FACE_LABEL[f]).join(", ")}.`;
    case "arrowTaken":
      return `${n(event.player)} takes an arrow (${event.arrowsInPile} left in the pile).`;
    case "indianAttack":
      return `Indian attack! ${event.losses.map((l) => `${n(l.player)} −${l.life}`).join(", ") || "nobody loses life"}.`;
    case "dynamiteExploded":
      return `Dynamite explodes on ${n(event.player)}.`;
    case "rollingEnded":
      return `${n(event.player)} keeps ${event.dice.map((f) => FACE_LABEL[f]).join(", ")}.`;
    case "lifeLost":
      return `${n(event.player)} loses ${event.amount} life (${event.cause}${event.by ? ` by ${n(event.by)}` : ""}).`;
    case "lifeGained":
      return `${n(event.player)} gains ${event.amount} life (${event.cause.replace(/_/g, " ")}).`;
    case "arrowsReturned":
      return `${n(event.player)} returns ${event.count} arrow${event.count === 1 ? "" : "s"} (${event.reason.replace(/_/g, " ")}).`;
    case "reactionRequested":
      return `${n(event.player)} may take up to ${event.max} arrows instead.`;
    case "reacted":
      return `${n(event.player)} takes ${event.arrows} arrows.`;
    case "gatlingFired":
      return `${n(event.player)} fires the Gatling!`;
    case "eliminated":
      return `${n(event.player)} is eliminated: they were ${event.role}.`;
    case "turnEnded":
      return `${n(event.player)} ends the turn.`;
    case "gameOver":
      return `Game over: ${event.winner.team} win (${event.winner.players.map(n).join(", ")}).`;
  }
}

/** "Bart Cassidy" from "bart_cassidy". */
export const characterName = (c: string): string => c.split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
