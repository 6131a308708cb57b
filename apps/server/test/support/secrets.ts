/**
 * The check of DESIGN invariant 4 on what a player of the dice game receives (RULES.md R1.2, R5.1): no
 * frame sent to player P may tell P the secret role of another player Q while Q is alive, is not the
 * sheriff and the game is not over.
 *
 * Two checks per frame. (1) On the parsed message: in a snapshot or event view, every such Q has
 * `role: null`, and an `eliminated` event never names a player still alive. (2) On the raw JSON text,
 * whatever its shape: each secret role word (deputy, outlaw, renegade) may appear at most as many times
 * as P is entitled to see it (P's own role, the roles of dead players, the roles `eliminated` events
 * reveal, a replay's entries' events included). A server that sent full states, or hid a role under another key (or in an error message),
 * would put at least one role word more in the text than allowed; (2) catches it even when (1) cannot.
 */
import type { PlayerView } from "@bang/game-dice";
import type { WholeViews } from "./whole-views.js";

const SECRET_ROLES = ["deputy", "outlaw", "renegade"] as const;
const WORD = Object.fromEntries(SECRET_ROLES.map((r) => [r, new RegExp(`\\b${r}\\b`, "g")])) as Record<(typeof SECRET_ROLES)[number], RegExp>;

type CheckedEvent = { type: string; player?: string; role?: string };

interface GameFrame {
  type: "snapshot" | "event";
  gameId: string;
  seq: number;
  view?: PlayerView;
  viewChanges?: Partial<PlayerView>;
  events?: CheckedEvent[];
  /** A replay's entries (checked as a snapshot): each with the events of its command. */
  entries?: { events?: CheckedEvent[] }[];
}

/** What a checked frame was, for the test's counts. */
export interface FrameReport {
  game: boolean;
  over: boolean;
  violations: string[];
}

/**
 * Checks one frame received by player `me`, or by a spectator when `me` is null (see the module
 * comment). `views`: that receiver's whole views so far, which an event's `viewChanges` (hello feature
 * `viewChanges`) are applied onto. Changes with no view under them (none given, or frames of several
 * sockets read one after the other) are checked as a partial view: the keys they carry (the seats'
 * roles above all) and the frame's text, as any frame's.
 */
export function checkFrame(text: string, me: string | null, views?: WholeViews): FrameReport {
  const violations: string[] = [];
  let message: { type?: unknown };
  try {
    message = JSON.parse(text) as { type?: unknown };
  } catch {
    return { game: false, over: false, violations: [`not JSON: ${text.slice(0, 80)}`] };
  }
  const allowed: Record<string, number> = { deputy: 0, outlaw: 0, renegade: 0 };
  let game = false;
  let over = false;
  const frame = message as GameFrame;
  const whole = message.type === "snapshot" || message.type === "event" ? (views ? views.of<PlayerView>(frame) : (frame.view ?? null)) : null;
  // Changes with nothing under them: what they carry is checked as it stands (a partial view).
  const partial = message.type === "event" && whole === null ? ((message as { viewChanges?: Partial<PlayerView> }).viewChanges ?? {}) : null;
  const view: Partial<PlayerView> | null = whole ?? partial;
  if (view !== null) {
    game = true;
    // A partial view without `waitingFor` did not just end the game (the last event's changes name it).
    over = view.waitingFor?.length === 0;
    const where = `${frame.type} ${frame.gameId}#${frame.seq} to ${me ?? "a spectator"}${partial ? " (changes, no view under them)" : ""}`;
    if (me === null) {
      if (view.viewer && view.viewer.kind !== "spectator") violations.push(`${where}: the view is for ${JSON.stringify(view.viewer)}`);
    } else {
      if (view.viewer && (view.viewer.kind !== "player" || view.viewer.id !== me)) violations.push(`${where}: the view is for ${JSON.stringify(view.viewer)}`);
      const mine = view.players?.find((p) => p.id === me);
      if (view.players && !mine) violations.push(`${where}: ${me} has no seat in the view`);
      else if (mine && mine.role === null) violations.push(`${where}: ${me} cannot see their own role`);
    }
    for (const q of view.players ?? []) {
      if (q.id === me) continue;
      const secret = q.alive && !over && q.role !== "sheriff";
      if (secret && q.role !== null) violations.push(`${where}: the role of living ${q.id} (${q.role}) is shown`);
      // The rules show the sheriff, the dead, and everyone at game over: a view hiding them is wrong too.
      if (!secret && q.role === null) violations.push(`${where}: the role of ${q.id} (alive ${q.alive}, over ${over}) is hidden`);
    }
    for (const e of [...(frame.events ?? []), ...(frame.entries ?? []).flatMap((entry) => entry.events ?? [])]) {
      if (e.type !== "eliminated") continue;
      const q = view.players?.find((p) => p.id === e.player);
      if (view.players && (!q || q.alive)) violations.push(`${where}: an eliminated event names ${e.player} (${e.role}), who is alive`);
      if (e.role && e.role in allowed) allowed[e.role]! += 1;
    }
    for (const q of view.players ?? []) if (q.role !== null && q.role in allowed) allowed[q.role]! += 1;
  }
  if (!over) {
    for (const role of SECRET_ROLES) {
      const count = text.match(WORD[role])?.length ?? 0;
      if (count > allowed[role]!) violations.push(`frame to ${me} names "${role}" ${count} times, ${allowed[role]} allowed: ${text.slice(0, 300)}`);
    }
  }
  return { game, over, violations };
}
