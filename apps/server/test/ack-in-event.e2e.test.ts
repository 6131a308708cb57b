/**
 * The hello feature `ackInEvent` on the real server, over raw sockets (docs/protocol.md#features): a
 * socket that named it gets its own accepted command's event with the ack folded in (`ack: id`, the
 * text byte for byte the plain event's plus the ack) and no separate `ack`; a socket that did not name
 * it gets exactly the plain event and the `ack`, as before; the player's other sockets and the other
 * players get the plain event; a refusal is still an error, the repeat of an acknowledged id still an
 * `ack`; a frame sent twice gets its two answers (one folded, one `ack`) and one entry (DESIGN 5). And
 * the SDK, which names it by default, gets no `ack` message for the commands it sends.
 *
 * Three people, no bot, a long turn timer: nothing moves unless the test sends it.
 */
import { dice, type PlayerView } from "@bang/game-dice";
import type { ServerMessage, WireServerMessage } from "@bang/protocol";
import { afterAll, describe, expect, it } from "vitest";
import { chooseFor, closeAll, connectPlayer, currentSocket, replayOf, startTable, type Player } from "./support/players.js";
import { RawSocket } from "./support/raw.js";
import { useServer } from "./support/server.js";

/** A raw socket with the text of every frame it received, signed in with `features` in its hello (none: no field). */
async function signedIn(url: string, token: string, features?: string[]): Promise<{ raw: RawSocket; texts: string[] }> {
  const raw = await RawSocket.open(url);
  const texts: string[] = [];
  raw.socket.on("message", (data: Buffer) => texts.push(data.toString("utf8")));
  raw.send({ type: "hello", token, ...(features ? { features } : {}) });
  await raw.next((m) => m.type === "welcome");
  return { raw, texts };
}

type EventOf = Extract<ServerMessage, { type: "event" }>;

describe("the ack folded into the event (hello feature ackInEvent)", () => {
  const server = useServer({ backend: "postgresql", disconnectGraceMs: 600_000 });
  const players: Player[] = [];
  const sockets: RawSocket[] = [];
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await closeAll(players);
  });

  it("the sender's folding socket gets one event carrying the ack and no ack; a plain socket gets both, as before; every other socket the plain event", async () => {
    const srv = server();
    for (const name of ["fran", "gus", "hal"]) players.push(await connectPlayer(srv.url, name));
    const { gameId } = await startTable(players, { seats: 3, turnSeconds: 600 });
    const bot = dice.bots.heuristic(4);
    const viewOf = (p: Player): PlayerView => p.client.view(gameId) as PlayerView;
    let seq = 0;
    const waiting = async (): Promise<Player> => {
      await Promise.all(players.map((p) => p.client.waitFor((_v, id, s) => id === gameId && s === seq)));
      return players.find((p) => p.id === viewOf(players[0]!).waitingFor[0])!;
    };
    const folding = new Map<string, { raw: RawSocket; texts: string[] }>();
    const plain = new Map<string, { raw: RawSocket; texts: string[] }>();
    for (const p of players) {
      // Names this server does not know are ignored, whatever else the list holds.
      folding.set(p.id, await signedIn(srv.url, p.guest.token, ["someFutureFeature", "ackInEvent"]));
      plain.set(p.id, await signedIn(srv.url, p.guest.token));
    }
    for (const s of [...folding.values(), ...plain.values()]) sockets.push(s.raw);
    /** Everything a socket received from index `from` on, once a ping sent now is answered (an ack would be before it). */
    const after = async (s: RawSocket, from: number): Promise<WireServerMessage[]> => {
      await s.ping();
      return s.received.slice(from).filter((m) => m.type !== "pong" && m.type !== "presence");
    };

    // A folding socket's command: its event carries the ack, and no ack follows.
    let w = await waiting();
    let f = folding.get(w.id)!;
    let from = f.raw.received.length;
    let textFrom = f.texts.length;
    const plainFrom = new Map([...plain].map(([id, s]) => [id, s.raw.received.length]));
    const plainTextFrom = plain.get(w.id)!.texts.length;
    const first = chooseFor(bot, viewOf(w), w.id);
    f.raw.send({ type: "command", id: "fold-1", gameId, command: first });
    seq++;
    const folded = await f.raw.next<EventOf>((m) => m.type === "event" && m.seq === seq, { from });
    expect(folded).toMatchObject({ type: "event", gameId, seq, by: w.id, ack: "fold-1" });
    expect(await after(f.raw, from)).toEqual([folded]);
    // Every other socket gets the plain event: the sender's own other socket, and the other players'.
    for (const [id, s] of plain) {
      const event = await s.raw.next<EventOf>((m) => m.type === "event" && m.seq === seq, { from: plainFrom.get(id)! });
      expect(event).not.toHaveProperty("ack");
      expect(await after(s.raw, plainFrom.get(id)!)).toEqual([event]);
    }
    for (const p of players) {
      const texts = currentSocket(p).frames.filter((t) => t.includes('"type":"event"'));
      expect(texts.some((t) => t.includes('"ack"'))).toBe(false);
    }
    // The folded text is the plain text of the same viewer with the ack spliced in, byte for byte.
    const foldedText = f.texts.slice(textFrom).find((t) => t.startsWith('{"type":"event"'))!;
    const plainText = plain.get(w.id)!.texts.slice(plainTextFrom).find((t) => t.startsWith('{"type":"event"'))!;
    expect(foldedText).toBe(`${plainText.slice(0, -1)},"ack":"fold-1"}`);
    expect(foldedText).toBe(JSON.stringify({ ...(JSON.parse(plainText) as object), ack: "fold-1" }));

    // The same id again on the folding socket: acknowledged before, so an `ack` (no event comes with it).
    from = f.raw.received.length;
    expect(await f.raw.command(gameId, "fold-1", first)).toEqual({ type: "ack", id: "fold-1", gameId, seq });
    expect(await after(f.raw, from)).toEqual([{ type: "ack", id: "fold-1", gameId, seq }]);

    // A refusal on a folding socket is the error, as before.
    w = await waiting();
    const idle = players.find((p) => p !== w)!;
    expect(await folding.get(idle.id)!.raw.command(gameId, "fold-no", { type: "roll" })).toMatchObject({ type: "error", code: "NOT_YOUR_TURN", id: "fold-no", gameId });

    // A plain socket's command: the plain event, then the ack, exactly as before the feature.
    const p = plain.get(w.id)!;
    from = p.raw.received.length;
    const foldingFrom = folding.get(w.id)!.raw.received.length;
    const move = chooseFor(bot, viewOf(w), w.id);
    expect(await p.raw.command(gameId, "plain-1", move)).toEqual({ type: "ack", id: "plain-1", gameId, seq: seq + 1 });
    seq++;
    const answers = await after(p.raw, from);
    expect(answers.map((m) => m.type)).toEqual(["event", "ack"]);
    expect(answers[0]).not.toHaveProperty("ack");
    // ... and the same player's folding socket, which did not send it, gets it plain.
    f = folding.get(w.id)!;
    const seen = await f.raw.next<EventOf>((m) => m.type === "event" && m.seq === seq, { from: foldingFrom });
    expect(seen).not.toHaveProperty("ack");

    // One frame sent twice on a folding socket: two answers (the folded event, then an ack), one entry.
    w = await waiting();
    f = folding.get(w.id)!;
    from = f.raw.received.length;
    textFrom = f.texts.length;
    const twice = chooseFor(bot, viewOf(w), w.id);
    f.raw.send({ type: "command", id: "twice", gameId, command: twice });
    f.raw.send({ type: "command", id: "twice", gameId, command: twice });
    seq++;
    await f.raw.next((m) => m.type === "ack" && m.id === "twice", { from });
    const both = await after(f.raw, from);
    expect(both.map((m) => (m.type === "event" ? `event ${m.seq} ack ${m.ack}` : m.type === "ack" ? `ack ${m.seq}` : m.type))).toEqual([`event ${seq} ack twice`, `ack ${seq}`]);
    const log = (await replayOf(srv.url, gameId, players[0]!.guest.token)).entries;
    expect(log.map((e) => e.seq)).toEqual([1, 2, 3]);
    for (const s of sockets) expect(s.invalid).toEqual([]);
  }, 60_000);

  it("the SDK names the feature: its commands resolve with their seq, and its socket gets no ack message", async () => {
    const srv = server();
    const table: Player[] = [];
    for (const name of ["ida", "jon", "kat"]) table.push(await connectPlayer(srv.url, name));
    players.push(...table);
    const { gameId } = await startTable(table, { seats: 3, turnSeconds: 600 });
    const bot = dice.bots.heuristic(6);
    const viewOf = (p: Player): PlayerView => p.client.view(gameId) as PlayerView;
    const sent: string[] = [];
    for (let seq = 1; seq <= 6; seq++) {
      await Promise.all(table.map((p) => p.client.waitFor((_v, id, s) => id === gameId && s === seq - 1)));
      const w = table.find((p) => p.id === viewOf(table[0]!).waitingFor[0])!;
      if (!w) break;
      const id = `sdk-${seq}`;
      expect(await w.client.send(gameId, chooseFor(bot, viewOf(w), w.id), { id })).toEqual({ id, gameId, seq });
      sent.push(id);
      // The event of that seq was applied before the command resolved.
      expect(w.client.lastSeq(gameId)).toBe(seq);
    }
    expect(sent.length).toBeGreaterThan(0);
    const frames = table.flatMap((p) => p.sockets.flatMap((s) => s.frames)).map((t) => JSON.parse(t) as { type: string; ack?: string });
    expect(frames.filter((m) => m.type === "ack")).toEqual([]);
    // Each player's frames are in order; across players they are gathered player by player.
    expect(frames.filter((m) => m.type === "event" && m.ack !== undefined).map((m) => m.ack).sort()).toEqual([...sent].sort());
  }, 60_000);
});
