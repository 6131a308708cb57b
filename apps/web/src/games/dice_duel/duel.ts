/**
 * The duel table (RULES.md part D), as plain functions of the duel view the server sent (no state of
 * its own, no I/O): the resolution the player builds click by click (beer face changes, the own card
 * the dynamite takes, shots by row and column, repairs), simulated on the view so the page can say
 * what is still owed and which cards may be clicked; the secret pick and the effect choices. The
 * controls model (controls.ts) calls these. The rules stay the judge: the command
 * built here is checked again by the server.
 */
import { cardsWhere, molotovRow, repairableColumns, rowOfShot, ROWS, standing, standingInRow, type BeerChange, type CardRef, type DuelShot, type DuelView, type Face, type Hideout, type Row } from "@bang/game-dice-duel";
import type { GameCommand } from "@bang/protocol";
import { nameOf, type Names } from "../../lib/names";

/** The resolution being built by the active duellist (R8.4 to R8.8); every list in the order clicked. */
export interface DuelDraft {
  changes: BeerChange[];
  dynamite: CardRef | null;
  shots: DuelShot[];
  repairs: number[];
}

/** A resolution with nothing chosen yet. */
export const emptyDraft = (): DuelDraft => ({ changes: [], dynamite: null, shots: [], repairs: [] });

/** What the draft still needs before `resolve` can be sent: the next click, or `ready`. */
export type DuelNeed =
  | { kind: "dynamite"; cards: CardRef[] }
  | { kind: "shot"; rows: Row[]; cards: CardRef[] }
  | { kind: "repair"; columns: number[] }
  | { kind: "ready" };

/** The draft played out on the view: final dice, both hideouts and the ammo after it, and what it still needs. */
export interface DraftOutcome {
  dice: Face[];
  molotov: Row | null;
  mine: Hideout;
  theirs: Hideout;
  ammo: number;
  need: DuelNeed;
  /** The draft ends the game (a hideout with no card left, R8.10). */
  ends: boolean;
}

const copy = (h: Hideout): Hideout => ({ near: h.near.slice(), far: h.far.slice() });

/** The seat of `me` and of the opponent in `view` (a spectator sees seat 0 as "mine"). */
export function duellists(view: DuelView, me: string | null): { mine: DuelView["players"][number]; theirs: DuelView["players"][number] } {
  const i = Math.max(0, view.players.findIndex((p) => p.id === me));
  return { mine: view.players[i]!, theirs: view.players[1 - i]! };
}

/** R8.4: the dice after the draft's beer changes (changes are simultaneous). */
export function changedDice(dice: readonly Face[], changes: readonly BeerChange[]): Face[] {
  const out = dice.slice();
  for (const c of changes) out[c.die] = c.face;
  return out;
}

/**
 * Plays `draft` of `me` on `view` as the rules will (R8.4 to R8.8, end checks of R8.10): beer changes,
 * the explosion's own card, the shots in order, the repairs. Returns what results and the next choice
 * owed. Assumes the draft was built through {@link addCard} (its clicks are legal).
 */
export function playDraft(view: DuelView, me: string, draft: DuelDraft): DraftOutcome {
  const { mine: m, theirs: t } = duellists(view, me);
  const mine = copy(m.hideout);
  const theirs = copy(t.hideout);
  let ammo = m.ammo;
  const dice = changedDice(view.dice, draft.changes);
  const molotov = molotovRow(dice);
  const done = (need: DuelNeed, ends = false): DraftOutcome => ({ dice, molotov, mine, theirs, ammo, need, ends });

  if (view.exploded) {
    if (!draft.dynamite) return done({ kind: "dynamite", cards: cardsWhere(mine, true) });
    mine[draft.dynamite.row][draft.dynamite.column] = false;
    if (standing(mine) === 0) return done({ kind: "ready" }, true);
  }
  if (molotov) {
    for (let c = 0; c < 4; c++) theirs[molotov][c] = false;
    return done({ kind: "ready" }, standing(theirs) === 0);
  }
  const used = new Set<number>();
  for (const shot of draft.shots) {
    const row = rowOfShot(dice[shot.die]!)!;
    used.add(shot.die);
    ammo--;
    theirs[row][shot.column] = false;
    if (standing(theirs) === 0) return done({ kind: "ready" }, true);
  }
  const rows = ROWS.filter((row) => ammo > 0 && standingInRow(theirs, row) > 0 && dice.some((f, i) => !used.has(i) && rowOfShot(f) === row));
  if (rows.length > 0) return done({ kind: "shot", rows, cards: cardsWhere(theirs, true).filter((c) => rows.includes(c.row)) });
  for (const column of draft.repairs) mine[mine.near[column] ? "far" : "near"][column] = true;
  const pairs = Math.floor(dice.filter((f) => f === "arrow").length / 2);
  const columns = repairableColumns(mine);
  if (draft.repairs.length < pairs && columns.length > 0) return done({ kind: "repair", columns });
  return done({ kind: "ready" });
}

/**
 * One click on a card of a hideout while building the draft: `side` is whose hideout. Adds the
 * dynamite card, a shot (the first unused die of that row) or a repair when that is what the draft
 * needs and the card fits; otherwise returns the draft unchanged.
 */
export function addCard(view: DuelView, me: string, draft: DuelDraft, side: "mine" | "theirs", card: CardRef): DuelDraft {
  const out = playDraft(view, me, draft);
  const need = out.need;
  const same = (c: CardRef) => c.row === card.row && c.column === card.column;
  if (need.kind === "dynamite" && side === "mine" && need.cards.some(same)) return { ...draft, dynamite: card };
  if (need.kind === "shot" && side === "theirs" && need.cards.some(same)) {
    const used = new Set(draft.shots.map((s) => s.die));
    const die = out.dice.findIndex((f, i) => !used.has(i) && rowOfShot(f) === card.row);
    return { ...draft, shots: [...draft.shots, { die, column: card.column }] };
  }
  if (need.kind === "repair" && side === "mine" && need.columns.includes(card.column) && !out.mine[card.row][card.column]) return { ...draft, repairs: [...draft.repairs, card.column] };
  return draft;
}

/**
 * Sets the face change funded by beer die `beer` (R8.4): `null` removes it. The target die must be
 * another die that funds no change itself; shots and repairs are cleared (they depend on the dice),
 * the dynamite card stays (no change undoes an explosion).
 */
export function setChange(view: DuelView, draft: DuelDraft, beer: number, change: { die: number; face: Face } | null): DuelDraft {
  if (view.dice[beer] !== "beer") return draft;
  const others = draft.changes.filter((c) => c.beer !== beer);
  if (change) {
    const funding = new Set(others.map((c) => c.beer));
    if (change.die === beer || change.die < 0 || change.die >= view.dice.length || funding.has(change.die) || others.some((c) => c.die === change.die)) return draft;
    others.push({ beer, die: change.die, face: change.face });
  }
  return { ...draft, changes: others.filter((c) => !others.some((o) => o.die === c.beer)).sort((a, b) => a.beer - b.beer), shots: [], repairs: [] };
}

/** The dice a beer may change (R8.4): any other die that is not itself funding a change. */
export function changeableDice(view: DuelView, draft: DuelDraft, beer: number): number[] {
  const funding = new Set(draft.changes.filter((c) => c.beer !== beer).map((c) => c.beer));
  const changed = new Set(draft.changes.filter((c) => c.beer !== beer).map((c) => c.die));
  return view.dice.flatMap((_, i) => (i !== beer && !funding.has(i) && !changed.has(i) ? [i] : []));
}

/** The `resolve` command of a draft, or null while it still needs a choice (the server would say INCOMPLETE_RESOLUTION). */
export function duelResolveCommand(view: DuelView, me: string, draft: DuelDraft): GameCommand | null {
  if (playDraft(view, me, draft).need.kind !== "ready") return null;
  return {
    type: "resolve",
    ...(draft.changes.length > 0 ? { changes: draft.changes.map((c) => ({ ...c })) } : {}),
    ...(draft.dynamite ? { dynamite: { ...draft.dynamite } } : {}),
    ...(draft.shots.length > 0 ? { shots: draft.shots.map((s) => ({ ...s })) } : {}),
    ...(draft.repairs.length > 0 ? { repairs: draft.repairs.slice() } : {}),
  } as GameCommand;
}

/** Toggles `card` in the effect selection, keeping at most `count` cards among `allowed` (R8.9 sheriff/outlaw). */
export function toggleEffectCard(selected: readonly CardRef[], card: CardRef, allowed: readonly CardRef[], count: number): CardRef[] {
  const same = (c: CardRef) => c.row === card.row && c.column === card.column;
  if (!allowed.some(same)) return [...selected];
  if (selected.some(same)) return selected.filter((c) => !same(c));
  return selected.length >= count ? [...selected] : [...selected, card];
}

/**
 * What a viewer sees of each duel pick now (R8.9): `hidden` for a pick made but not shown to this
 * viewer, `waiting` for none yet, or the card. Reads the view only: the server already hid what the
 * viewer may not see.
 */
export function pickStates(view: DuelView): { player: string; state: "waiting" | "hidden" | "sheriff" | "outlaw" | "renegade" }[] {
  if (!view.duel) return [];
  return view.duel.picks.map((p) => ({ player: p.player, state: !p.picked ? "waiting" : (p.card ?? "hidden") }));
}

/** What the duel waits for, as a sentence for the action bar. */
export function duelPrompt(view: DuelView, me: string | null, names: Names): string {
  if (view.phase === "gameOver") return view.winner ? `Game over: ${nameOf(names, view.winner.players[0])} wins.` : "Game over.";
  const mine = me !== null && view.waitingFor.includes(me);
  switch (view.phase) {
    case "rolling":
      if (!mine) return `Waiting for ${nameOf(names, view.turn)} to roll…`;
      return view.rolls === 0 ? "Your turn: roll the dice." : `Tap the dice to keep, then reroll the others (${view.maxRolls - view.rolls} left) or stop.`;
    case "resolving":
      return mine ? "Resolve: turn dice with your beers if you like, then tap the cards your dice hit or restore." : `Waiting for ${nameOf(names, view.turn)} to resolve…`;
    case "duel":
      if (!mine) return "Duel! Waiting for the other pick…";
      return `Duel! Pick a card in secret: ${view.duel?.starter === me ? "you started, so your card takes effect unless it is blocked" : "your opponent started, so their card takes effect unless yours blocks it"}.`;
    case "duelEffect":
      return mine ? `Your ${view.effect?.card} card: choose ${view.effect?.count} cards.` : `Waiting for ${nameOf(names, view.turn)} to choose the cards…`;
  }
}

/** What the draft still needs, as a sentence. */
export function needText(need: DuelNeed): string {
  switch (need.kind) {
    case "dynamite":
      return "The dynamite exploded: tap one of your own cards to lose.";
    case "shot":
      return `Shoot: tap an opponent card in the ${need.rows.join(" or ")} row.`;
    case "repair":
      return "Repair: tap a destroyed card of yours in a column where a card still stands.";
    case "ready":
      return "Ready: resolve.";
  }
}
