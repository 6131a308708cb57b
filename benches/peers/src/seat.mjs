// One seat of a peer's table, played by the dice module's bot from its own view, nobody thinking: the
// next command goes out as soon as the view says it is this seat's turn. The transport is the peer's
// (its own client); this file only decides when to send and times each command, from the send to the
// first update of a later state received by this seat (the sender's own update, as the project's
// latency: send → its event).
import { dice } from "@bang/game-dice";

/**
 * A seat: `send(command)` sends a module command (without `by`) through the peer's client. Call
 * `update(stateId, view)` with every state the client receives (stateId grows with each accepted
 * command). `done` resolves with the number of commands this seat sent once the game is over (a view
 * waiting for nobody); it rejects when a command was refused or nothing moved for `stallMs`.
 * `onSample(sentAt, ms)` is called per completed command (sentAt: performance.now() of the send).
 * @param {{ me: string, seed: number, botKind?: "heuristic" | "random", send: (command: object) => void, onSample: (sentAt: number, ms: number) => void, stallMs?: number }} options
 */
export function createSeat({ me, seed, botKind = "heuristic", send, onSample, stallMs = 30_000 }) {
  const bot = dice.bots[botKind](seed);
  let pending = null; // { stateId, sentAt } of the command in flight
  let lastStateId = -1;
  let commands = 0;
  let settled = false;
  let resolve;
  let reject;
  const done = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  let stall = setTimeout(() => fail(new Error(`seat ${me}: no state for ${stallMs} ms`)), stallMs);
  function fail(error) {
    if (settled) return;
    settled = true;
    clearTimeout(stall);
    reject(error);
  }
  return {
    done,
    fail,
    /** A state the client received: completes the command in flight, sends the next one if it is our turn. */
    update(stateId, view) {
      if (settled || stateId <= lastStateId) return;
      lastStateId = stateId;
      clearTimeout(stall);
      stall = setTimeout(() => fail(new Error(`seat ${me}: no state past ${stateId} for ${stallMs} ms${pending ? " (a command was refused?)" : ""}`)), stallMs);
      if (pending && stateId > pending.stateId) {
        onSample(pending.sentAt, performance.now() - pending.sentAt);
        pending = null;
      }
      if (view.waitingFor.length === 0) {
        settled = true;
        clearTimeout(stall);
        resolve(commands);
        return;
      }
      if (pending || !view.waitingFor.includes(me)) return;
      const { by: _by, ...command } = bot.choose(view, me);
      pending = { stateId, sentAt: performance.now() };
      commands++;
      send(command);
    },
  };
}

/**
 * Plays tables with `playTable(index)` at most `concurrent` at once, starting new ones for `durationMs`
 * ms (then the running ones finish). A failed table is counted, its first error kept, and the run goes
 * on. Resolves with { tables, finished, failed, firstError }.
 * @param {{ concurrent: number, durationMs: number, playTable: (index: number) => Promise<unknown> }} options
 */
export async function runTables({ concurrent, durationMs, playTable }) {
  const deadline = performance.now() + durationMs;
  let next = 0;
  let finished = 0;
  let failed = 0;
  let firstError = null;
  const worker = async () => {
    while (performance.now() < deadline) {
      const index = next++;
      try {
        await playTable(index);
        finished++;
      } catch (error) {
        failed++;
        firstError ??= error;
        // A peer refusing at once must not spin: a short pause before the next table.
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrent }, worker));
  return { tables: next, finished, failed, firstError };
}
