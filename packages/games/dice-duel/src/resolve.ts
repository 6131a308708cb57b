/**
 * The resolution of a duel turn (R8.4 to R8.8, then the start of a duel, R8.9): beer face changes, then
 * dynamite, molotov, shots and arrows, the end being checked after each step (R8.6, R8.10). The active
 * player's choices come in one `resolve` command and are checked while the steps run on a draft: a
 * refusal is returned and the caller drops the draft, so a refused command changes nothing.
 */
import { countFace, FACES, type Face } from "@bang/game-dice";
import { ruleError } from "./errors.js";
import { isCardRef, repairableColumns, destroyedInColumn, standingInRow } from "./hideout.js";
import { checkDuelEnd, endDuelTurn } from "./turn.js";
import type { BeerChange, DuelEvent, DuelResolveCommand, DuelState, RuleError, Row } from "./types.js";

const isDie = (i: unknown): i is number => Number.isInteger(i) && (i as number) >= 0 && (i as number) <= 4;
const isColumn = (c: unknown): c is number => Number.isInteger(c) && (c as number) >= 0 && (c as number) <= 3;

/** R8.7: the row a shot die hits: `1` the near row, `2` the far row. */
export function rowOfShot(face: Face): Row | null {
  return face === "1" ? "near" : face === "2" ? "far" : null;
}

/**
 * R8.5: the row a molotov burns, or null. The five dice must be exactly 2 or 3 `beer`, 1 or 2
 * `dynamite` and one `1`/`2` (so 3+1+1 or 2+2+1); that die's face gives the row.
 */
export function molotovRow(dice: readonly Face[]): Row | null {
  const beers = countFace(dice, "beer");
  const dynamite = countFace(dice, "dynamite");
  const shots = dice.filter((d) => d === "1" || d === "2");
  if (dice.length !== 5 || beers < 2 || beers > 3 || dynamite < 1 || dynamite > 2 || shots.length !== 1 || beers + dynamite + 1 !== 5) return null;
  return rowOfShot(shots[0]!);
}

/** R8.9: 2 or more `gatling` dice in the final result start a duel. */
export function startsDuel(dice: readonly Face[]): boolean {
  return countFace(dice, "gatling") >= 2;
}

/**
 * Does ending rolling need the active player's `resolve`? Yes with any `beer` die (R8.4 changes are
 * optional but theirs to choose), an explosion (they choose the card, R8.6), a shot that can fire (ammo
 * and a card in that row, R8.7) or a pair of arrows with a card to restore (R8.8). Otherwise the
 * resolution runs at once.
 */
export function needsDuelChoices(s: DuelState): boolean {
  const me = s.players[s.turn]!;
  const them = s.players[1 - s.turn]!;
  // A molotov always has beers, so it always waits for the player's resolve.
  if (s.exploded || s.dice.includes("beer")) return true;
  for (const d of s.dice) {
    const row = rowOfShot(d);
    if (row && me.ammo > 0 && standingInRow(them.hideout, row) > 0) return true;
  }
  return countFace(s.dice, "arrow") >= 2 && repairableColumns(me.hideout).length > 0;
}

/**
 * R8.4: checks the beer changes and returns the final dice. Each change names a `beer` die of the rolled
 * dice (set aside: it keeps its beer face and funds one change) and another die, which becomes `face`.
 * A die is changed once at most, and a beer that funds a change is not changed. Changes are
 * simultaneous: a die changed into a beer funds nothing.
 */
export function applyChanges(dice: readonly Face[], changes: unknown): { dice: Face[] } | RuleError {
  if (!Array.isArray(changes)) return ruleError("INVALID_COMMAND", "resolve.changes: must be a list of {beer, die, face}");
  const funding = new Set<number>();
  const changed = new Set<number>();
  const out = dice.slice();
  for (const [k, ch] of (changes as BeerChange[]).entries()) {
    const field = `resolve.changes[${k}]`;
    if (ch === null || typeof ch !== "object") return ruleError("INVALID_COMMAND", `${field}: must be {beer, die, face}`);
    if (!isDie(ch.beer) || dice[ch.beer] !== "beer") return ruleError("INVALID_COMMAND", `${field}.beer: die ${String(ch.beer)} does not show beer (R8.4)`);
    if (funding.has(ch.beer)) return ruleError("INVALID_COMMAND", `${field}.beer: die ${ch.beer} already funds a change (one change per beer, R8.4)`);
    if (!isDie(ch.die) || ch.die === ch.beer) return ruleError("INVALID_COMMAND", `${field}.die: must be another die index 0..4 (R8.4)`);
    if (changed.has(ch.die)) return ruleError("INVALID_COMMAND", `${field}.die: die ${ch.die} is changed twice`);
    if (!(FACES as readonly unknown[]).includes(ch.face)) return ruleError("INVALID_COMMAND", `${field}.face: unknown face "${String(ch.face)}"`);
    funding.add(ch.beer);
    changed.add(ch.die);
  }
  for (const b of funding) if (changed.has(b)) return ruleError("INVALID_COMMAND", `resolve.changes: die ${b} funds a change and cannot be changed itself (R8.4)`);
  for (const ch of changes as BeerChange[]) out[ch.die] = ch.face;
  return { dice: out };
}

/**
 * Runs the resolution of the active player's turn on draft `s` with choices `c` (R8.4 to R8.9). Returns
 * the first refusal (the draft is then to be dropped), or null. On success the game is over, or waits
 * for both duel picks (phase `duel`), or the other player's turn has started.
 */
export function resolveDuelTurn(s: DuelState, c: DuelResolveCommand, ev: DuelEvent[]): RuleError | null {
  const me = s.players[s.turn]!;
  const them = s.players[1 - s.turn]!;

  // R8.4: beer changes, before any effect; they cannot undo an explosion (s.exploded stays).
  const changes = c.changes ?? [];
  const changedDice = applyChanges(s.dice, changes);
  if ("code" in changedDice) return changedDice;
  if (changes.length > 0) {
    s.dice = changedDice.dice;
    ev.push({ type: "diceChanged", player: me.id, changes: changes.map((x) => ({ beer: x.beer, die: x.die, face: x.face })), dice: s.dice.slice() });
  }
  const dice = s.dice;

  // R8.6: an explosion destroys one of the player's own cards, their choice.
  if (s.exploded) {
    const ref = c.dynamite;
    if (ref === undefined) return ruleError("INCOMPLETE_RESOLUTION", "resolve.dynamite: the dynamite exploded: name one of your own standing cards (R8.6)");
    if (!isCardRef(ref)) return ruleError("INVALID_COMMAND", "resolve.dynamite: must be {row: \"near\" | \"far\", column: 0..3}");
    if (!me.hideout[ref.row][ref.column]) return ruleError("INVALID_TARGET", `resolve.dynamite: your ${ref.row} card in column ${ref.column} is already destroyed`);
    me.hideout[ref.row][ref.column] = false;
    ev.push({ type: "cardDestroyed", player: me.id, row: ref.row, column: ref.column, cause: "dynamite", by: me.id });
    if (checkDuelEnd(s, ev)) return null;
  } else if (c.dynamite !== undefined) {
    return ruleError("INVALID_COMMAND", "resolve.dynamite: the dynamite did not explode (R8.6)");
  }

  const shots = c.shots ?? [];
  const repairs = c.repairs ?? [];
  if (!Array.isArray(shots)) return ruleError("INVALID_COMMAND", "resolve.shots: must be a list of {die, column}");
  if (!Array.isArray(repairs)) return ruleError("INVALID_COMMAND", "resolve.repairs: must be a list of columns 0..3");

  // R8.5: a molotov burns a whole opponent row; those five dice have no other effect.
  const burnt = molotovRow(dice);
  if (burnt) {
    if (shots.length > 0 || repairs.length > 0) return ruleError("INVALID_COMMAND", "resolve: a molotov's dice have no other effect: give no shots or repairs (R8.5)");
    ev.push({ type: "molotov", player: me.id, row: burnt });
    them.hideout[burnt].forEach((up, column) => {
      if (!up) return;
      them.hideout[burnt][column] = false;
      ev.push({ type: "cardDestroyed", player: them.id, row: burnt, column, cause: "molotov", by: me.id });
    });
    if (checkDuelEnd(s, ev)) return null;
    endDuelTurn(s, ev);
    return null;
  }

  // R8.7: each shot pays 1 ammo and destroys an opponent card of the die's row; with no ammo or no card
  // left in that row the die does nothing. Shots apply in the order given.
  const used = new Set<number>();
  for (const [k, shot] of shots.entries()) {
    const field = `resolve.shots[${k}]`;
    if (shot === null || typeof shot !== "object" || !isDie(shot.die)) return ruleError("INVALID_COMMAND", `${field}.die: must be a die index 0..4`);
    if (used.has(shot.die)) return ruleError("INVALID_COMMAND", `${field}.die: die ${shot.die} is used twice`);
    used.add(shot.die);
    const row = rowOfShot(dice[shot.die]!);
    if (!row) return ruleError("INVALID_COMMAND", `${field}.die: die ${shot.die} shows ${dice[shot.die]}, not 1 or 2`);
    if (me.ammo === 0) return ruleError("NO_AMMO", `${field}: a shot costs 1 ammo and you have none (R8.7)`);
    if (!isColumn(shot.column)) return ruleError("INVALID_COMMAND", `${field}.column: must be a column 0..3`);
    if (!them.hideout[row][shot.column]) return ruleError("INVALID_TARGET", `${field}.column: the opponent's ${row} card in column ${shot.column} is already destroyed`);
    me.ammo--;
    ev.push({ type: "ammoSpent", player: me.id, ammo: me.ammo });
    them.hideout[row][shot.column] = false;
    ev.push({ type: "cardDestroyed", player: them.id, row, column: shot.column, cause: "shot", by: me.id });
    if (checkDuelEnd(s, ev)) return null;
  }
  for (const [die, face] of dice.entries()) {
    const row = rowOfShot(face);
    if (row && !used.has(die) && me.ammo > 0 && standingInRow(them.hideout, row) > 0) {
      return ruleError("INCOMPLETE_RESOLUTION", `resolve.shots: die ${die} (${face}) can still fire: every shot with ammo and a target is used (R8.7)`);
    }
  }

  // R8.8: each pair of arrows restores a destroyed card in a column where a card still stands.
  const pairs = Math.floor(countFace(dice, "arrow") / 2);
  if (repairs.length > pairs) return ruleError("INVALID_COMMAND", `resolve.repairs: ${repairs.length} repairs for ${pairs} pair(s) of arrows (R8.8)`);
  for (const [k, column] of repairs.entries()) {
    if (!isColumn(column)) return ruleError("INVALID_COMMAND", `resolve.repairs[${k}]: must be a column 0..3`);
    if (!me.hideout.near[column] && !me.hideout.far[column]) return ruleError("INVALID_TARGET", `resolve.repairs[${k}]: column ${column} has no card left; arrows restore only where a card stands (R8.8)`);
    if (me.hideout.near[column] && me.hideout.far[column]) return ruleError("INVALID_TARGET", `resolve.repairs[${k}]: column ${column} has no destroyed card`);
    const row = destroyedInColumn(me.hideout, column);
    me.hideout[row][column] = true;
    ev.push({ type: "cardRestored", player: me.id, row, column, cause: "arrows" });
  }
  if (repairs.length < pairs && repairableColumns(me.hideout).length > 0) {
    return ruleError("INCOMPLETE_RESOLUTION", `resolve.repairs: ${pairs} pair(s) of arrows and a card to restore: name ${pairs} column(s) or every repairable one (R8.8)`);
  }

  // R8.9: two or more gatling dice in the final result start a duel.
  if (startsDuel(dice)) {
    s.phase = "duel";
    s.duel = { starter: s.turn, round: 1, picks: [null, null] };
    ev.push({ type: "duelStarted", starter: me.id, round: 1 });
    return null;
  }
  endDuelTurn(s, ev);
  return null;
}
