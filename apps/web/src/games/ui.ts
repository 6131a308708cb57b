/**
 * What a game's folder of the web app (src/games/<id>/) gives the shell: its table with its controls,
 * the sentences of its event log, and what the inspector shows of it. The shell finds a game's UI by
 * the game id the server sends with every snapshot and event (registry.ts); a game without a folder
 * is shown by the generic fallback (components/game/GenericTable.tsx), so any game can be watched and
 * played.
 */
import type { GameCommand, GameView } from "@bang/protocol";
import type { ComponentType } from "react";
import type { Names } from "@/lib/names";
import type { Mark } from "@/lib/timeline";

/** One event of a game as the envelope carries it: its `type`; the rest is the game's own (its UI casts it). */
export interface GameEvent {
  readonly type: string;
}

/** One event of a game's log, with the seq and player of the entry it belongs to. */
export interface LoggedEvent {
  seq: number;
  by: string;
  /** An event of the game: its UI (by the game's id) says it. */
  event: GameEvent;
}

/**
 * What the server says of the seats beyond the game's view (its `presence` message): who the bot plays
 * for, who is connected, and every running timer. The shell keeps it current; a table shows it on its
 * seats (components/table).
 */
export interface Presence {
  /** Persons the bot plays for now: timed out, disconnected past the grace, or given to the bot. */
  away: readonly string[];
  /** Of those, the ones an admin gave to the bot for the rest of the game (no way back). */
  replaced: readonly string[];
  /** Persons with a socket open (bot seats are never listed). */
  connected: readonly string[];
  /** The persons seated (not bots), from the game's seats; empty until known. */
  people: readonly string[];
  /** Each running timer: whose it is and when it runs out (this browser's `Date.now()` ms). */
  timers: readonly { playerId: string; endsAt: number }[];
  /** The full length of a timer, ms (the table's turn time): a countdown's 100%. */
  turnMs: number;
}

/** Presence before the server sent any: nobody away, no timer. */
export const NO_PRESENCE: Presence = { away: [], replaced: [], connected: [], people: [], timers: [], turnMs: 0 };

/** What the shell gives a game's table. */
export interface TableProps {
  /** The view the server sent (the game's own view: cast it to the game's type). */
  view: GameView;
  /** The seated player watching this page, or null (a spectator, an admin, a replay). */
  me: string | null;
  names: Names;
  /**
   * Sends a command of the seated player `me` (the server checks it); null where nobody may play from
   * this page (watching, the admin's inspector).
   */
  send: ((command: GameCommand) => void) | null;
  /** A command is on its way: controls stay disabled until it is answered. */
  busy: boolean;
  /** Away seats, connections and timers (NO_PRESENCE until the server sends them). */
  presence: Presence;
  /**
   * The game's events up to `view`, in seq order, as this viewer may see them: the history the shell
   * fetches when it opens a game, merged with the live events (empty until it arrives; absent where
   * the page has none). A table rebuilds from it what a view alone no longer says after a reload.
   */
  log?: readonly LoggedEvent[] | undefined;
}

/** The UI of one game (registry.ts maps the game's id to it). */
export interface GameUi {
  /**
   * The table as one viewer sees it, with the seated player's controls when `send` is given: the play
   * page, the watch page and the admin's game page (live and replayed) all show it.
   */
  Table: ComponentType<TableProps>;
  /** One event of the game's log as a sentence (the play page's event log, the inspector's timeline). */
  describeEvent(event: GameEvent, names: Names): string;
  /**
   * When `event` starts a new turn (or round) of the game, the heading of that turn in the event log
   * ("Turn of Calamity Janet"); null otherwise. Without it the log is one list.
   */
  turnStart?(event: GameEvent, names: Names): string | null;
  /**
   * The heading of the game's first turn in the event log, from the game's first event (`first`, of
   * entry 1), for a game whose deal starts the first turn without an event `turnStart` recognises; null
   * (or absent) leaves those lines without heading.
   */
  openingTurn?(first: GameEvent, names: Names): string | null;
  /** Event types the inspector jumps to (next / previous), in the order its buttons show them. */
  marks: readonly Mark[];
  /** What the inspector's timeline shows beside an entry's command (what chance drew in it...), if anything. */
  EntryDetail?: ComponentType<{ events: readonly GameEvent[] }> | undefined;
  /**
   * The table draws every seat's timer and away status itself (the table kit's SeatRing); else the
   * shell shows the timers above the table.
   */
  drawsPresence?: boolean | undefined;
  /** The game's winning teams, offered by the history's winner filter. */
  teams?: readonly string[] | undefined;
}
