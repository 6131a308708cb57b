import type { AnyGameModule, CommandBase, EventBase, StateBase, Viewer } from "@bang/game-core";
import type { WireServerMessage } from "@bang/protocol";
import type { Subscriber } from "./types.js";
import { viewChangesOf, type LastViews } from "./view-changes.js";

/** A message with its JSON text (exactly `JSON.stringify(message)`), made once for every socket that gets it. */
export interface Frame {
  message: WireServerMessage;
  text: string;
}

/** `message` with its JSON text. */
export function frameOf(message: WireServerMessage): Frame {
  return { message, text: JSON.stringify(message) };
}

/**
 * The key of a viewer's view: viewers with the same key are shown the same message by construction,
 * since a module's `view` and `viewEvent` are pure functions of the state and the viewer, and a Viewer
 * holds nothing but its kind and, for a player, the player's id. So every spectator shares one key (and
 * every admin), and so do the sockets of one player (tabs, devices); two players never do.
 */
export function viewerKey(viewer: Viewer): string {
  return viewer.kind === "player" ? `player:${viewer.id}` : viewer.kind;
}

/** An accepted entry with its events and the state after it (what an event message is made of). */
export interface EntryShown {
  seq: number;
  by: string;
  command: CommandBase;
  events: EventBase[];
  state: StateBase;
}

/** What one viewer is shown of an entry, made once however many of its sockets show it. */
interface Shown {
  command: unknown;
  events: unknown;
  view: Record<string, unknown>;
  /** This viewer's view at the entry's seq - 1, when the game recorded it (LastViews). */
  base: Record<string, unknown> | undefined;
  full?: Frame;
  changes?: Frame;
}

/**
 * The event messages of one accepted entry, one per distinct viewer (viewerKey), each made and
 * serialised once however many sockets show it: the module's `viewEvent` hides what the rules keep
 * secret, `view` the rest. The text is spliced from parts that are the same for every viewer (the
 * head, and an events array the module handed out unchanged to several viewers, serialised once) and
 * is byte for byte `JSON.stringify` of the message. `for` and `changesFor` throw what the module threw.
 *
 * With `lastViews` (the game's), each viewer's view is recorded there as its view at this seq, and
 * `changesFor` gives the message with the view's changes since that viewer's own view at seq - 1
 * (hello feature `viewChanges`), made only when a socket asks for it.
 */
export class EventFrames {
  private readonly byViewer = new Map<string, Shown>();
  /** Events arrays already serialised, by identity (a module that hides nothing returns the entry's own). */
  private readonly eventsText = new Map<unknown, string>();
  private readonly head: string;

  constructor(
    private readonly module: AnyGameModule,
    private readonly gameId: string,
    private readonly entry: EntryShown,
    private readonly lastViews?: LastViews,
  ) {
    this.head = `{"type":"event","gameId":${JSON.stringify(gameId)},"game":${JSON.stringify(module.id)},"seq":${JSON.stringify(entry.seq)},"by":${JSON.stringify(entry.by)},"command":`;
  }

  /** The event message `viewer` may see, with the whole view, and its text. */
  for(viewer: Viewer): Frame {
    const shown = this.shown(viewer);
    if (shown.full) return shown.full;
    const message = this.message(shown, "view", shown.view);
    shown.full = { message, text: this.textOf(shown, "view", shown.view) ?? JSON.stringify(message) };
    return shown.full;
  }

  /**
   * The event message `viewer` may see with, instead of the view, its top-level keys that changed
   * since this viewer's view at seq - 1 (`viewChanges`), and its text; the message of `for` when that
   * view is not known here (no socket of the viewer was shown the entry before, the room was rebuilt)
   * or a key of it is gone from the view.
   */
  changesFor(viewer: Viewer): Frame {
    const shown = this.shown(viewer);
    if (shown.changes) return shown.changes;
    const changes = shown.base === undefined ? null : viewChangesOf(shown.base, shown.view);
    if (changes === null) shown.changes = this.for(viewer);
    else {
      const message = this.message(shown, "viewChanges", changes);
      shown.changes = { message, text: this.textOf(shown, "viewChanges", changes) ?? JSON.stringify(message) };
    }
    return shown.changes;
  }

  /** The frame `sub` takes: the view's changes when it asks for them (`sub.viewChanges`), else the whole view. */
  frameFor(sub: Pick<Subscriber, "viewer" | "viewChanges">): Frame {
    return sub.viewChanges === true ? this.changesFor(sub.viewer) : this.for(sub.viewer);
  }

  /** What `viewer` is shown (computed on its first call for the viewer's key, then kept), its view recorded in lastViews. */
  private shown(viewer: Viewer): Shown {
    const key = viewerKey(viewer);
    const known = this.byViewer.get(key);
    if (known) return known;
    const { command, events, state, seq } = this.entry;
    const shown = this.module.viewEvent({ command, events, state }, viewer);
    const view = this.module.view(state, viewer) as unknown as Record<string, unknown>;
    const before = this.lastViews?.swap(key, seq, view);
    const made: Shown = { command: shown.command, events: shown.events, view, base: before?.seq === seq - 1 ? before.view : undefined };
    this.byViewer.set(key, made);
    return made;
  }

  private message(shown: Shown, field: "view" | "viewChanges", value: Record<string, unknown>): WireServerMessage {
    const { seq, by } = this.entry;
    return { type: "event", gameId: this.gameId, game: this.module.id, seq, by, command: shown.command, events: shown.events, [field]: value } as unknown as WireServerMessage;
  }

  /** The spliced text, or undefined when a part would not serialise as a value (then the caller stringifies the whole). */
  private textOf(shown: Shown, field: "view" | "viewChanges", value: unknown): string | undefined {
    let eventsText = this.eventsText.get(shown.events);
    if (eventsText === undefined) {
      eventsText = JSON.stringify(shown.events) as string | undefined;
      if (eventsText === undefined) return undefined;
      this.eventsText.set(shown.events, eventsText);
    }
    const commandText = JSON.stringify(shown.command) as string | undefined;
    const valueText = JSON.stringify(value) as string | undefined;
    if (commandText === undefined || valueText === undefined) return undefined;
    return `${this.head}${commandText},"events":${eventsText},"${field}":${valueText}}`;
  }
}

/**
 * `frame` (an event message and its text) with the ack of the sender's own command folded in (hello
 * feature `ackInEvent`): the message with `ack: commandId` as its last key, and its text spliced from
 * the shared one (the same bytes as `JSON.stringify` of that message), so the viewer's frame is still
 * made once and only the sender's socket pays for the few bytes more. Either form of the event (its
 * view, or its view's changes) takes it.
 */
export function withAck(frame: Frame, commandId: string): Frame {
  return { message: { ...frame.message, ack: commandId } as WireServerMessage, text: `${frame.text.slice(0, -1)},"ack":${JSON.stringify(commandId)}}` };
}
