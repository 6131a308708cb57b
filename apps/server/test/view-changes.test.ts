/**
 * An event's view changes (hello feature `viewChanges`, games/frames.ts EventFrames.changesFor and
 * games/view-changes.ts): for every game of the registry over a whole bot game, each viewer's frame
 * holds exactly the top-level keys of its view that changed since its own view at seq - 1, its text is
 * byte for byte the message serialised, and the previous view with the changes is the view; a viewer
 * with no view recorded at seq - 1 gets the whole view. DESIGN invariant 4: a viewer's changes are made
 * from its own views only, never from another viewer's.
 */
import { playMatch, replaySteps, type AnyGameModule, type Viewer } from "@bang/game-core";
import { games } from "@bang/games";
import { parseServerMessage } from "@bang/protocol";
import { describe, expect, it } from "vitest";
import { EventFrames, withAck } from "../src/games/frames.js";
import { eventMessage } from "../src/games/room.js";
import { LastViews, viewChangesOf } from "../src/games/view-changes.js";

type Json = Record<string, unknown>;

/** A whole bot game of `module` with `seats` players: its commands, and each step's state and events. */
function botGame(module: AnyGameModule, seats: number) {
  const players = Array.from({ length: seats }, (_, i) => `p${i}`);
  const setup = module.setupFor({ players, seed: 11, options: {} } as never);
  const match = playMatch(module, setup, (id) => module.bots.heuristic(players.indexOf(id) + 1));
  const steps = replaySteps(module, match.log);
  const entries = match.log.entries.map((e, i) => ({ seq: i + 1, by: e.command.by, command: e.command, events: steps[i + 1]!.events, state: steps[i + 1]!.state }));
  return { players, entries };
}

const viewersOf = (players: string[]): Viewer[] => [...players.map((id) => ({ kind: "player" as const, id })), { kind: "spectator" }, { kind: "admin" }];

describe("view changes in event frames (hello feature viewChanges)", () => {
  for (const module of games()) {
    it(`${module.id}: DESIGN 4: each viewer's changes are its own view's changed keys since its own view at seq - 1; text is the message serialised; smaller than whole views`, () => {
      const { players, entries } = botGame(module, module.seats.min);
      const viewers = viewersOf(players);
      const lastViews = new LastViews();
      const previous = new Map<string, Json>();
      let changesBytes = 0;
      let wholeBytes = 0;
      entries.forEach((entry, i) => {
        const frames = new EventFrames(module, "g-1", entry, lastViews);
        // Another order at each entry: what one viewer is shown never depends on who was shown first.
        const order = i % 2 === 0 ? viewers : [...viewers].reverse();
        for (const viewer of order) {
          const key = JSON.stringify(viewer);
          const own = eventMessage(module, "g-1", entry, viewer) as Json & { view: Json };
          const frame = frames.changesFor(viewer);
          expect(frame.text).toBe(JSON.stringify(frame.message));
          expect(parseServerMessage(frame.text)).toMatchObject({ ok: true });
          const message = frame.message as Json;
          if (entry.seq === 1) {
            // Nothing recorded before the first entry: the whole view, the very frame of `for`.
            expect(frame).toBe(frames.for(viewer));
            expect(message).toEqual(own);
          } else {
            const { view: _view, ...head } = own;
            const changes = message.viewChanges as Json;
            expect(message).toEqual({ ...head, viewChanges: changes });
            const before = previous.get(key)!;
            expect({ ...before, ...changes }).toEqual(own.view);
            // Only what changed, each value the viewer's own view's.
            for (const [k, value] of Object.entries(changes)) {
              expect(value).toEqual(own.view[k]);
              expect(before[k]).not.toEqual(value);
            }
            for (const k of Object.keys(own.view)) if (!(k in changes)) expect(own.view[k]).toEqual(before[k]);
            changesBytes += frame.text.length;
            wholeBytes += frames.for(viewer).text.length;
          }
          // The whole frame of other sockets of the viewer is still exactly the event message.
          expect(frames.for(viewer).text).toBe(JSON.stringify(own));
          previous.set(key, own.view);
        }
      });
      expect(lastViews.size).toBe(viewers.length);
      expect(changesBytes).toBeGreaterThan(0);
      expect(changesBytes).toBeLessThan(wholeBytes);
    });
  }

  it("a viewer not shown an entry (no socket then) gets the whole view next; another viewer's recorded view is never its base", () => {
    const module = games().find((m) => m.id === "dice")!;
    const { entries } = botGame(module, 4);
    const lastViews = new LastViews();
    const p1 = { kind: "player" as const, id: "p1" };
    const p2 = { kind: "player" as const, id: "p2" };
    // Entry 1: p1 and p2 shown; entry 2: only p1; entry 3: both.
    for (const viewer of [p1, p2]) new EventFrames(module, "g-1", entries[0]!, lastViews).changesFor(viewer);
    expect(new EventFrames(module, "g-1", entries[1]!, lastViews).changesFor(p1).message).toHaveProperty("viewChanges");
    const third = new EventFrames(module, "g-1", entries[2]!, lastViews);
    expect(third.changesFor(p1).message).toHaveProperty("viewChanges");
    // p2's last view is of seq 1, not 2: though p1's view of seq 2 is recorded, p2 gets its whole view.
    expect(third.changesFor(p2)).toBe(third.for(p2));
    expect(third.changesFor(p2).message).toEqual(eventMessage(module, "g-1", entries[2]!, p2));
    // Every socket of a viewer gets the very same frame, whichever form the first asked for.
    expect(third.changesFor(p1)).toBe(third.changesFor(p1));
  });

  it("the ack folded into a changes frame (ackInEvent) is its message with `ack` serialised", () => {
    const module = games().find((m) => m.id === "dice")!;
    const { entries } = botGame(module, 4);
    const lastViews = new LastViews();
    const viewer = { kind: "player" as const, id: entries[1]!.by };
    new EventFrames(module, "g-1", entries[0]!, lastViews).changesFor(viewer);
    const frame = new EventFrames(module, "g-1", entries[1]!, lastViews).changesFor(viewer);
    expect(frame.message).toHaveProperty("viewChanges");
    const folded = withAck(frame, "c-7");
    expect(folded.text).toBe(JSON.stringify({ ...frame.message, ack: "c-7" }));
    expect(parseServerMessage(folded.text)).toMatchObject({ ok: true, message: { ack: "c-7", viewChanges: (frame.message as Json).viewChanges } });
  });

  it("viewChangesOf: changed keys by structure (not identity), in the new view's order; a key gone (or undefined) is no change set", () => {
    const before = { viewer: { kind: "spectator" }, stateId: 1, waitingFor: ["a"], dice: [{ face: 1, kept: false }], log: [] };
    const after = { viewer: { kind: "spectator" }, stateId: 2, waitingFor: ["a"], dice: [{ face: 1, kept: true }], log: [], winner: "a" };
    expect(viewChangesOf(before, after)).toEqual({ stateId: 2, dice: [{ face: 1, kept: true }], winner: "a" });
    expect(Object.keys(viewChangesOf(before, after)!)).toEqual(["stateId", "dice", "winner"]);
    expect(viewChangesOf(before, structuredClone(before))).toEqual({});
    expect(viewChangesOf(after, before)).toBeNull();
    expect(viewChangesOf(before, { ...before, log: undefined })).toBeNull();
    expect(viewChangesOf({ ...before, extra: undefined }, { ...before, stateId: 3, other: undefined })).toEqual({ stateId: 3 });
  });
});
