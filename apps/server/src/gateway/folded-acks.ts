import { canonicalJson } from "../games/canonical.js";
import { withAck, type Frame } from "../games/frames.js";

/** A command's canonical JSON for comparing what a socket sent with an event's command (`by` aside: the room adds it). */
function commandText(command: unknown): string {
  if (typeof command !== "object" || command === null) return canonicalJson(command);
  const { by: _by, ...rest } = command as Record<string, unknown>;
  return canonicalJson(rest);
}

/** A command of the socket waiting for its answer: how many of its frames are in flight, and was its ack sent in its event? */
interface Waiting {
  inFlight: number;
  folded: boolean;
  /** The folded ack stood for one answer already (a second frame of the same id gets its own ack). */
  spent: boolean;
  /** The command this socket sent under the id (commandText): only its own event carries the ack. */
  text: string;
}

/**
 * The acks of one socket that takes them folded into its events (hello feature `ackInEvent`): the
 * commands it sent that wait for their answer, by game and id. When the event of one of them reaches
 * the socket first (on the owner the event always goes out before the answer; a forwarded command's
 * answer may come first), the event carries the ack (`withAck`) and the answer sends none. Any other
 * answer is sent as without the feature: a refusal, the repeat of an id acknowledged before (no event
 * comes with it), and an answer that came before its event (then the event comes plain).
 */
export class FoldedAcks {
  private readonly waiting = new Map<string, Waiting>();

  constructor(private readonly playerId: string) {}

  /**
   * This socket sends `command` under id `id` to game `gameId`: its event may carry its ack. Returns the
   * key `answered` takes.
   */
  sent(gameId: string, id: string, command: unknown): string {
    const key = `${gameId}\u0000${id}`;
    const known = this.waiting.get(key);
    if (known) known.inFlight++;
    else this.waiting.set(key, { inFlight: 1, folded: false, spent: false, text: commandText(command) });
    return key;
  }

  /**
   * The frame to send for an event of a game whose command has the client id `commandId`: with the ack
   * folded in when it is a command of this socket's player that this socket sent and waits for (ids are
   * per player: another player's same id is not this one's) and the event's command is the one it sent
   * (the player's other socket may have sent another command under the same id: that one's event is
   * not this socket's answer), else `frame` as it is (the answer then sends its own ack or error).
   */
  frameFor(frame: Frame, commandId: string): Frame {
    const message = frame.message;
    if (message.type !== "event" || message.by !== this.playerId) return frame;
    const known = this.waiting.get(`${message.gameId}\u0000${commandId}`);
    if (!known || known.folded || commandText(message.command) !== known.text) return frame;
    known.folded = true;
    return withAck(frame, commandId);
  }

  /**
   * The answer to a frame of command `key` (from `sent`) came: true when its ack went out in its event
   * already (send no ack), false when the answer must be sent. One folded ack stands for one frame.
   */
  answered(key: string): boolean {
    const known = this.waiting.get(key);
    if (!known) return false;
    const folded = known.folded && !known.spent;
    if (folded) known.spent = true;
    if (--known.inFlight === 0) this.waiting.delete(key);
    return folded;
  }
}
