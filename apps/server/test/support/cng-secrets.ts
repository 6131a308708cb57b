/**
 * The check of DESIGN invariant 4 on what a viewer of Ca$h 'n Guns receives (RULES-cash-n-guns.md F8):
 * one checker per viewer (a player, or a spectator when `me` is null), fed every frame in order.
 *
 * Structured checks, on the parsed frame: another player's hand and discard are null (F8.3); another
 * player's bullet is null or `"hidden"` unless a `bulletRevealed` event of this round showed it (F8.4,
 * F8.8); before the aims are revealed (`bullet_choice`, `hold_up`) another player's aim is null or
 * `"hidden"`, and before courage is revealed another player's courage is null or `"hidden"` and nobody
 * is `lying_down` (F8.5, F8.7); another player's `choose_bullet` command never carries its card, an
 * `aim` or `courage` command carries its field only in the step that reveals it; a `bulletDiscarded`
 * event of another player has `card: null` (F8.8) and no `clipResolved` of another player arrives (F8.9).
 *
 * A count on the whole parsed frame, whatever its shape: the string values `click` and `bang` may occur
 * only where the viewer may see them (their own chosen card, revealed cards), and while courage is
 * secret, `stand` and `lie_down` only as the viewer's own choice. A server that sent the full state, or
 * hid it under another key or in an error message, puts more of them in the frame than allowed.
 *
 * It also records the "has chosen" announcements (the frame of another player's `choose_bullet`: its
 * command, events and the chooser's seat), so that a test can check they are the same bytes for a
 * `click` and a `bang` (F8.4).
 */
import type { CngEvent, CngView } from "@bang/game-cash-n-guns";
import { WholeViews } from "./whole-views.js";

const BULLET_WORDS = new Set(["click", "bang"]);
const COURAGE_WORDS = new Set(["stand", "lie_down"]);
const AIMS_HIDDEN = new Set(["bullet_choice", "hold_up"]);
const COURAGE_HIDDEN = new Set(["bullet_choice", "hold_up", "godfather_privilege", "retarget", "courage"]);

interface Frame {
  type: string;
  gameId: string;
  seq: number;
  by?: string;
  command?: { type: string } & Record<string, unknown>;
  events?: CngEvent[];
  view?: CngView;
  /** An event's view changes (hello feature viewChanges), in place of `view`. */
  viewChanges?: Partial<CngView>;
}

/** One "has chosen" frame as another viewer got it: `text` is the same whatever the card (F8.4). */
export interface Announcement {
  gameId: string;
  seq: number;
  round: number;
  by: string;
  text: string;
}

/** How many string values of `words` the JSON value holds, at any depth. */
function countValues(value: unknown, words: ReadonlySet<string>): number {
  if (typeof value === "string") return words.has(value) ? 1 : 0;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countValues(v, words), 0);
  if (value !== null && typeof value === "object") return Object.values(value).reduce((n: number, v) => n + countValues(v, words), 0);
  return 0;
}

/** See the module comment. */
export class CngSecretsChecker {
  /** Per game: the cards revealed this round (player -> card), from `bulletRevealed` events. */
  private readonly revealed = new Map<string, Map<string, string>>();
  readonly announcements: Announcement[] = [];
  /** Per game and round, the revealed cards seen: `${gameId}#${round}#${player}` -> card. */
  readonly revealedCards = new Map<string, string>();
  frames = 0;

  /** The receiver's whole views, by game. */
  private readonly views = new WholeViews();

  constructor(readonly me: string | null) {}

  /** Checks one frame; returns the violations found (empty when none). */
  check(text: string): string[] {
    const out: string[] = [];
    let message: Frame;
    try {
      message = JSON.parse(text) as Frame;
    } catch {
      return [`not JSON: ${text.slice(0, 80)}`];
    }
    const me = this.me;
    const who = me ?? "a spectator";
    if (message.type !== "snapshot" && message.type !== "event") {
      // Anything else (acks, errors, presence, tables) names no bullet and no courage choice at all.
      const n = countValues(message, BULLET_WORDS) + countValues(message, COURAGE_WORDS);
      if (n > 0) out.push(`${message.type} frame to ${who} names a bullet or courage choice: ${text.slice(0, 200)}`);
      return out;
    }
    // The receiver's whole view (an event's view changes applied onto its view of seq - 1); changes
    // with no view under them (the SDK resumes then, and whole views come) leave nothing to check.
    const view = this.views.of<CngView>(message);
    if (view === null) return out;
    this.frames++;
    const { gameId } = message;
    const where = `${message.type} ${gameId}#${message.seq} to ${who}`;
    const events = message.events ?? [];
    let revealed = this.revealed.get(gameId);
    if (!revealed) this.revealed.set(gameId, (revealed = new Map()));
    // A snapshot (a spectator joining mid-game) comes without the events before it: once the cards took
    // effect (sharing, game over) a card it shows face up was revealed by them (a face-down one shows
    // "hidden", which the count below still holds it to).
    if (message.type === "snapshot" && (view.phase === "sharing" || view.phase === "game_over")) {
      for (const p of view.players) if (p.id !== me && p.bullet !== null && p.bullet !== "hidden") revealed.set(p.id, p.bullet);
    }
    let allowedBullets = 0;
    let allowedCourage = 0;
    for (const e of events) {
      if (e.type === "roundStarted") revealed.clear();
      if (e.type === "bulletRevealed") {
        revealed.set(e.player, e.card);
        this.revealedCards.set(`${gameId}#${view.round}#${e.player}`, e.card);
        allowedBullets++;
      }
      if (e.type === "bulletDiscarded" && e.card !== null) {
        if (e.player !== me) out.push(`${where}: ${e.player}'s face-down card (${e.card})`);
        else allowedBullets++;
      }
      if (e.type === "clipResolved" && e.player !== me) out.push(`${where}: ${e.player}'s clip outcome`);
      if (e.type === "courageRevealed") allowedCourage += e.choices.length;
    }
    const command = message.command;
    const by = message.by;
    if (command && by !== undefined) {
      const reveals = (type: string) => events.some((e) => e.type === type);
      if (by !== me) {
        if (command.type === "choose_bullet" && "card" in command) out.push(`${where}: ${by}'s choose_bullet shows its card`);
        if (command.type === "aim" && "target" in command && !reveals("aimsRevealed")) out.push(`${where}: ${by}'s aim shows its target before the reveal`);
        if (command.type === "courage" && "choice" in command && !reveals("courageRevealed")) out.push(`${where}: ${by}'s courage shows its choice before the reveal`);
      } else if (command.type === "choose_bullet" && "card" in command) allowedBullets++;
      // The viewer's own choice, or any choice of the step that revealed them all (F8.1).
      if (command.type === "courage" && "choice" in command && (by === me || reveals("courageRevealed"))) allowedCourage++;
      if (command.type === "choose_bullet" && by !== me) {
        const seat = view.players.find((p) => p.id === by);
        const anonymous = JSON.stringify({ command, events, seat: seat && { bullet: seat.bullet, hand: seat.hand, discard: seat.discard } }).replaceAll(JSON.stringify(by), '"<chooser>"');
        this.announcements.push({ gameId, seq: message.seq, round: view.round, by, text: anonymous });
      }
    }
    const courageHidden = COURAGE_HIDDEN.has(view.phase);
    for (const p of view.players) {
      if (p.id === me) {
        if (BULLET_WORDS.has(String(p.bullet))) allowedBullets++;
        if (COURAGE_WORDS.has(String(p.courage))) allowedCourage++;
        continue;
      }
      if (p.hand !== null || p.discard !== null) out.push(`${where}: ${p.id}'s hand or discard is shown`);
      if (p.bullet !== null && p.bullet !== "hidden") {
        if (revealed.get(p.id) === p.bullet) allowedBullets++;
        else out.push(`${where}: ${p.id}'s card (${p.bullet}) is shown, never revealed`);
      }
      if (AIMS_HIDDEN.has(view.phase) && p.aim !== null && p.aim !== "hidden") out.push(`${where}: ${p.id}'s aim (${p.aim}) before the reveal`);
      if (courageHidden) {
        if (p.courage !== null && p.courage !== "hidden") out.push(`${where}: ${p.id}'s courage (${p.courage}) before the reveal`);
        if (p.status === "lying_down") out.push(`${where}: ${p.id} lies down before the reveal`);
      }
    }
    const bullets = countValues(message, BULLET_WORDS);
    if (bullets > allowedBullets) out.push(`${where} names click/bang ${bullets} times, ${allowedBullets} allowed: ${text.slice(0, 300)}`);
    if (courageHidden) {
      const courage = countValues(message, COURAGE_WORDS);
      if (courage > allowedCourage) out.push(`${where} names stand/lie_down ${courage} times, ${allowedCourage} allowed: ${text.slice(0, 300)}`);
    }
    return out;
  }
}
