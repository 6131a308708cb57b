/**
 * The send path's shared frames (games/frames.ts): one accepted entry's event message is made and
 * serialised once per distinct viewer, and its text is byte for byte what serialising each viewer's
 * own message gave before (eventMessage), for every game of the registry over a whole bot game: so a
 * secret one viewer may not see (a hand, a pick before its reveal) is in no other viewer's text, and
 * only viewers equal by construction (one player's sockets, spectators, admins) share a frame.
 */
import { playMatch, replaySteps, type AnyGameModule, type Viewer } from "@bang/game-core";
import { games } from "@bang/games";
import { describe, expect, it } from "vitest";
import { parseServerMessage } from "@bang/protocol";
import { EventFrames, viewerKey, withAck } from "../src/games/frames.js";
import { eventMessage } from "../src/games/room.js";

/** A whole bot game of `module` with `seats` players: its setup, commands, and each step's state and events. */
function botGame(module: AnyGameModule, seats: number) {
  const players = Array.from({ length: seats }, (_, i) => `p${i}`);
  const setup = module.setupFor({ players, seed: 7, options: {} } as never);
  const match = playMatch(module, setup, (id) => module.bots.heuristic(players.indexOf(id) + 1));
  const steps = replaySteps(module, match.log);
  return { players, setup, commands: match.log.entries.map((e) => e.command), steps };
}

describe("shared event frames", () => {
  for (const module of games()) {
    it(`${module.id}: each viewer's frame is exactly its own event message serialised, over a whole game`, () => {
      const { players, commands, steps } = botGame(module, module.seats.min);
      const viewers: Viewer[] = [...players.map((id) => ({ kind: "player" as const, id })), { kind: "spectator" }, { kind: "admin" }];
      let differing = 0;
      commands.forEach((command, i) => {
        const entry = { seq: i + 1, by: command.by, command, events: steps[i + 1]!.events, state: steps[i + 1]!.state };
        const frames = new EventFrames(module, "g-1", entry);
        const texts = new Set<string>();
        for (const viewer of viewers) {
          const frame = frames.for(viewer);
          const own = eventMessage(module, "g-1", entry, viewer);
          expect(frame.text).toBe(JSON.stringify(own));
          expect(frame.message).toEqual(own);
          texts.add(frame.text);
        }
        if (texts.size > 1) differing++;
      });
      // Players are shown different things (their own seat at least): the frames were not all shared.
      expect(differing).toBeGreaterThan(0);
    });
  }

  for (const module of games()) {
    it(`${module.id}: the sender's frame with its ack folded in (ackInEvent) is exactly its event message with \`ack\` serialised; the shared frame is untouched`, () => {
      const { players, commands, steps } = botGame(module, module.seats.min);
      commands.forEach((command, i) => {
        const entry = { seq: i + 1, by: command.by, command, events: steps[i + 1]!.events, state: steps[i + 1]!.state };
        const frames = new EventFrames(module, "g-1", entry);
        const viewer = { kind: "player" as const, id: command.by };
        const shared = frames.for(viewer);
        const sharedText = shared.text;
        const id = `c-${i}:x.y_z`;
        const folded = withAck(shared, id);
        const own = { ...eventMessage(module, "g-1", entry, viewer), ack: id };
        expect(folded.text).toBe(JSON.stringify(own));
        expect(folded.message).toEqual(own);
        const parsed = parseServerMessage(folded.text);
        expect(parsed.ok && parsed.message.type === "event" ? parsed.message.ack : "refused").toBe(id);
        // The frame every other socket of that viewer gets is still the plain one.
        expect(frames.for(viewer)).toBe(shared);
        expect(shared.text).toBe(sharedText);
        expect(shared.message).not.toHaveProperty("ack");
      });
      expect(players.length).toBeGreaterThan(0);
    });
  }

  it("viewers equal by construction share one frame; two players, or a player and a spectator, never do", () => {
    const module = games().find((m) => m.id === "dice")!;
    const { commands, steps } = botGame(module, 4);
    const entry = { seq: 1, by: commands[0]!.by, command: commands[0]!, events: steps[1]!.events, state: steps[1]!.state };
    const frames = new EventFrames(module, "g-1", entry);
    expect(frames.for({ kind: "spectator" })).toBe(frames.for({ kind: "spectator" }));
    expect(frames.for({ kind: "player", id: "p1" })).toBe(frames.for({ kind: "player", id: "p1" }));
    expect(frames.for({ kind: "player", id: "p1" })).not.toBe(frames.for({ kind: "player", id: "p2" }));
    expect(frames.for({ kind: "player", id: "p1" })).not.toBe(frames.for({ kind: "spectator" }));
    expect(new Set(["p1", "p2"].map((id) => viewerKey({ kind: "player", id }))).size).toBe(2);
    // A player id that spells another kind's key is still a player's key.
    expect(viewerKey({ kind: "player", id: "spectator" })).not.toBe(viewerKey({ kind: "spectator" }));
  });
});
