/**
 * DESIGN invariant 5, exactly once, over raw sockets: a repeated command id gets the first answer
 * again and changes nothing (same socket, another socket, after the ack was lost with its socket); the
 * same id with another command is COMMAND_ID_REUSED and changes nothing; a refused id is refused again;
 * ids are per player, so another player's use of an id takes nothing from this one.
 *
 * The table is three people and no bot, with a long turn timer and disconnect grace: nothing moves
 * unless the test sends it, so every entry count below is exact.
 */
import { dice, type PlayerView } from "@bang/game-dice";
import type { GameCommand } from "@bang/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { chooseFor, closeAll, connectPlayer, replayOf, startTable, type Player } from "./support/players.js";
import { RawSocket } from "./support/raw.js";
import { useServer } from "./support/server.js";

describe("exactly once (DESIGN invariant 5)", () => {
  const server = useServer({ backend: "postgresql", disconnectGraceMs: 600_000 });
  const players: Player[] = [];
  const sockets: RawSocket[] = [];
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await closeAll(players);
  });

  const signedIn = async (url: string, token: string) => {
    const s = await RawSocket.signedIn(url, token);
    sockets.push(s);
    return s;
  };

  it("a repeated id gets the first ack and applies nothing; another command under the same id is COMMAND_ID_REUSED", async () => {
    const srv = server();
    for (const name of ["xena", "yuri", "zack"]) players.push(await connectPlayer(srv.url, name));
    const { gameId } = await startTable(players, { seats: 3, turnSeconds: 600 });
    const bot = dice.bots.heuristic(5);
    const viewOf = (p: Player): PlayerView => p.client.view(gameId) as PlayerView;
    const waiting = (): Player => players.find((p) => p.id === viewOf(players[0]!).waitingFor[0])!;
    const entries = async () => (await replayOf(srv.url, gameId, players[0]!.guest.token)).entries;
    expect(await entries()).toHaveLength(0);

    // The same frame twice on one socket: two acks of seq 1, one entry.
    const w = waiting();
    const first = chooseFor(bot, viewOf(w), w.id);
    const s1 = await signedIn(srv.url, w.guest.token);
    const from = s1.received.length;
    s1.send({ type: "command", id: "cmd-1", gameId, command: first });
    s1.send({ type: "command", id: "cmd-1", gameId, command: first });
    const isAnswer = (m: { type: string }) => m.type === "ack" || m.type === "error";
    await s1.next(isAnswer, { from });
    await s1.next(isAnswer, { from: s1.received.findIndex((m, i) => i >= from && isAnswer(m)) + 1 });
    const answers = s1.received.slice(from).filter(isAnswer);
    expect(answers).toEqual([
      { type: "ack", id: "cmd-1", gameId, seq: 1 },
      { type: "ack", id: "cmd-1", gameId, seq: 1 },
    ]);
    // The socket got the event of seq 1 once.
    expect(s1.received.filter((m) => m.type === "event").map((m) => (m.type === "event" ? m.seq : -1))).toEqual([1]);
    let log = await entries();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ seq: 1, by: w.id, command: first });

    // Again from another socket of the same player: the same ack, still one entry.
    const s2 = await signedIn(srv.url, w.guest.token);
    expect(await s2.command(gameId, "cmd-1", first)).toEqual({ type: "ack", id: "cmd-1", gameId, seq: 1 });
    expect(await entries()).toHaveLength(1);

    // The same id with another command: COMMAND_ID_REUSED, nothing applied.
    await players[0]!.client.waitFor((_v, id, seq) => id === gameId && seq === 1);
    const before = viewOf(players[0]!);
    const other: GameCommand = first.type === "roll" ? { type: "stop" } : { type: "roll" };
    const reused = await s2.command(gameId, "cmd-1", other);
    expect(reused).toMatchObject({ type: "error", code: "COMMAND_ID_REUSED", id: "cmd-1", gameId });
    expect(await entries()).toHaveLength(1);
    expect((await replayOf(srv.url, gameId, players[0]!.guest.token)).view).toEqual(before);

    // A refused id (out of turn) is refused again, the same way, and applies nothing.
    const idle = players.find((p) => p.id !== viewOf(players[0]!).waitingFor[0])!;
    const s3 = await signedIn(srv.url, idle.guest.token);
    const refused = await s3.command(gameId, "cmd-2", { type: "roll" });
    expect(refused).toMatchObject({ type: "error", code: "NOT_YOUR_TURN", id: "cmd-2", gameId });
    expect(await s3.command(gameId, "cmd-2", { type: "roll" })).toEqual(refused);
    expect(await entries()).toHaveLength(1);

    // Applied, then its socket dies (the ack is never read): sent again with the same id on a new
    // socket, it gets seq 2 again, and the log has one entry for it.
    const w2 = waiting();
    const second = chooseFor(bot, viewOf(w2), w2.id);
    const s4 = await signedIn(srv.url, w2.guest.token);
    s4.send({ type: "command", id: "cmd-3", gameId, command: second });
    await players[0]!.client.waitFor((_v, id, seq) => id === gameId && seq === 2);
    s4.socket.terminate();
    const s5 = await signedIn(srv.url, w2.guest.token);
    expect(await s5.command(gameId, "cmd-3", second)).toEqual({ type: "ack", id: "cmd-3", gameId, seq: 2 });
    expect(await s5.command(gameId, "cmd-3", second)).toEqual({ type: "ack", id: "cmd-3", gameId, seq: 2 });
    log = await entries();
    expect(log).toHaveLength(2);
    expect(log[1]).toMatchObject({ seq: 2, by: w2.id, command: second });

    // The SDK clients saw seq 1 and seq 2 once each: repeats are not broadcast again.
    await Promise.all(players.map((p) => p.client.waitFor((_v, id, seq) => id === gameId && seq === 2)));
    for (const p of players) {
      const eventSeqs = p.sockets.flatMap((t) => t.frames).map((f) => JSON.parse(f) as { type: string; seq?: number }).filter((m) => m.type === "event").map((m) => m.seq);
      expect(eventSeqs).toEqual([1, 2]);
    }
    for (const s of sockets) expect(s.invalid).toEqual([]);
  }, 60_000);

  it("command ids are each player's own: another player's use of an id, refused or stored, takes nothing from this player", async () => {
    const srv = server();
    const table: Player[] = [];
    for (const name of ["ada", "bea", "cid"]) table.push(await connectPlayer(srv.url, name));
    players.push(...table);
    const { gameId } = await startTable(table, { seats: 3, turnSeconds: 600 });
    const bot = dice.bots.heuristic(9);
    const viewOf = (p: Player): PlayerView => p.client.view(gameId) as PlayerView;
    const waiting = (): Player => table.find((p) => p.id === viewOf(table[0]!).waitingFor[0])!;
    const raw = new Map<string, RawSocket>();
    for (const p of table) raw.set(p.id, await signedIn(srv.url, p.guest.token));
    const active = waiting();
    const other = table.find((p) => p !== active)!;

    // Another player's refused command under the id the active player uses next: the active one's
    // command is applied all the same (before: COMMAND_ID_REUSED, and that move was lost).
    expect(await raw.get(other.id)!.command(gameId, "n-1", { type: "roll" })).toMatchObject({ type: "error", code: "NOT_YOUR_TURN" });
    const move = chooseFor(bot, viewOf(active), active.id);
    expect(await raw.get(active.id)!.command(gameId, "n-1", move)).toEqual({ type: "ack", id: "n-1", gameId, seq: 1 });
    // The other player's repeat is still its own refusal; the active player's repeat its own ack.
    expect(await raw.get(other.id)!.command(gameId, "n-1", { type: "roll" })).toMatchObject({ type: "error", code: "NOT_YOUR_TURN" });
    expect(await raw.get(active.id)!.command(gameId, "n-1", move)).toEqual({ type: "ack", id: "n-1", gameId, seq: 1 });

    // Play on (fresh ids "f-<seq>", by whoever is to act) until a player other than `active` is to act
    // who can reuse an id the log holds for someone else: the third player "n-1" (never sent by it),
    // `other` a fill of another player (it sent "n-1" itself). The deal decides which comes first.
    let seq = 1;
    const fills: { id: string; by: string }[] = [];
    const reusable = (p: Player): string | undefined => (p === active ? undefined : p === other ? fills.find((f) => f.by !== p.id)?.id : "n-1");
    await table[0]!.client.waitFor((_v, id, s) => id === gameId && s === seq);
    for (let guard = 0; reusable(waiting()) === undefined && guard < 200; guard++) {
      const w = waiting();
      seq++;
      expect(await raw.get(w.id)!.command(gameId, `f-${seq}`, chooseFor(bot, viewOf(w), w.id))).toMatchObject({ type: "ack", seq });
      fills.push({ id: `f-${seq}`, by: w.id });
      await Promise.all(table.map((p) => p.client.waitFor((_v, id, s) => id === gameId && s === seq)));
    }
    // That player stores a move under an id the log already holds for another player: a new entry of its own.
    const mover = waiting();
    const taken = reusable(mover)!;
    expect(taken).toBeDefined();
    const holder = taken === "n-1" ? active.id : fills.find((f) => f.id === taken)!.by;
    expect(holder).not.toBe(mover.id);
    const mine = chooseFor(bot, viewOf(mover), mover.id);
    expect(await raw.get(mover.id)!.command(gameId, taken, mine)).toEqual({ type: "ack", id: taken, gameId, seq: seq + 1 });
    const log = (await replayOf(srv.url, gameId, table[0]!.guest.token)).entries;
    expect(log).toHaveLength(seq + 1);
    expect(log[0]).toMatchObject({ seq: 1, by: active.id });
    expect(log.find((e) => e.seq < seq + 1 && e.by === holder && (taken === "n-1" ? e.seq === 1 : `f-${e.seq}` === taken))).toBeDefined();
    expect(log[seq]).toMatchObject({ seq: seq + 1, by: mover.id, command: mine });
  }, 60_000);

  it("a refused id is refused again after a SIGKILL and restart, even once its command has become legal: the refusal is stored before it is answered", async () => {
    const srv = server();
    const table: Player[] = [];
    for (const name of ["dot", "eli", "fay"]) table.push(await connectPlayer(srv.url, name));
    players.push(...table);
    const { gameId } = await startTable(table, { seats: 3, turnSeconds: 600 });
    const bot = dice.bots.heuristic(13);
    const viewOf = (p: Player): PlayerView => p.client.view(gameId) as PlayerView;
    const waitingId = (): string => viewOf(table[0]!).waitingFor[0]!;
    // Refused out of turn: "early-roll" of a player who is not to act.
    const early = table.find((p) => p.id !== waitingId())!;
    const s1 = await signedIn(srv.url, early.guest.token);
    const refused = await s1.command(gameId, "early-roll", { type: "roll" });
    expect(refused).toMatchObject({ type: "error", code: "NOT_YOUR_TURN", id: "early-roll", gameId });

    // Play on (the SDK clients, fresh ids) until that player is to roll: the same command is legal now.
    // Sid Ketchum heals before his first roll of each turn (C12): his heal is played first.
    let seq = 0;
    const canRoll = (v: PlayerView): boolean => v.phase === "rolling" && v.rolls === 0 && !v.healPending;
    for (let guard = 0; !(waitingId() === early.id && canRoll(viewOf(early))) && guard < 300; guard++) {
      const w = table.find((p) => p.id === waitingId())!;
      seq = (await w.client.send(gameId, chooseFor(bot, viewOf(w), w.id))).seq;
      await Promise.all(table.map((p) => p.client.waitFor((_v, id, s) => id === gameId && s === seq)));
    }
    expect(waitingId()).toBe(early.id);

    // The node dies and comes back: the room is rebuilt from the store, its memory is gone.
    await srv.kill();
    await srv.restart();
    const s2 = await signedIn(srv.url, early.guest.token);
    expect(await s2.command(gameId, "early-roll", { type: "roll" })).toEqual(refused);
    const log = (await replayOf(srv.url, gameId, table[0]!.guest.token)).entries;
    expect(log).toHaveLength(seq);
    // Under a fresh id the roll is applied: the refusal was about that id, not the player.
    const s3 = await signedIn(srv.url, early.guest.token);
    expect(await s3.command(gameId, "roll-now", { type: "roll" })).toEqual({ type: "ack", id: "roll-now", gameId, seq: seq + 1 });
  }, 90_000);
});
