/**
 * The check of DESIGN invariant 4 on what a viewer of the card game receives (RULES-cards.md E1.3,
 * E1.6, E8.1): one checker per viewer (a player, or a spectator when `me` is null), fed every frame
 * in order.
 *
 * Structured checks, on the parsed frame: another player's hand is null; the role of another living
 * player who is not the sheriff is null until the game is over, and shown otherwise; an `eliminated`
 * event never names a living player; another player's cards drawn from the deck, looked at or put
 * back (Kit Carlson, E10.7), a card taken at random from a hand between two other players (E11.22),
 * and another player's `keep` are not named; no key `deck`, `rng` or `reshuffles` anywhere (the draw
 * pile's order, or the generator that deals it).
 *
 * Counts on the whole parsed frame, whatever its shape: every card id in it must be one the viewer can
 * know: in their own hand (before or after the step), in play, in the discard pile, among the face-up
 * cards of a pending step (before or after), or named by an event every player sees. A server that sent
 * the full state, or hid the deck under another key, names cards nobody may see. Likewise the secret
 * role words (deputy, outlaw, renegade) may occur only as often as the viewer may see them.
 */
import { CARD_IDS, type GameEvent, type PlayerView } from "@bang/game-cards";
import { WholeViews } from "./whole-views.js";

const CARD_SET: ReadonlySet<string> = new Set(CARD_IDS);
const SECRET_ROLES = ["deputy", "outlaw", "renegade"] as const;
const ROLE_SET: ReadonlySet<string> = new Set(SECRET_ROLES);
const FORBIDDEN_KEYS = new Set(["deck", "rng", "reshuffles"]);

interface Frame {
  type: string;
  gameId: string;
  seq: number;
  by?: string;
  command?: { type: string } & Record<string, unknown>;
  events?: GameEvent[];
  view?: PlayerView;
  /** An event's view changes (hello feature viewChanges), in place of `view`. */
  viewChanges?: Partial<PlayerView>;
}

/** Walks a JSON value: calls `value` on every string value and `key` on every key. */
function walk(v: unknown, value: (s: string) => void, key: (k: string) => void): void {
  if (typeof v === "string") value(v);
  else if (Array.isArray(v)) for (const x of v) walk(x, value, key);
  else if (v !== null && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      key(k);
      walk(x, value, key);
    }
  }
}

/** The cards of a view every viewer of it may see, with the viewer's own hand. */
function visibleCards(view: PlayerView, me: string | null): Set<string> {
  const out = new Set<string>(view.discard);
  for (const p of view.players) {
    for (const c of p.inPlay) out.add(c);
    if (p.id === me) for (const c of p.hand ?? []) out.add(c);
  }
  for (const c of view.pending?.cards ?? []) if (c !== null) out.add(c);
  return out;
}

/** Card ids an event shows to every viewer (the events viewEvent may hide are checked apart). */
function publicCards(e: GameEvent): string[] {
  switch (e.type) {
    case "shown":
    case "played":
    case "responded":
    case "picked":
    case "movedInPlay":
      return [e.card];
    case "checked":
      return [...e.cards, e.card];
    case "discarded":
      return e.cards;
    case "storeOpened":
      return e.cards;
    case "drew":
      return e.from === "discard" ? e.cards.filter((c): c is string => c !== null) : [];
    case "stolen":
      return !e.fromHand && e.card !== null ? [e.card] : [];
    default:
      return [];
  }
}

/** See the module comment. */
export class CardsSecretsChecker {
  /** Per game: the cards the viewer could see after the last frame. */
  private readonly known = new Map<string, Set<string>>();
  frames = 0;
  overFrames = 0;

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
      let named = 0;
      walk(message, (s) => void (CARD_SET.has(s) || ROLE_SET.has(s) ? named++ : 0), () => {});
      if (named > 0) out.push(`${message.type} frame to ${who} names a card or a role: ${text.slice(0, 200)}`);
      return out;
    }
    // The receiver's whole view (an event's view changes applied onto its view of seq - 1); changes
    // with no view under them (the SDK resumes then, and whole views come) leave nothing to check.
    const view = this.views.of<PlayerView>(message);
    if (view === null) return out;
    this.frames++;
    const { gameId } = message;
    const where = `${message.type} ${gameId}#${message.seq} to ${who}`;
    const over = view.winner !== null;
    if (over) this.overFrames++;
    const events = message.events ?? [];
    const others = (id: string | null | undefined) => id !== me;

    // Views: hands and roles.
    for (const p of view.players) {
      if (p.id === me) {
        if (p.role === null && p.alive) out.push(`${where}: ${me} cannot see their own role`);
        continue;
      }
      if (p.hand !== null) out.push(`${where}: ${p.id}'s hand is shown`);
      const secret = p.alive && !over && p.role !== "sheriff";
      if (secret && p.role !== null) out.push(`${where}: the role of living ${p.id} (${p.role}) is shown`);
      if (!secret && p.role === null) out.push(`${where}: the role of ${p.id} (alive ${p.alive}, over ${over}) is hidden`);
    }
    // Events and the command: what viewEvent must hide from others.
    const allowedRoles: Record<string, number> = { deputy: 0, outlaw: 0, renegade: 0 };
    for (const e of events) {
      if (e.type === "drew" && e.from === "deck" && others(e.player) && e.cards.some((c) => c !== null)) out.push(`${where}: ${e.player}'s cards drawn from the deck are named`);
      if (e.type === "drew" && e.from !== "deck" && e.from !== "discard" && others(e.player) && others(e.from) && e.cards.some((c) => c !== null)) out.push(`${where}: the card ${e.player} drew from ${e.from}'s hand is named`);
      if (e.type === "looked" && others(e.player) && e.cards.some((c) => c !== null)) out.push(`${where}: the cards ${e.player} looked at are named`);
      if (e.type === "putBack" && others(e.player) && e.card !== null) out.push(`${where}: the card ${e.player} put back is named`);
      if (e.type === "stolen" && e.fromHand && others(e.player) && others(e.from) && e.card !== null) out.push(`${where}: the card ${e.player} took from ${e.from}'s hand is named`);
      if (e.type === "eliminated") {
        const q = view.players.find((p) => p.id === e.player);
        if (!q || q.alive) out.push(`${where}: an eliminated event names ${e.player}, who is alive`);
        if (e.role in allowedRoles) allowedRoles[e.role]! += 1;
      }
    }
    if (message.command?.type === "keep" && others(message.by) && "cards" in message.command) out.push(`${where}: ${message.by}'s keep names its cards`);

    // Keys: no draw pile, no generator, anywhere.
    const cardsNamed: string[] = [];
    const rolesNamed: Record<string, number> = { deputy: 0, outlaw: 0, renegade: 0 };
    walk(
      message,
      (s) => {
        if (CARD_SET.has(s)) cardsNamed.push(s);
        if (s in rolesNamed) rolesNamed[s]! += 1;
      },
      (k) => {
        if (FORBIDDEN_KEYS.has(k)) out.push(`${where}: the frame holds a "${k}" key`);
      },
    );
    // Card ids: only those the viewer can know.
    const before = this.known.get(gameId) ?? new Set<string>();
    const after = visibleCards(view, me);
    const mine = (event: GameEvent) => event.type !== "eliminated" && "player" in event && event.player === me;
    const allowed = new Set([...before, ...after]);
    for (const e of events) {
      for (const c of publicCards(e)) allowed.add(c);
      // The viewer's own draws, looks and takes (the checks above flag them for others).
      if (mine(e) || (e.type === "stolen" && e.from === me) || (e.type === "drew" && e.from === me)) walk(e, (s) => void (CARD_SET.has(s) && allowed.add(s)), () => {});
    }
    if (message.by === me && message.command) walk(message.command, (s) => void (CARD_SET.has(s) && allowed.add(s)), () => {});
    const unknown = [...new Set(cardsNamed.filter((c) => !allowed.has(c)))];
    if (unknown.length > 0) out.push(`${where}: names ${unknown.length} card(s) the viewer cannot know (${unknown.slice(0, 5).join(", ")})`);
    this.known.set(gameId, after);

    // Role words: as many as the viewer may see (not checked at game over: every role is shown).
    if (!over) {
      for (const p of view.players) if (p.role !== null && p.role in allowedRoles) allowedRoles[p.role]! += 1;
      for (const role of SECRET_ROLES) {
        if (rolesNamed[role]! > allowedRoles[role]!) out.push(`${where}: names "${role}" ${rolesNamed[role]} times, ${allowedRoles[role]} allowed: ${text.slice(0, 300)}`);
      }
    }
    return out;
  }
}
