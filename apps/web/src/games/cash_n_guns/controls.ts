/**
 * The seated player's controls of Ca$h 'n Guns as a pure model (no React, no I/O), like the dice
 * game's: for a view and a draft (a seat tapped and not sent yet), every tap the controls offer
 * (`inputs`) and every button that sends, with the exact command it sends (`sends`). Actions.tsx and
 * the seats draw exactly this; apps/web/test/games/cash_n_guns/controls.test.ts checks that every legal
 * command of the module can be made by these taps and that nothing illegal is ever offered. What is
 * legal comes from the module's `legalActions` on the player's own view.
 */
import type { WireCommand } from "@bang/game-core";
import { BULLETS, legalActions, NEW_GODFATHER, type CngCommand, type CngLegalActions, type CngView } from "@bang/game-cash-n-guns";
import { isOffered, type Offer, type SendAction } from "../../components/table/controls";
import { nameOf, type Names } from "../../lib/names";
import { lootGroups, lootName } from "./loot";
import { aimersOf, mySeat } from "./table";

/** A command of Ca$h 'n Guns as the page sends it (the server adds `by`). */
export type CngWire = WireCommand<CngCommand>;

/** The choice made on the page since the view arrived: the seat tapped (a target, or the player to order). */
export interface CngDraft {
  seat: string | null;
}

/** One tap that changes the draft: a seat chosen as the target (aim, retarget) or as the player to order (privilege). */
export type CngInput = { kind: "seat"; player: string };

/** The seated player's controls for one view and draft. */
export interface CngControls extends Offer<CngInput, CngWire> {
  legal: CngLegalActions;
  /** What the player is asked, in one sentence. */
  prompt: string;
  /** What a tap on a seat does now ("Aim at", "Order"), null when seats are not tapped. */
  seatVerb: string | null;
  /** The seat chosen in the draft when it is still offered, else null. */
  chosen: string | null;
}

/** A draft with nothing chosen. */
export const emptyDraft = (): CngDraft => ({ seat: null });

/** "Bang!" and "Click" as the cards say them (part F vocabulary: `bang`, `click`). */
export const BULLET_WORDS = { click: "Click", bang: "Bang!" } as const;

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the viewer is asked now, as a sentence (a spectator's and a waiting player's too). */
function promptOf(view: CngView, me: string, legal: CngLegalActions, names: Names): string {
  const n = (id: string | null) => (id === me ? "you" : nameOf(names, id));
  const seat = mySeat(view, me);
  if (view.phase === "game_over") return "Game over.";
  if (seat && !seat.alive) return "You are dead: you watch the rest of the game.";
  switch (legal.kind) {
    case "choose_bullet":
      return `Round ${view.round}: load a bullet card in secret. Nobody sees it until the shots.`;
    case "aim":
      return "Hold-up: tap the gangster you aim at, then confirm. Nobody sees your aim until everyone has aimed.";
    case "privilege":
      return "You are the Godfather: order one gangster to aim at someone else, or pass.";
    case "retarget":
      return `The Godfather orders you to change target: tap a new one (not ${n(view.order?.previous ?? null)}).`;
    case "courage": {
      const at = aimersOf(view, me);
      const aimed = at.length === 0 ? "Nobody aims at you." : `${count(at.length, "gangster")} ${at.length === 1 ? "aims" : "aim"} at you (${at.map(n).join(", ")}).`;
      return `Courage: ${aimed} Stand to keep your share of the loot, or lie down to be safe and get nothing.`;
    }
    case "take":
      return "Your share: tap a loot card below to take it (or the New Godfather tile).";
    case "none":
      break;
  }
  if (view.waitingFor.length === 0) return "";
  if (view.phase === "sharing") return `${n(view.turn)} ${view.turn === me ? "take" : "takes"} a share…`;
  if (view.phase === "godfather_privilege") return `The Godfather (${n(view.godfather)}) may order someone to change target…`;
  if (view.phase === "retarget") return `${n(view.order?.player ?? null)} must choose a new target…`;
  return `Waiting for ${view.waitingFor.map(n).join(", ")}…`;
}

/**
 * The controls of `me` for `view` and `draft`: bullet cards (both shown; one not held is disabled and
 * says why, F3.3), a tapped seat then a confirm for the aim, the order and the retarget (an aim is final,
 * F10.16), `pass`, the courage choices, and one button per kind of loot on the table plus the tile (F5.3).
 */
export function cngControls(view: CngView, me: string, draft: CngDraft, names: Names): CngControls {
  const legal = legalActions(view, me);
  const out: CngControls = { legal, prompt: promptOf(view, me, legal, names), seatVerb: null, chosen: null, inputs: [], sends: [] };
  const inputs: CngInput[] = [];
  const sends: SendAction<CngWire>[] = [];
  const seat = mySeat(view, me);
  const n = (id: string) => nameOf(names, id);
  const pick = (players: readonly string[], verb: string) => {
    out.seatVerb = verb;
    for (const player of players) inputs.push({ kind: "seat", player });
    out.chosen = draft.seat !== null && players.includes(draft.seat) ? draft.seat : null;
    return out.chosen;
  };
  switch (legal.kind) {
    case "choose_bullet":
      for (const card of BULLETS) {
        const left = seat?.hand?.[card] ?? 0;
        const label = `Load ${BULLET_WORDS[card]} (${left} left)`;
        sends.push(legal.cards.includes(card) ? { id: `bullet-${card}`, label, command: { type: "choose_bullet", card } } : { id: `bullet-${card}`, label, command: null, why: `You have no ${BULLET_WORDS[card]} card left in hand.` });
      }
      break;
    case "aim":
    case "retarget": {
      const chosen = pick(legal.targets, "Aim at");
      const type = legal.kind;
      sends.push(chosen ? { id: type, label: `Aim at ${n(chosen)}`, command: { type, target: chosen } } : { id: type, label: "Aim", command: null, why: "Tap a gangster's seat to choose your target." });
      break;
    }
    case "privilege": {
      const chosen = pick(legal.players, "Order");
      sends.push(chosen ? { id: "order", label: `Order ${n(chosen)} to change target`, command: { type: "order_change", player: chosen } } : { id: "order", label: "Order a change", command: null, why: "Tap the seat of a gangster who holds someone up." });
      sends.push({ id: "pass", label: "Pass", command: { type: "pass" } });
      break;
    }
    case "courage":
      sends.push({ id: "stand", label: "Stand", command: { type: "courage", choice: "stand" } });
      sends.push({ id: "lie_down", label: "Lie down", command: { type: "courage", choice: "lie_down" } });
      break;
    case "take":
      for (const { card } of lootGroups(view.table)) if (legal.cards.includes(card)) sends.push({ id: `take-${card}`, label: `Take ${lootName(card)}`, command: { type: "take", card } });
      if (legal.cards.includes(NEW_GODFATHER)) sends.push({ id: `take-${NEW_GODFATHER}`, label: "Take the New Godfather tile", command: { type: "take", card: NEW_GODFATHER } });
      break;
    case "none":
      break;
  }
  out.inputs = inputs;
  out.sends = sends;
  return out;
}

/** The draft after one tap: a tap on the chosen seat unchooses it. */
export function applyInput(draft: CngDraft, input: CngInput): CngDraft {
  return { seat: draft.seat === input.player ? null : input.player };
}

/** Is `input` one of the taps `controls` offer? (The page never dispatches another.) */
export function offers(controls: CngControls, input: CngInput): boolean {
  return isOffered(controls.inputs, input);
}
