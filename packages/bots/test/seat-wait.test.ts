/**
 * SeatWait: a seat's waits in its game, over a fake client (the events a BangClient emits). A wait for
 * a seq resolves at the right seq of the right game only; a wait for the seat's turn only on a view
 * that waits for it or for nobody; each times out with the seat's error after its own length (the one
 * stall timer re-armed by each wait, and by each state a turn wait sees), fails with the client's
 * close, and leaves no listener and no timer behind.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { ClientError, type ClientEvents, type ConnectionStatus } from "@bang/client";
import type { GameView } from "@bang/protocol";
import { SeatWait, type SeatWaitClient } from "../src/remote/seat-wait.js";

const GAME = "g1";
const viewFor = (waitingFor: string[]) => ({ viewer: { kind: "spectator" }, stateId: 0, waitingFor }) as unknown as GameView;
const OTHERS = viewFor(["p2"]);

/** The events, the seqs and the views of a client, driven by the test. */
class FakeClient implements SeatWaitClient {
  status: ConnectionStatus = "connected";
  readonly seqs = new Map<string, number>();
  readonly views = new Map<string, GameView>();
  readonly states = new Set<ClientEvents["state"]>();
  readonly connections = new Set<ClientEvents["connection"]>();

  on<K extends keyof ClientEvents>(name: K, listener: ClientEvents[K]): () => void {
    const set = (name === "state" ? this.states : name === "connection" ? this.connections : null) as Set<ClientEvents[K]> | null;
    if (!set) throw new Error(`unexpected listener ${name}`);
    set.add(listener);
    return () => set.delete(listener);
  }

  game(gameId: string) {
    const seq = this.seqs.get(gameId);
    return seq === undefined ? undefined : { gameId, game: "dice", seq, view: this.views.get(gameId) ?? OTHERS };
  }

  /** Applies a state, as the client does before it emits it. */
  state(gameId: string, seq: number, view: GameView = OTHERS): void {
    this.seqs.set(gameId, seq);
    this.views.set(gameId, view);
    for (const l of [...this.states]) l(gameId, view, seq, "dice");
  }

  close(error?: ClientError): void {
    this.status = "closed";
    for (const l of [...this.connections]) l("closed", { attempt: 0, ...(error ? { error } : {}) });
  }
}

const stalled = (what: string, timeoutMs: number) => Object.assign(new Error(`stalled: ${what} in ${timeoutMs}`), { code: "STALLED" });
const what = (seq: number) => `seq ${seq}`;

/** Where a promise stands now (after the microtasks queued so far). */
async function stateOf(promise: Promise<unknown>): Promise<"pending" | "resolved" | { rejected: unknown }> {
  let outcome: "pending" | "resolved" | { rejected: unknown } = "pending";
  promise.then(
    () => (outcome = "resolved"),
    (error: unknown) => (outcome = { rejected: error }),
  );
  await Promise.resolve();
  await Promise.resolve();
  return outcome;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("SeatWait", () => {
  it("resolves once its game reaches the seq: not on another game's state nor on an earlier seq", async () => {
    const client = new FakeClient();
    client.seqs.set(GAME, 3);
    const waits = new SeatWait(client, GAME, 60_000, stalled);
    const wait = waits.until(5, what);
    client.state("other", 9);
    client.state(GAME, 4);
    expect(await stateOf(wait)).toBe("pending");
    client.state(GAME, 5);
    expect(await stateOf(wait)).toBe("resolved");
    // A state past the seq resolves too (a snapshot after a resume jumps ahead).
    const next = waits.until(7, what);
    client.state(GAME, 9);
    expect(await stateOf(next)).toBe("resolved");
    waits.close();
  });

  it("resolves at once when the game is there already; seq 0 waits for a game the client does not follow yet", async () => {
    const client = new FakeClient();
    const waits = new SeatWait(client, GAME, 60_000, stalled);
    const first = waits.until(0, what);
    expect(await stateOf(first)).toBe("pending");
    client.state(GAME, 0);
    expect(await stateOf(first)).toBe("resolved");
    client.seqs.set(GAME, 4);
    expect(await stateOf(waits.until(4, what))).toBe("resolved");
    expect(await stateOf(waits.until(3, what))).toBe("resolved");
    waits.close();
  });

  it("times out with the seat's error, naming what it waited for; each wait re-arms the stall timer for its full length", async () => {
    vi.useFakeTimers();
    const client = new FakeClient();
    client.seqs.set(GAME, 1);
    const waits = new SeatWait(client, GAME, 1_000, stalled);
    const first = waits.until(2, what);
    vi.advanceTimersByTime(700);
    client.state(GAME, 2);
    expect(await stateOf(first)).toBe("resolved");
    const second = waits.until(3, what);
    // 1,300 ms after the timer was first armed, 600 ms into the second wait: not stalled.
    vi.advanceTimersByTime(600);
    expect(await stateOf(second)).toBe("pending");
    vi.advanceTimersByTime(399);
    expect(await stateOf(second)).toBe("pending");
    vi.advanceTimersByTime(1);
    const outcome = await stateOf(second);
    expect(outcome).toEqual({ rejected: expect.objectContaining({ code: "STALLED", message: "stalled: seq 3 in 1000" }) });
    // The timer fires again after a wait ended in time: nothing happens, and the next wait still works.
    const third = waits.until(4, what);
    client.state(GAME, 4);
    vi.advanceTimersByTime(5_000);
    expect(await stateOf(third)).toBe("resolved");
    waits.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a wait of another length (a race after a refusal) has its own timer, gone when it resolves", async () => {
    vi.useFakeTimers();
    const client = new FakeClient();
    client.seqs.set(GAME, 1);
    const waits = new SeatWait(client, GAME, 10_000, stalled);
    const race = waits.until(2, what, 300);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(300);
    expect(await stateOf(race)).toEqual({ rejected: expect.objectContaining({ code: "STALLED", message: "stalled: seq 2 in 300" }) });
    expect(vi.getTimerCount()).toBe(0);
    const again = waits.until(2, what, 300);
    client.state(GAME, 2);
    expect(await stateOf(again)).toBe("resolved");
    expect(vi.getTimerCount()).toBe(0);
    waits.close();
  });

  it("a wait for the turn resolves on a view that waits for the seat or for nobody, not on other states nor other games", async () => {
    const client = new FakeClient();
    client.state(GAME, 1);
    const waits = new SeatWait(client, GAME, 60_000, stalled);
    const turn = waits.untilTurn("p1", what);
    client.state(GAME, 2);
    client.state("other", 3, viewFor(["p1"]));
    client.state(GAME, 3, viewFor(["p2", "p3"]));
    expect(await stateOf(turn)).toBe("pending");
    client.state(GAME, 4, viewFor(["p3", "p1"]));
    expect(await stateOf(turn)).toBe("resolved");
    // At once when the view waits for the seat already; the game's end (a view that waits for nobody) too.
    expect(await stateOf(waits.untilTurn("p1", what))).toBe("resolved");
    client.state(GAME, 5);
    const end = waits.untilTurn("p1", what);
    client.state(GAME, 6, viewFor([]));
    expect(await stateOf(end)).toBe("resolved");
    waits.close();
  });

  it("a wait for the turn stalls after stallMs without a new state of its game, naming the last seq it saw", async () => {
    vi.useFakeTimers();
    const client = new FakeClient();
    client.state(GAME, 1);
    const waits = new SeatWait(client, GAME, 1_000, stalled);
    const turn = waits.untilTurn("p1", what);
    vi.advanceTimersByTime(900);
    client.state(GAME, 2);
    vi.advanceTimersByTime(900);
    client.state("other", 9);
    client.state(GAME, 3);
    vi.advanceTimersByTime(999);
    expect(await stateOf(turn)).toBe("pending");
    vi.advanceTimersByTime(1);
    expect(await stateOf(turn)).toEqual({ rejected: expect.objectContaining({ code: "STALLED", message: "stalled: seq 3 in 1000" }) });
    waits.close();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("fails with CLOSED when the client closes, with the client's fatal error when it closed with one, and at once when already closed", async () => {
    const client = new FakeClient();
    client.seqs.set(GAME, 1);
    const waits = new SeatWait(client, GAME, 60_000, stalled);
    const wait = waits.until(2, what);
    client.close();
    expect(await stateOf(wait)).toEqual({ rejected: expect.objectContaining({ name: "ClientError", code: "CLOSED" }) });
    expect(await stateOf(waits.until(2, what))).toEqual({ rejected: expect.objectContaining({ code: "CLOSED" }) });
    waits.close();

    const fatal = new FakeClient();
    const gaveUp = new ClientError("DISCONNECTED", "gave up");
    const fatalWaits = new SeatWait(fatal, GAME, 60_000, stalled);
    const pending = fatalWaits.until(1, what);
    fatal.close(gaveUp);
    expect(await stateOf(pending)).toEqual({ rejected: gaveUp });
    fatalWaits.close();

    const closed = new FakeClient();
    closed.status = "closed";
    const closedWaits = new SeatWait(closed, GAME, 60_000, stalled);
    expect(await stateOf(closedWaits.until(1, what))).toEqual({ rejected: expect.objectContaining({ code: "CLOSED" }) });
    closedWaits.close();
  });

  it("one wait at a time; close() rejects the wait in progress and removes its listeners and timers (no active Timeout left)", async () => {
    const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = timeouts();
    const client = new FakeClient();
    client.seqs.set(GAME, 1);
    const waits = new SeatWait(client, GAME, 60_000, stalled);
    const wait = waits.until(2, what);
    const race = new SeatWait(client, GAME, 60_000, stalled);
    const raceWait = race.until(2, what, 30_000);
    expect(timeouts()).toBe(before + 2);
    expect(await stateOf(waits.until(3, what))).toEqual({ rejected: expect.objectContaining({ message: "SeatWait: a wait is already in progress" }) });
    waits.close();
    race.close();
    expect(await stateOf(wait)).toEqual({ rejected: expect.objectContaining({ code: "CLOSED" }) });
    expect(await stateOf(raceWait)).toEqual({ rejected: expect.objectContaining({ code: "CLOSED" }) });
    expect(client.states.size).toBe(0);
    expect(client.connections.size).toBe(0);
    expect(timeouts()).toBe(before);
    expect(await stateOf(waits.until(2, what))).toEqual({ rejected: expect.objectContaining({ message: "SeatWait: closed" }) });
  });
});
