/**
 * The seated player's controls of Bang! The Dice Game as a pure model (no React, no I/O): for a view and
 * a draft (the choices made on the page and not sent yet), every click the controls offer (`inputs`)
 * and every button that sends, with the exact command it sends (`sends`). Controls.tsx draws exactly
 * this, and apps/web/test/games/dice/controls.test.ts checks that every legal command of the module can
 * be made by these clicks and that nothing illegal is ever offered. What is legal comes from the
 * module's `legalActions` on the player's own view.
 */
import type { WireCommand } from "@bang/game-core";
import { legalActions, type Command, type Face, type LegalActions, type PlayerView } from "@bang/game-dice";
import { isOffered, type Offer, type SendAction } from "../../components/table/controls";
import { nameOf, type Names } from "../../lib/names";

/** A command of the dice game as the page sends it (the server adds `by`). */
export type DiceCommand = WireCommand<Command>;

/** The choices made on the page since the view arrived (reset with each new view). */
export interface DiceDraft {
  /** R2.1, R2.2: dice kept (not thrown) by the next reroll. */
  kept: number[];
  /** R3.3, R3.7: the target chosen for a shot or beer die (die index -> player id). */
  targets: Record<number, string>;
  /** C13: the shot die Slab the Killer doubles, or null. */
  double: number | null;
  /** C13: the beer die he gives up for it (chosen only when he has several). */
  giveUp: number | null;
  /** C7: per player, how many arrows Kit Carlson makes them return. */
  discards: Record<string, number>;
}

/** One click of the controls that changes the draft (nothing is sent). */
export type DiceInput =
  | { kind: "keep"; die: number }
  | { kind: "target"; die: number; player: string }
  | { kind: "double"; shot: number }
  | { kind: "giveUp"; beer: number }
  | { kind: "discard"; player: string; change: 1 | -1 };

/** A shot or beer die of the resolution as the controls show it. */
export interface DieRow {
  die: number;
  face: Face;
  kind: "shot" | "beer";
  /** Its legal targets (module order); a choice is offered only with two or more. */
  targets: string[];
  /** The target it goes to now: chosen, or the only one; null while still to choose. */
  target: string | null;
  /** C13: this shot is doubled / this beer is given up for the double. */
  doubled: boolean;
  givenUp: boolean;
}

/** The seated player's controls for one view and draft. */
export interface DiceControls extends Offer<DiceInput, DiceCommand> {
  legal: LegalActions;
  /** What the player is asked, in one sentence. */
  prompt: string;
  /** Reroll: each die, and whether it is kept (null: it cannot be thrown again, R2.3). */
  keeps: { die: number; face: Face; kept: boolean | null }[];
  /** Resolve: the shot and beer dice with their targets. */
  rows: DieRow[];
  /** C13: the shots Slab may double (empty when he may not). */
  doubles: number[];
  /** C7: the players Kit may make return arrows, with how many they hold and how many are chosen. */
  discards: { player: string; arrows: number; chosen: number }[];
  /** C7: how many discards at most (one per gatling die), 0 when none. */
  maxDiscards: number;
}

/** A draft with nothing chosen: no die kept, no target, no double, no discard. */
export const emptyDraft = (): DiceDraft => ({ kept: [], targets: {}, double: null, giveUp: null, discards: {} });

type Resolve = Extract<LegalActions, { kind: "resolve" }>;

/**
 * The draft a new view starts from. Beers go to the viewer while they can still gain from them (counting
 * the beers given before, Jesse Jones's double, C5), so no beer is aimed at a full life by default;
 * other beers and every shot with several targets wait for the player's choice (R3.9).
 */
export function initialDraft(view: PlayerView, me: string): DiceDraft {
  const draft = emptyDraft();
  const legal = legalActions(view, me);
  if (legal.kind !== "resolve") return draft;
  const self = view.players.find((p) => p.id === me);
  if (!self) return draft;
  let life = self.life;
  for (const b of legal.beers) {
    if (!b.targets.includes(me) || life >= self.maxLife) continue;
    draft.targets[b.die] = me;
    life = Math.min(self.maxLife, life + (self.character === "jesse_jones" && life <= 4 ? 2 : 1));
  }
  return draft;
}

/** The beer Slab gives up: his choice, or his only beer once he doubles a shot. */
function givenUp(legal: Resolve, draft: DiceDraft): number | null {
  if (!legal.slab || draft.double === null) return null;
  if (legal.slab.beers.length === 1) return legal.slab.beers[0]!;
  return draft.giveUp !== null && legal.slab.beers.includes(draft.giveUp) ? draft.giveUp : null;
}

function resolveRows(view: PlayerView, legal: Resolve, draft: DiceDraft): DieRow[] {
  const gone = givenUp(legal, draft);
  const row = (kind: "shot" | "beer") => (d: { die: number; targets: string[] }): DieRow => {
    const chosen = draft.targets[d.die];
    const target = chosen !== undefined && d.targets.includes(chosen) ? chosen : d.targets.length === 1 ? d.targets[0]! : null;
    return { die: d.die, face: view.dice[d.die]!, kind, targets: d.targets, target, doubled: kind === "shot" && draft.double === d.die, givenUp: kind === "beer" && gone === d.die };
  };
  return [...legal.shots.map(row("shot")), ...legal.beers.map(row("beer"))].sort((a, b) => a.die - b.die);
}

/** C7: the discards in seat order, each player repeated once per arrow chosen. */
function discardList(view: PlayerView, draft: DiceDraft): string[] {
  return view.players.flatMap((p) => Array.from({ length: draft.discards[p.id] ?? 0 }, () => p.id));
}

/** The `resolve` command of the draft, or why it cannot be sent yet. */
function resolveSend(view: PlayerView, legal: Resolve, draft: DiceDraft, rows: DieRow[]): SendAction<DiceCommand> {
  const base = { id: "resolve", label: "Resolve" };
  const missing = rows.filter((r) => !r.givenUp && r.target === null);
  if (missing.length > 0) return { ...base, command: null, why: `Choose a target for ${missing.map((r) => `die ${r.die + 1}`).join(", ")}.` };
  const gone = givenUp(legal, draft);
  if (draft.double !== null && gone === null) return { ...base, command: null, why: "Choose the beer to give up for the double shot." };
  const command: DiceCommand = {
    type: "resolve",
    shots: rows.filter((r) => r.kind === "shot").map((r) => ({ die: r.die, target: r.target! })),
    beers: rows.filter((r) => r.kind === "beer" && !r.givenUp).map((r) => ({ die: r.die, target: r.target! })),
  };
  if (draft.double !== null && gone !== null) command.slab = { beer: gone, shot: draft.double };
  const discards = discardList(view, draft);
  if (discards.length > 0) command.arrowDiscards = discards;
  return { ...base, command };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the viewer is asked now, as a sentence. */
function promptOf(view: PlayerView, me: string, legal: LegalActions, names: Names): string {
  if (view.phase === "gameOver") return view.winner ? `Game over: ${view.winner.team} win.` : "Game over.";
  switch (legal.kind) {
    case "none":
      return `Waiting for ${view.waitingFor.map((id) => nameOf(names, id)).join(", ") || "nobody"}…`;
    case "heal":
      return "Sid Ketchum: before rolling, give 1 life to a player.";
    case "roll":
      return "Your turn: roll the dice.";
    case "reroll":
      return `Tap the dice to keep, then reroll the others (${plural(legal.rollsLeft, "roll", "rolls")} left) or stop.`;
    case "resolve":
      return legal.shots.length + legal.beers.length > 0 ? "Choose where each shot and beer goes, then resolve." : "Resolve your dice.";
    case "react":
      return `Bart Cassidy: take up to ${plural(legal.max, "arrow", "arrows")} instead of losing as much life.`;
  }
}

/**
 * The controls of `me` for `view` and `draft`: the prompt, the dice to keep, the resolution's rows, and
 * every click and send they offer. A click is offered only where there is a choice (a die with one
 * target shows it without a click; dynamite is never toggled, R2.3).
 */
export function diceControls(view: PlayerView, me: string, draft: DiceDraft, names: Names): DiceControls {
  const legal = legalActions(view, me);
  const out: DiceControls = { legal, prompt: promptOf(view, me, legal, names), keeps: [], rows: [], doubles: [], discards: [], maxDiscards: 0, inputs: [], sends: [] };
  const inputs: DiceInput[] = [];
  const sends: SendAction<DiceCommand>[] = [];
  switch (legal.kind) {
    case "heal":
      for (const t of legal.targets) sends.push({ id: `heal-${t}`, label: t === me ? "Heal yourself" : `Heal ${nameOf(names, t)}`, command: { type: "heal", target: t } });
      break;
    case "roll":
      sends.push({ id: "roll", label: "Roll the dice", command: { type: "roll" } });
      break;
    case "reroll": {
      out.keeps = view.dice.map((face, die) => ({ die, face, kept: legal.rerollable.includes(die) ? draft.kept.includes(die) : null }));
      for (const k of out.keeps) if (k.kept !== null) inputs.push({ kind: "keep", die: k.die });
      const thrown = legal.rerollable.filter((d) => !draft.kept.includes(d));
      sends.push(thrown.length > 0 ? { id: "reroll", label: `Reroll ${plural(thrown.length, "die", "dice")}`, command: { type: "reroll", indexes: thrown } } : { id: "reroll", label: "Reroll", command: null, why: "Every die is kept: stop, or tap a die to throw it again." });
      sends.push({ id: "stop", label: "Stop", command: { type: "stop" } });
      break;
    }
    case "resolve": {
      out.rows = resolveRows(view, legal, draft);
      for (const r of out.rows) {
        if (r.givenUp || r.targets.length < 2) continue;
        for (const player of r.targets) inputs.push({ kind: "target", die: r.die, player });
      }
      if (legal.slab) {
        out.doubles = legal.slab.shots;
        for (const shot of legal.slab.shots) inputs.push({ kind: "double", shot });
        if (draft.double !== null && legal.slab.beers.length > 1) for (const beer of legal.slab.beers) inputs.push({ kind: "giveUp", beer });
      }
      if (legal.arrowDiscards) {
        const total = discardList(view, draft).length;
        out.maxDiscards = legal.arrowDiscards.max;
        out.discards = legal.arrowDiscards.players.map((p) => ({ player: p.id, arrows: p.arrows, chosen: Math.min(draft.discards[p.id] ?? 0, p.arrows) }));
        for (const d of out.discards) {
          if (d.chosen < d.arrows && total < legal.arrowDiscards.max) inputs.push({ kind: "discard", player: d.player, change: 1 });
          if (d.chosen > 0) inputs.push({ kind: "discard", player: d.player, change: -1 });
        }
      }
      sends.push(resolveSend(view, legal, draft, out.rows));
      break;
    }
    case "react":
      for (let n = 0; n <= legal.max; n++) sends.push({ id: `react-${n}`, label: n === 0 ? "Take no arrow" : `Take ${plural(n, "arrow", "arrows")}`, command: { type: "react", arrows: n } });
      break;
    case "none":
      break;
  }
  out.inputs = inputs;
  out.sends = sends;
  return out;
}

/** The draft after one click (a click the controls do not offer changes nothing). */
export function applyInput(draft: DiceDraft, input: DiceInput): DiceDraft {
  switch (input.kind) {
    case "keep":
      return { ...draft, kept: draft.kept.includes(input.die) ? draft.kept.filter((d) => d !== input.die) : [...draft.kept, input.die].sort((a, b) => a - b) };
    case "target":
      return { ...draft, targets: { ...draft.targets, [input.die]: input.player } };
    case "double":
      return draft.double === input.shot ? { ...draft, double: null, giveUp: null } : { ...draft, double: input.shot };
    case "giveUp":
      return { ...draft, giveUp: input.beer };
    case "discard": {
      const n = Math.max(0, (draft.discards[input.player] ?? 0) + input.change);
      return { ...draft, discards: { ...draft.discards, [input.player]: n } };
    }
  }
}

/** Is `input` one of the clicks `controls` offer? (The page never dispatches another.) */
export function offers(controls: DiceControls, input: DiceInput): boolean {
  return isOffered(controls.inputs, input);
}
