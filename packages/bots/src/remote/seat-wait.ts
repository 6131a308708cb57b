import { ClientError, type BangClient, type ClientEvents, type ConnectionDetail, type ConnectionStatus } from "@bang/client";
import type { GameView } from "@bang/protocol";

/** The little of a BangClient a {@link SeatWait} uses (a test passes a fake). */
export type SeatWaitClient = Pick<BangClient, "on" | "game" | "status">;

/**
 * A wait in progress: for a seq (`turnOf` null) or for a view that waits for `turnOf` or for nobody;
 * how to say what it was; its settlers; its own timer (null: the stall timer).
 */
interface Pending {
  seq: number;
  turnOf: string | null;
  timeoutMs: number;
  what: (seq: number) => string;
  resolve(): void;
  reject(error: unknown): void;
  timer: ReturnType<typeof setTimeout> | null;
}

/**
 * What a bot's seat waits for in one game of one client, one wait at a time: a seq (its command's
 * event, a state past a refused one), or its turn. It listens to the client's `state` events for its
 * whole life rather than making a `waitFor` per state (a promise, a predicate closure, a listener added
 * and removed, a timer made and cleared each time), and keeps one stall timer that it re-arms
 * (`refresh()`, no new timer); a wait of another length (a race after a refusal) gets a timer of its own.
 *
 * A wait for its turn is checked in the listener, state after state, so that a seat the game does not
 * wait for costs no promise and no wake-up per state; the stall timer is re-armed by each of the game's
 * states meanwhile, as when the seat waited for one state at a time: it stalls after `stallMs` without
 * a new state.
 *
 * A wait rejects with `stalled(what, timeoutMs)` when its time runs out, and with the client's error
 * when the client closes (CLOSED, or the fatal error it closed with), as `waitFor` does. `close()` ends
 * it: the listeners and the timers are gone.
 */
export class SeatWait {
  private pending: Pending | null = null;
  /** Made by the first wait of `stallMs`, re-armed by the next ones. */
  private stallTimer: ReturnType<typeof setTimeout> | null = null;
  private closedWith: Error | null = null;
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly client: SeatWaitClient,
    private readonly gameId: string,
    /** The usual wait's length, in ms: the one the re-armed timer keeps. */
    private readonly stallMs: number,
    /** The error of a wait that timed out, from what it waited for and its length. */
    private readonly stalled: (what: string, timeoutMs: number) => Error,
  ) {
    this.unsubscribe = [client.on("state", this.onState), client.on("connection", this.onConnection)];
  }

  /**
   * Resolves once the game is at `seq` or past it (at once if it is already: a game the client follows
   * at seq 0 is at 0). Rejects with the `stalled` error after `timeoutMs` (default `stallMs`), with
   * CLOSED (or the client's fatal error) when the client closes or is closed already, and with an Error
   * when a wait is still in progress or the waiter was closed (a caller's bug). `what(seq)` names what
   * was awaited in the stalled error; it is only called then.
   */
  until(seq: number, what: (seq: number) => string, timeoutMs: number = this.stallMs): Promise<void> {
    const refused = this.refusal();
    if (refused) return refused;
    const state = this.client.game(this.gameId);
    if (state && state.seq >= seq) return Promise.resolve();
    return this.begin(seq, null, what, timeoutMs);
  }

  /**
   * Resolves once the game's view waits for `me`, or for nobody (the game is over): at once if it does
   * already. Rejects as {@link until} does, after `stallMs` without a new state of the game.
   */
  untilTurn(me: string, what: (seq: number) => string): Promise<void> {
    const refused = this.refusal();
    if (refused) return refused;
    const state = this.client.game(this.gameId);
    if (state && isTurn(state.view, me)) return Promise.resolve();
    return this.begin(state?.seq ?? 0, me, what, this.stallMs);
  }

  /** Stops listening and clears the timers; a wait still in progress rejects with CLOSED. */
  close(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.stallTimer = null;
    if (this.pending) this.settle(this.pending, new ClientError("CLOSED", "the wait was closed"));
  }

  /** Why no wait can begin now (a rejected promise), or null. */
  private refusal(): Promise<never> | null {
    if (this.unsubscribe.length === 0) return Promise.reject(new Error("SeatWait: closed"));
    if (this.pending) return Promise.reject(new Error("SeatWait: a wait is already in progress"));
    if (this.closedWith) return Promise.reject(this.closedWith);
    if (this.client.status === "closed") return Promise.reject(new ClientError("CLOSED", "the client is closed"));
    return null;
  }

  private begin(seq: number, turnOf: string | null, what: (seq: number) => string, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const pending: Pending = { seq, turnOf, timeoutMs, what, resolve, reject, timer: null };
      if (timeoutMs !== this.stallMs) pending.timer = setTimeout(this.expire, timeoutMs, pending);
      else this.armStallTimer();
      this.pending = pending;
    });
  }

  private armStallTimer(): void {
    if (this.stallTimer) this.stallTimer.refresh();
    else this.stallTimer = setTimeout(this.onStallTimer, this.stallMs);
  }

  private readonly onState: ClientEvents["state"] = (gameId, view, seq) => {
    const pending = this.pending;
    if (pending === null || gameId !== this.gameId) return;
    if (pending.turnOf === null) {
      if (seq >= pending.seq) this.settle(pending, null);
    } else if (isTurn(view, pending.turnOf)) this.settle(pending, null);
    else {
      // The game moved without needing this seat: a new state, so the stall counts from here.
      pending.seq = seq;
      this.armStallTimer();
    }
  };

  private readonly onConnection = (status: ConnectionStatus, detail: ConnectionDetail): void => {
    if (status !== "closed") return;
    this.closedWith = detail.error ?? new ClientError("CLOSED", "the client is closed");
    if (this.pending) this.settle(this.pending, this.closedWith);
  };

  /**
   * The stall timer fired. Armed (or re-armed) when the wait in progress began or saw its last state,
   * if that wait uses it: then `stallMs` went by without what it waits for. With no such wait it fired
   * after the last one ended: nothing to do.
   */
  private readonly onStallTimer = (): void => {
    const pending = this.pending;
    if (pending !== null && pending.timer === null) this.expire(pending);
  };

  private readonly expire = (pending: Pending): void => {
    this.settle(pending, this.stalled(pending.what(pending.seq), pending.timeoutMs));
  };

  private settle(pending: Pending, error: unknown): void {
    if (this.pending !== pending) return;
    this.pending = null;
    if (pending.timer !== null) clearTimeout(pending.timer);
    if (error === null) pending.resolve();
    else pending.reject(error);
  }
}

/** Does `view` wait for `me`, or for nobody (the game is over)? */
function isTurn(view: GameView, me: string): boolean {
  return view.waitingFor.length === 0 || view.waitingFor.includes(me);
}
