/**
 * The seated duellist's controls as a pure model (no React, no I/O), like the dice game's: for a view
 * and a draft, every click offered (`inputs`) and every button that sends, with the exact command
 * (`sends`). The resolution is built with duel.ts's draft (beer changes, the dynamite's own card, shots
 * and repairs by clicking cards); DuelControls.tsx and Hideout.tsx draw exactly this, and
 * apps/web/test/games/dice_duel/controls.test.ts checks it against the module's legal actions.
 */
import type { WireCommand } from "@bang/game-core";
import { DUEL_CARDS, duelLegalActions, FACES, type CardRef, type DuelCommand, type DuelLegalActions, type DuelView, type Face } from "@bang/game-dice-duel";
import { isOffered, type Offer, type SendAction } from "../../components/table/controls";
import { type Names } from "../../lib/names";
import { addCard, changeableDice, duelPrompt, duelResolveCommand, emptyDraft as emptyResolve, playDraft, setChange, toggleEffectCard, type DraftOutcome, type DuelDraft } from "./duel";

/** A duel command as the page sends it (the server adds `by`). */
export type DuelWire = WireCommand<DuelCommand>;

/** The choices made on the page since the view arrived. */
export interface DuelControlsDraft {
  /** R8.2: dice kept by the next reroll. */
  kept: number[];
  /** R8.4 to R8.8: the resolution being built. */
  resolve: DuelDraft;
  /** R8.9: the sheriff's or outlaw's cards chosen. */
  chosen: CardRef[];
}

/** One click that changes the draft. `card` is a card of the viewer's (`mine`) or the opponent's (`theirs`) hideout. */
export type DuelInput =
  | { kind: "keep"; die: number }
  | { kind: "change"; beer: number; die: number; face: Face }
  | { kind: "unchange"; beer: number }
  | { kind: "card"; side: "mine" | "theirs"; row: CardRef["row"]; column: number }
  | { kind: "clear" };

/** The seated duellist's controls for one view and draft. */
export interface DuelControls extends Offer<DuelInput, DuelWire> {
  legal: DuelLegalActions;
  prompt: string;
  /** Reroll: whether each die is kept (null: locked dynamite, R8.2). */
  keeps: (boolean | null)[];
  /** Resolve: the draft played on the view (the dice after the changes, both hideouts, what is owed). */
  outcome: DraftOutcome | null;
  /** R8.4: per beer die, the changes it may fund (other die, another face) and the one it funds. */
  beers: { beer: number; options: { die: number; face: Face }[]; current: { die: number; face: Face } | null }[];
}

/** A draft with nothing chosen: no die kept, an empty resolution, no effect card. */
export const emptyDraft = (): DuelControlsDraft => ({ kept: [], resolve: emptyResolve(), chosen: [] });

const same = (a: CardRef) => (b: CardRef) => a.row === b.row && a.column === b.column;

/** The controls of `me` for `view` and `draft`. A card is clickable only when the click changes the draft. */
export function duelControls(view: DuelView, me: string, draft: DuelControlsDraft, names: Names): DuelControls {
  const legal = duelLegalActions(view, me);
  const out: DuelControls = { legal, prompt: duelPrompt(view, me, names), keeps: [], outcome: null, beers: [], inputs: [], sends: [] };
  const inputs: DuelInput[] = [];
  const sends: SendAction<DuelWire>[] = [];
  const cards = (side: "mine" | "theirs"): DuelInput[] =>
    (["near", "far"] as const).flatMap((row) => [0, 1, 2, 3].map((column) => ({ kind: "card" as const, side, row, column })));
  switch (legal.kind) {
    case "roll":
      sends.push({ id: "roll", label: "Roll the dice", command: { type: "roll" } });
      break;
    case "reroll": {
      out.keeps = view.dice.map((_, i) => (legal.rerollable.includes(i) ? draft.kept.includes(i) : null));
      for (const d of legal.rerollable) inputs.push({ kind: "keep", die: d });
      const thrown = legal.rerollable.filter((d) => !draft.kept.includes(d));
      sends.push(thrown.length > 0 ? { id: "reroll", label: `Reroll ${thrown.length} ${thrown.length === 1 ? "die" : "dice"}`, command: { type: "reroll", indexes: thrown } } : { id: "reroll", label: "Reroll", command: null, why: "Every die is kept: stop, or tap a die to throw it again." });
      sends.push({ id: "stop", label: "Stop", command: { type: "stop" } });
      break;
    }
    case "resolve": {
      const d = draft.resolve;
      out.outcome = playDraft(view, me, d);
      out.beers = legal.beers.map((beer) => {
        const current = d.changes.find((c) => c.beer === beer);
        // A beer another beer turns into something else funds nothing (R8.4: changes are simultaneous).
        const turned = d.changes.some((c) => c.die === beer);
        const options = turned ? [] : changeableDice(view, d, beer).flatMap((die) => FACES.filter((f) => f !== view.dice[die]).map((face) => ({ die, face })));
        return { beer, options, current: current ? { die: current.die, face: current.face } : null };
      });
      for (const b of out.beers) {
        for (const o of b.options) if (b.current?.die !== o.die || b.current.face !== o.face) inputs.push({ kind: "change", beer: b.beer, ...o });
        if (b.current) inputs.push({ kind: "unchange", beer: b.beer });
      }
      for (const input of [...cards("mine"), ...cards("theirs")]) if (input.kind === "card" && addCard(view, me, d, input.side, input) !== d) inputs.push(input);
      if (d.changes.length + d.shots.length + d.repairs.length > 0 || d.dynamite) inputs.push({ kind: "clear" });
      const command = duelResolveCommand(view, me, d) as DuelWire | null;
      sends.push(command ? { id: "resolve", label: "Resolve", command } : { id: "resolve", label: "Resolve", command: null, why: "Click the cards your dice still owe (see above)." });
      break;
    }
    case "pick":
      for (const card of DUEL_CARDS) sends.push({ id: `pick-${card}`, label: card, command: { type: "pick", card } });
      break;
    case "effect": {
      const side = legal.card === "sheriff" ? "mine" : "theirs";
      const need = Math.min(legal.count, legal.cards.length);
      for (const c of legal.cards) {
        const picked = draft.chosen.some(same(c));
        if (picked || draft.chosen.length < need) inputs.push({ kind: "card", side, row: c.row, column: c.column });
      }
      sends.push(draft.chosen.length === need ? { id: "effect", label: `Confirm the ${legal.card}`, command: { type: "effect", cards: draft.chosen.map((c) => ({ row: c.row, column: c.column })) } } : { id: "effect", label: `Confirm the ${legal.card}`, command: null, why: `Choose ${need - draft.chosen.length} more card${need - draft.chosen.length === 1 ? "" : "s"}.` });
      break;
    }
    case "none":
      break;
  }
  out.inputs = inputs;
  out.sends = sends;
  return out;
}

/** The draft after one click, as the controls for `view` read it. */
export function applyDuelInput(view: DuelView, me: string, draft: DuelControlsDraft, input: DuelInput): DuelControlsDraft {
  const legal = duelLegalActions(view, me);
  switch (input.kind) {
    case "keep":
      return { ...draft, kept: draft.kept.includes(input.die) ? draft.kept.filter((d) => d !== input.die) : [...draft.kept, input.die].sort((a, b) => a - b) };
    case "change":
      return { ...draft, resolve: setChange(view, draft.resolve, input.beer, { die: input.die, face: input.face }) };
    case "unchange":
      return { ...draft, resolve: setChange(view, draft.resolve, input.beer, null) };
    case "clear":
      return { ...draft, resolve: emptyResolve() };
    case "card": {
      const card = { row: input.row, column: input.column };
      if (legal.kind === "effect") return { ...draft, chosen: toggleEffectCard(draft.chosen, card, legal.cards, legal.count) };
      return { ...draft, resolve: addCard(view, me, draft.resolve, input.side, card) };
    }
  }
}

/** Is `input` one of the clicks `controls` offer? */
export function offersDuel(controls: DuelControls, input: DuelInput): boolean {
  return isOffered(controls.inputs, input);
}
