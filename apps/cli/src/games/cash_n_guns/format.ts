/**
 * Text of Ca$h 'n Guns (RULES-cash-n-guns.md part F) for people: the round and its step, the Godfather
 * and the New Godfather tile, the loot on the table, every seat (status, wounds, cards in hand, this
 * round's bullet, aim and courage as far as the view shows them, collected loot), the viewer's own
 * bullets, and the final count. Everything here reads a CngView: a secret not yet revealed is `hidden`
 * there, and is printed as such.
 */
import { faceValue, isDiamond, LOOT_CARDS, NEW_GODFATHER, type CngSeatView, type CngView, type LootCard, type Phase } from "@bang/game-cash-n-guns";
import { columns } from "../../shell/text.js";

/** `$12,000`. */
export const dollars = (n: number): string => `$${n.toLocaleString("en-US")}`;

const STEP_WORDS: Readonly<Record<Phase, string>> = {
  loot: "loot",
  bullet_choice: "bullet choice (secret)",
  hold_up: "hold-up (secret aims)",
  godfather_privilege: "the Godfather's privilege",
  retarget: "the ordered player retargets",
  courage: "courage (secret)",
  card_effects: "card effects",
  sharing: "sharing the loot",
  game_over: "game over",
};

/**
 * F1.3, F5.5: a loot card in words with its value, as the web table names it: `$10,000 bill`,
 * `$1,000 diamond`, `painting`, `clip`, `first aid kit`; the tile is `New Godfather tile`.
 */
export function lootWord(card: LootCard | typeof NEW_GODFATHER): string {
  if (card === NEW_GODFATHER) return "New Godfather tile";
  if (card.startsWith("bill_")) return `${dollars(faceValue(card))} bill`;
  if (isDiamond(card)) return `${dollars(faceValue(card))} diamond`;
  return card.replaceAll("_", " ");
}

/** A loot card with its article, for sentences: `a $10,000 bill`, `a first aid kit`, `the New Godfather tile`. */
export const lootName = (card: LootCard | typeof NEW_GODFATHER): string => `${card === NEW_GODFATHER ? "the" : "a"} ${lootWord(card)}`;

/** `$10,000 bill x2, painting`: loot cards in words grouped by kind, in the order of F1.3. */
export function lootText(cards: readonly LootCard[]): string {
  if (cards.length === 0) return "-";
  const count = (kind: LootCard) => cards.filter((c) => c === kind).length;
  return LOOT_CARDS.filter((kind) => count(kind) > 0)
    .map((kind) => (count(kind) === 1 ? lootWord(kind) : `${lootWord(kind)} x${count(kind)}`))
    .join(", ");
}

/** A secret as the view shows it: `-` not yet, `?` chosen but hidden, else the value. */
const secret = (v: string | null): string => (v === null ? "-" : v === "hidden" ? "?" : v);

function seatRow(view: CngView, p: CngSeatView, i: number, me: string | null): string[] {
  const marks = `${p.id === view.godfather ? "G" : ""}${p.id === view.turn ? ">" : ""}`;
  return [
    marks,
    String(i + 1),
    p.id === me ? `${p.id} (you)` : p.id,
    p.status,
    String(p.wounds),
    String(p.handSize),
    secret(p.bullet),
    secret(p.aim),
    secret(p.courage),
    p.score === null ? lootText(p.loot) : `${dollars(p.score)}: ${lootText(p.loot)}`,
  ];
}

/**
 * The table as `view.viewer` sees it. Seats are marked G (the Godfather) and > (whose share it is);
 * `?` is a choice made but not yet revealed, `-` none.
 */
export function renderTable(view: CngView): string {
  const me = view.viewer.kind === "player" ? view.viewer.id : null;
  const head =
    view.phase === "game_over"
      ? `Round ${view.round} of 8: the game is over.`
      : `Round ${view.round} of 8: ${STEP_WORDS[view.phase]}. Godfather: ${view.godfather}. New Godfather tile: ${view.tile}. Piles left: ${view.pilesLeft}.`;
  const header = ["", "seat", "player", "status", "wounds", "cards", "bullet", "aim", "courage", "loot"];
  const lines = [head, `Loot on the table: ${lootText(view.table)}`, ...columns([header, ...view.players.map((p, i) => seatRow(view, p, i, me))], " ")];
  if (view.order) lines.push(`The Godfather ordered ${view.order.player} to change target (was ${view.order.previous}).`);
  if (view.phase !== "game_over" && view.waitingFor.length > 0) lines.push(`Waiting for: ${view.waitingFor.join(", ")}.`);
  for (const p of view.players) {
    if (!p.hand || !p.discard) continue;
    // A player's own bullets (F8.3); an admin's view (a replay) holds everyone's.
    const whose = p.id === me ? "Your bullets" : `${p.id}'s bullets`;
    lines.push(`${whose}: ${p.hand.click} click, ${p.hand.bang} bang in hand; used: ${p.discard.click} click, ${p.discard.bang} bang.`);
  }
  if (view.diamondBonus) lines.push(`Diamond bonus ($60,000): ${view.diamondBonus}.`);
  return lines.join("\n");
}

/**
 * The final ranking from a finished game's public view (F7, F8.11): the winners first, then the other
 * living players by total (most wounds first on a tie, F10.14), the dead last; tied seats share a place.
 * Rows: place, player, total (living players of a game won by `richest`), wounds or `dead`.
 */
export function ranking(view: CngView): { place: number; player: string; total: number | null; wounds: number; alive: boolean }[] {
  const winners = new Set(view.winner?.players ?? []);
  const key = (p: CngSeatView) => [winners.has(p.id) ? 0 : 1, p.alive ? 0 : 1, -(p.score ?? 0), p.alive ? -p.wounds : 0];
  const sorted = [...view.players].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
    return 0;
  });
  const rows: ReturnType<typeof ranking> = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    const tied = prev !== undefined && key(prev).join() === key(p).join();
    rows.push({ place: tied ? rows[i - 1]!.place : i + 1, player: p.id, total: p.score, wounds: p.wounds, alive: p.alive });
  });
  // With nobody alive (all_dead) nobody holds place 1 (F7.2): every seat shares place 2.
  return view.winner?.reason === "all_dead" ? rows.map((r) => ({ ...r, place: 2 })) : rows;
}

/** The ranking as lines. */
export function rankingLines(view: CngView): string[] {
  const rows = ranking(view).map((r) => [String(r.place), r.player, r.total === null ? "-" : dollars(r.total), r.alive ? `${r.wounds} wounds` : "dead"]);
  return ["Ranking (place, player, total, wounds):", ...columns(rows)];
}

/** `p3 wins, the richest with $142,000` / `p2 wins, the last survivor` / `nobody wins: everyone is dead`. */
export function describeWinner(view: CngView): string {
  const w = view.winner;
  if (!w) return "the game is not over";
  const who = w.players.join(" and ");
  switch (w.reason) {
    case "all_dead":
      return "nobody wins: every last player died";
    case "last_survivor":
      return `${who} wins, the last survivor`;
    case "richest": {
      const total = view.players.find((p) => p.id === w.players[0])?.score;
      return `${who} ${w.players.length > 1 ? "share the victory" : "wins"}, the richest${total === null || total === undefined ? "" : ` with ${dollars(total)}`}`;
    }
  }
}
