/**
 * The hello feature `viewChanges` on the real server with the real SDK (docs/protocol.md#features): a
 * socket that named it gets events with only the view's changed top-level keys (`viewChanges`) once the
 * server knows its viewer's view of the seq before, and the SDK rebuilds whole views from them. Each
 * person plays through the SDK, which names the feature by default; a second client of each person
 * names no feature (its frames are the base protocol's, whole views) and watches the same game. At every
 * seq the views the two clients hand to their listeners are the same, and the frames with the feature
 * are smaller. A client that connects mid-game (a snapshot, then changes) and one that drops its view
 * of the game (changes with no view to apply them onto: a gap, so a resume) rebuild the same views.
 *
 * Three people and two server bots at a dice table.
 */
import type { GameView } from "@bang/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { closeAll, connectAs, connectPlayer, playSeat, startTable, type Player } from "./support/players.js";
import { useServer } from "./support/server.js";

/** The views a client handed to its `state` listeners (of its one game), by seq, and every seq in order. */
function recordStates(player: Player): { views: Map<number, GameView>; seqs: number[] } {
  const views = new Map<number, GameView>();
  const seqs: number[] = [];
  player.client.on("state", (_id, view, seq) => {
    views.set(seq, view);
    seqs.push(seq);
  });
  return { views, seqs };
}

/** The event frames a player's sockets received (their text), and of those the ones with view changes. */
function eventFrames(player: Player): { texts: string[]; bytes: number; changes: number } {
  const texts = player.sockets.flatMap((s) => s.frames).filter((t) => t.startsWith('{"type":"event"'));
  return { texts, bytes: texts.reduce((n, t) => n + Buffer.byteLength(t), 0), changes: texts.filter((t) => t.includes(',"viewChanges":{')).length };
}

describe("view changes in events (hello feature viewChanges)", () => {
  const server = useServer({ backend: "pglite", botDelayMs: 0, disconnectGraceMs: 600_000 });
  const players: Player[] = [];
  afterAll(async () => {
    await closeAll(players);
  });

  it("DESIGN 4: over a game played through, SDK views with the feature equal at every seq those of a client without it watching the same seat; frames are smaller; a late client and one that lost its view rebuild the same views", async () => {
    const srv = server();
    const people: Player[] = [];
    for (const name of ["ivy", "jay", "kit"]) people.push(await connectPlayer(srv.url, name));
    // The same persons' second clients, without the feature: the base protocol's frames.
    const plain = await Promise.all(people.map((p) => connectAs(srv.url, p.guest, { client: { viewChanges: false } })));
    // A third client of the second person, with the feature: it drops its view of the game mid-game.
    const forgetful = await connectAs(srv.url, people[1]!.guest);
    players.push(...people, ...plain, forgetful);
    const withFeature = people.map((p) => recordStates(p));
    const without = plain.map((p) => recordStates(p));
    const forgetfulStates = recordStates(forgetful);

    const started = await startTable(people, { seats: 5, fillBots: true, turnSeconds: 600 });
    const seats = people.map((p, i) => playSeat(p, started.gameId, { seed: 30 + i }));

    // Mid-game: one client of the first person joins (its hello follows the running game: a snapshot,
    // then events), and the forgetful client drops its view (the next changes have nothing under them).
    // The people hold their seats meanwhile: the game waits for one of them before it can end.
    await people[0]!.client.waitFor((_v, id, seq) => id === started.gameId && seq >= 8, 60_000);
    for (const s of seats) s.pause();
    const late = await connectAs(srv.url, people[0]!.guest);
    players.push(late);
    const lateStates = recordStates(late);
    await late.client.waitFor((_v, id) => id === started.gameId, 20_000);
    const forgottenAt = forgetful.client.lastSeq(started.gameId)!;
    const forgetfulFramesBefore = forgetful.sockets.flatMap((s) => s.frames).length;
    forgetful.client.forget(started.gameId);
    for (const s of seats) s.resume();

    await Promise.all(seats.map((s) => s.done));
    const last = people[0]!.client.lastSeq(started.gameId)!;
    for (const p of [...people, ...plain, forgetful, late]) await p.client.waitFor((_v, id, seq) => id === started.gameId && seq === last, 60_000);
    expect(last).toBeGreaterThan(forgottenAt);

    // Every seq from the start's snapshot to the end, and the same view at each for both clients of a person.
    const all = Array.from({ length: last + 1 }, (_, seq) => seq);
    people.forEach((p, i) => {
      expect([...withFeature[i]!.views.keys()].sort((a, b) => a - b), p.guest.player.name).toEqual(all);
      expect([...without[i]!.views.keys()].sort((a, b) => a - b)).toEqual(all);
      for (const seq of all) expect(withFeature[i]!.views.get(seq), `${p.guest.player.name} at seq ${seq}`).toEqual(without[i]!.views.get(seq));
      expect(withFeature[i]!.views.get(last)!.viewer).toEqual({ kind: "player", id: p.id });
    });

    // The late client: a snapshot of the running game, then changes applied onto it.
    const lateFrames = late.sockets.flatMap((s) => s.frames);
    const firstGameFrame = lateFrames.find((t) => t.includes(`"gameId":"${started.gameId}"`) && (t.startsWith('{"type":"snapshot"') || t.startsWith('{"type":"event"')))!;
    expect(firstGameFrame.startsWith('{"type":"snapshot"')).toBe(true);
    expect(eventFrames(late).changes).toBeGreaterThan(0);
    const lateFrom = lateStates.seqs[0]!;
    expect(lateFrom).toBeGreaterThan(0);
    for (let seq = lateFrom; seq <= last; seq++) expect(lateStates.views.get(seq), `late client at seq ${seq}`).toEqual(without[0]!.views.get(seq));

    // The forgetful client: the first event after it dropped the game carried changes, which it took as
    // a gap; its resume from 0 brought every event again (whole views), from seq 1.
    const afterForget = forgetful.sockets.flatMap((s) => s.frames).slice(forgetfulFramesBefore).filter((t) => t.startsWith('{"type":"event"'));
    expect(afterForget[0]).toContain(',"viewChanges":{');
    const replayed = forgetfulStates.seqs.slice(forgetfulStates.seqs.lastIndexOf(1));
    expect(forgetfulStates.seqs.indexOf(1)).toBeLessThan(forgetfulStates.seqs.lastIndexOf(1));
    expect(replayed.slice(0, forgottenAt)).toEqual(Array.from({ length: forgottenAt }, (_, i) => i + 1));
    for (const seq of all.slice(1)) expect(forgetfulStates.views.get(seq), `forgetful client at seq ${seq}`).toEqual(without[1]!.views.get(seq));
    expect(forgetful.errors).toEqual([]);

    // Sizes measured here: the same events, fewer bytes with the feature; the base protocol's frames hold whole views only.
    people.forEach((p, i) => {
      const feature = eventFrames(p);
      const base = eventFrames(plain[i]!);
      expect(feature.texts.length).toBe(base.texts.length);
      expect(base.changes).toBe(0);
      expect(base.texts.every((t) => t.includes(',"view":{'))).toBe(true);
      // All but the first event (no view of the seq before known to the server yet... or known: the
      // player's other client was shown it) carry changes.
      expect(feature.changes).toBeGreaterThanOrEqual(feature.texts.length - 1);
      expect(feature.bytes).toBeLessThan(base.bytes);
    });
    for (const p of [...people, ...plain, late]) expect(p.errors, p.guest.player.name).toEqual([]);
  }, 180_000);
});
