import type { AnyGameModule, CommandBase, EventBase, StateBase, Viewer } from "@bang/game-core";
import type { ServerMessage } from "@bang/protocol";

/** A message with its JSON text (exactly `JSON.stringify(message)`), made once for every socket that gets it. */
export interface Frame {
  message: ServerMessage;
  text: string;
}

/** `message` with its JSON text. */
export function frameOf(message: ServerMessage): Frame {
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

/**
 * The event messages of one accepted entry, one per distinct viewer (viewerKey), each made and
 * serialised once however many sockets show it: the module's `viewEvent` hides what the rules keep
 * secret, `view` the rest. The text is spliced from parts that are the same for every viewer (the
 * head, and an events array the module handed out unchanged to several viewers, serialised once) and
 * is byte for byte `JSON.stringify` of the message. `for` throws what the module threw.
 */
export class EventFrames {
  private readonly byViewer = new Map<string, Frame>();
  /** Events arrays already serialised, by identity (a module that hides nothing returns the entry's own). */
  private readonly eventsText = new Map<unknown, string>();
  private readonly head: string;

  constructor(
    private readonly module: AnyGameModule,
    private readonly gameId: string,
    private readonly entry: EntryShown,
  ) {
    this.head = `{"type":"event","gameId":${JSON.stringify(gameId)},"game":${JSON.stringify(module.id)},"seq":${JSON.stringify(entry.seq)},"by":${JSON.stringify(entry.by)},"command":`;
  }

  /** The event message `viewer` may see, and its text. */
  for(viewer: Viewer): Frame {
    const key = viewerKey(viewer);
    const known = this.byViewer.get(key);
    if (known) return known;
    const { command, events, state, seq, by } = this.entry;
    const shown = this.module.viewEvent({ command, events, state }, viewer);
    const view = this.module.view(state, viewer);
    const message = { type: "event", gameId: this.gameId, game: this.module.id, seq, by, command: shown.command, events: shown.events, view } as ServerMessage;
    const frame = { message, text: this.textOf(shown.command, shown.events, view) ?? JSON.stringify(message) };
    this.byViewer.set(key, frame);
    return frame;
  }

  /** The spliced text, or undefined when a part would not serialise as a value (then the caller stringifies the whole). */
  private textOf(command: unknown, events: unknown, view: unknown): string | undefined {
    let eventsText = this.eventsText.get(events);
    if (eventsText === undefined) {
      eventsText = JSON.stringify(events) as string | undefined;
      if (eventsText === undefined) return undefined;
      this.eventsText.set(events, eventsText);
    }
    const commandText = JSON.stringify(command) as string | undefined;
    const viewText = JSON.stringify(view) as string | undefined;
    if (commandText === undefined || viewText === undefined) return undefined;
    return `${this.head}${commandText},"events":${eventsText},"view":${viewText}}`;
  }
}

/**
 * `frame` (an event message and its text) with the ack of the sender's own command folded in (hello
 * feature `ackInEvent`): the message with `ack: commandId` as its last key, and its text spliced from
 * the shared one (the same bytes as `JSON.stringify` of that message), so the viewer's frame is still
 * made once and only the sender's socket pays for the few bytes more.
 */
export function withAck(frame: Frame, commandId: string): Frame {
  return { message: { ...frame.message, ack: commandId } as ServerMessage, text: `${frame.text.slice(0, -1)},"ack":${JSON.stringify(commandId)}}` };
}
