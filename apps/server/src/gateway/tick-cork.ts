/** The part of a stream a TickCork holds back: Node's `Writable` cork and uncork (nested calls count). */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

/**
 * Holds a socket's writes back until the end of the current tick, then lets them go in one write: a
 * command's event, the presence after it and its ack (all sent while one stored batch is answered)
 * leave a socket in one `writev` instead of three. `ws` corks around each frame on its own; cork is
 * counted, so its frames stay buffered until this uncork (process.nextTick: after the promise
 * continuations of the same turn, before any I/O).
 */
export class TickCork {
  private held = false;

  constructor(private readonly stream: Corkable) {}

  /** Called before each write: the first one of a tick corks the stream until the tick ends. */
  hold(): void {
    if (this.held) return;
    this.held = true;
    this.stream.cork();
    process.nextTick(this.release);
  }

  private readonly release = (): void => {
    this.held = false;
    this.stream.uncork();
  };
}
