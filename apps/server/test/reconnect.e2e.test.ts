/**
 * A player's socket is cut under them (ws terminate(): the TCP connection is destroyed without a
 * close frame, as when a network drops). The SDK reconnects by itself, says hello, resumes the game
 * and sends again, with the same id, what was not answered; the game plays on to its end. The
 * player's final view must be the server's view for them (the replay at the last seq), every seq must
 * have reached them exactly once and in order, and no command may be applied twice.
 *
 * Cuts: (1) while the game waits for A, before A sends; (2) right after A sent a command, so that its
 * ack is lost; (3) while the others play, so that A misses events.
 */
import type { EventMessage, SnapshotMessage } from "@bang/client";
import { afterAll, describe, expect, it } from "vitest";
import type { PlayerView } from "@bang/game-dice";
import { closeAll, connectPlayer, currentSocket, playSeat, replayOf, startTable, type Player } from "./support/players.js";
import { RawSocket } from "./support/raw.js";
import { useServer } from "./support/server.js";

type Cut = "beforeSend" | "afterSend" | "othersPlay";

describe("reconnect after a dropped socket", () => {
  // The grace outlasts every reconnect here: the server's bot must never play for the player.
  const server = useServer({ backend: "postgresql", disconnectGraceMs: 10_000 });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  /**
   * A (cut at the given commands of A) and B play with three server bots to the end; returns what A
   * saw and the checks' inputs.
   */
  async function playWithCuts(cuts: { at: number; cut: Cut }[]) {
    const srv = server();
    // A reconnects after 300 ms, long enough for the others to play on while it is away.
    const a = await connectPlayer(srv.url, "alma", { client: { reconnect: { initialDelayMs: 300, maxDelayMs: 600, jitter: 0 } } });
    const b = await connectPlayer(srv.url, "boyd");
    players.push(a, b);
    const seen: { kind: "event" | "snapshot"; seq: number }[] = [];
    const events: EventMessage[] = [];
    a.client.on("event", (e) => {
      events.push(e);
      seen.push({ kind: "event", seq: e.seq });
    });
    a.client.on("snapshot", (s: SnapshotMessage) => seen.push({ kind: "snapshot", seq: s.seq }));
    let gameId: string | null = null;
    const reconnects: { bSeq: number }[] = [];
    a.client.on("connection", (status) => {
      if (status === "connected" && gameId !== null) reconnects.push({ bSeq: b.client.lastSeq(gameId) ?? -1 });
    });

    ({ gameId } = await startTable([a, b], { seats: 5, fillBots: true }));
    const game = gameId;

    const drops: { cut: Cut; seqAtDrop: number; socket: number }[] = [];
    const drop = (cut: Cut) => {
      drops.push({ cut, seqAtDrop: a.client.lastSeq(game) ?? -1, socket: a.sockets.length - 1 });
      currentSocket(a).socket.terminate();
    };
    const planned = new Map(cuts.map((c) => [c.at, c.cut]));
    let sends = 0;
    let pendingOthersPlay = false;
    const seatA = playSeat<PlayerView>(a, game, {
      seed: 7,
      beforeSend: () => {
        sends++;
        if (planned.get(sends) === "beforeSend") drop("beforeSend");
        if (planned.get(sends) === "othersPlay") pendingOthersPlay = true;
      },
      afterSend: () => {
        if (planned.get(sends) === "afterSend") drop("afterSend");
      },
    });
    // "othersPlay": once A's planned command is answered, at the first view that waits for someone else.
    a.client.on("state", (id, view) => {
      if (id !== game || !pendingOthersPlay || seatA.inFlight.size > 0 || view.waitingFor.length === 0 || view.waitingFor.includes(a.id)) return;
      pendingOthersPlay = false;
      drop("othersPlay");
    });
    const seatB = playSeat<PlayerView>(b, game, { seed: 8 });
    const [finalA, finalB] = await Promise.all([seatA.done, seatB.done]);
    const n = a.client.lastSeq(game)!;
    const replay = await replayOf(srv.url, game, a.guest.token, n);
    return { a, b, game, seen, events, reconnects, drops, seatA, finalA, finalB, n, replay };
  }

  /**
   * playWithCuts until every cut happened (the deal may eliminate A, or end the game, before its planned
   * commands; a clean-clone run once saw that three games in a row): at most 6 games.
   */
  async function playUntilCut(cuts: { at: number; cut: Cut }[]) {
    for (let game = 1; ; game++) {
      const r = await playWithCuts(cuts);
      if (r.drops.length === cuts.length || game === 6) return r;
    }
  }

  it("mid-turn, while the game waits for A: A resumes, sends its command and the game ends", async () => {
    const r = await playUntilCut([
      { at: 2, cut: "beforeSend" },
      { at: 5, cut: "beforeSend" },
    ]);
    expect(r.drops.map((d) => d.cut)).toEqual(["beforeSend", "beforeSend"]);
    // Each cut socket closed abnormally (1006: no close frame), and a new one followed it.
    expect(r.a.sockets).toHaveLength(3);
    for (const d of r.drops) expect(r.a.sockets[d.socket]!.closed?.code).toBe(1006);
    expect(r.reconnects).toHaveLength(2);
    expect(r.a.errors).toEqual([]);

    expect(r.finalA.phase).toBe("gameOver");
    expect(r.finalB.winner).toEqual(r.finalA.winner);
    expect(r.b.client.lastSeq(r.game)).toBe(r.n);
    // The server's view for A at the last seq is A's final view.
    expect(r.replay.lastSeq).toBe(r.n);
    expect(r.replay.view).toEqual(r.finalA);
    // A saw every seq exactly once, in order.
    expect(
      r.events.map((e) => e.seq),
      `what A's client applied: ${JSON.stringify(r.seen)}`,
    ).toEqual(Array.from({ length: r.n }, (_, i) => i + 1));
    for (const e of r.events) expect(r.replay.entries[e.seq - 1]).toMatchObject({ seq: e.seq, by: e.by, command: e.command });
    // No command applied twice, and none by the server's bot for A: A's entries are exactly A's acks.
    expect(r.seatA.refusals).toEqual([]);
    expect(r.replay.entries.filter((e) => e.by === r.a.id).map((e) => e.seq)).toEqual(r.seatA.acks.map((x) => x.seq));
    for (const x of r.seatA.acks) expect(r.replay.entries[x.seq - 1]).toMatchObject({ by: r.a.id, command: x.command });
  }, 120_000);

  // FAILS (server bug, see the report): on every hello the server pushes a snapshot of each running
  // game of the player (gateway/connection.ts hello -> follow(room, true)) BEFORE the client's
  // `resume` is answered. The SDK applies that snapshot (it is newer), so the events the resume then
  // delivers are "duplicates" and dropped: the client never sees the seqs it missed as events.
  it("when A's ack is lost and when A misses events while away, A still sees every seq exactly once", async () => {
    const r = await playUntilCut([
      { at: 3, cut: "afterSend" },
      { at: 5, cut: "othersPlay" },
    ]);
    expect(r.drops.map((d) => d.cut)).toEqual(["afterSend", "othersPlay"]);
    expect(r.a.sockets).toHaveLength(3);
    for (const d of r.drops) expect(r.a.sockets[d.socket]!.closed?.code).toBe(1006);
    expect(r.a.errors).toEqual([]);
    // The second cut really made A miss events: B was past A's last seq when A came back.
    expect(r.reconnects).toHaveLength(2);
    expect(r.reconnects[1]!.bSeq).toBeGreaterThan(r.drops[1]!.seqAtDrop);

    expect(r.finalA.phase).toBe("gameOver");
    expect(r.replay.view).toEqual(r.finalA);
    // The command whose ack was lost was sent again with the same id and applied once.
    expect(r.seatA.refusals).toEqual([]);
    expect(r.replay.entries.filter((e) => e.by === r.a.id).map((e) => e.seq)).toEqual(r.seatA.acks.map((x) => x.seq));
    for (const x of r.seatA.acks) expect(r.replay.entries[x.seq - 1]).toMatchObject({ by: r.a.id, command: x.command });
    // Every seq exactly once, in order, as events.
    expect(
      r.events.map((e) => e.seq),
      `what A's client applied: ${JSON.stringify(r.seen)}`,
    ).toEqual(Array.from({ length: r.n }, (_, i) => i + 1));
  }, 120_000);

  it("a reload before the game's first move: resuming at seq 0 a game still at seq 0 gives the seat's view (not nothing)", async () => {
    const srv = server();
    const table: Player[] = [];
    for (const name of ["gus", "hal", "ike"]) table.push(await connectPlayer(srv.url, name));
    players.push(...table);
    const { gameId } = await startTable(table, { seats: 3, turnSeconds: 600 });
    const me = table[1]!;
    const raw = await RawSocket.signedIn(srv.url, me.guest.token);
    try {
      // The hello's own snapshot of the player's running game comes first; then the resume's.
      await raw.next((m) => m.type === "snapshot" && m.gameId === gameId, { from: 0 });
      const from = raw.received.length;
      const rid = raw.rid();
      raw.send({ type: "resume", rid, gameId, lastSeq: 0 });
      await raw.next((m) => m.type === "ok" && m.rid === rid, { from });
      const snapshots = raw.received.slice(from).filter((m): m is SnapshotMessage => m.type === "snapshot" && m.gameId === gameId);
      expect(snapshots).toHaveLength(1);
      expect(snapshots[0]!.seq).toBe(0);
      expect((snapshots[0]!.view as unknown as PlayerView).players.find((p) => p.id === me.id)?.role).not.toBeNull();
      expect(snapshots[0]!.view).toEqual(me.client.view(gameId));
    } finally {
      await raw.close();
    }
  });
});
