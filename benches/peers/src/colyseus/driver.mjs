// Tables of the dice game on a Colyseus server (./server.mjs), each seat a Colyseus client
// (@colyseus/sdk, WebSocket) played by the module's bot: the first seat creates the room (matchmaking
// over HTTP, then its WebSocket), the others join it by id; each says "ready" once its handlers are in.
import { Client } from "@colyseus/sdk";
import { createSeat } from "../seat.mjs";

/**
 * Plays one table of `players` seats on the Colyseus server at `url` (http://127.0.0.1:port) to its end.
 * Seat i's bot is seeded `seed + i`. `onSample(sentAt, ms)` per command. Resolves with the commands
 * sent; rejects on a refusal, a stall or a connection failure. Every client leaves at the end.
 * @param {{ url: string, players: number, seed: number, botKind?: "heuristic" | "random", onSample: (sentAt: number, ms: number) => void }} options
 */
export async function playColyseusTable({ url, players, seed, botKind, onSample }) {
  const rooms = [];
  try {
    const first = await new Client(url).create("dice", { seats: players });
    rooms.push(first);
    for (let i = 1; i < players; i++) rooms.push(await new Client(url).joinById(first.roomId));
    const seats = rooms.map((room, i) => {
      const seat = createSeat({ me: String(i), seed: seed + i, botKind, onSample, send: (command) => room.send("cmd", command) });
      room.onMessage("view", (view) => seat.update(view.stateId, view));
      room.onMessage("refused", (error) => seat.fail(new Error(`seat ${i}: refused ${JSON.stringify(error)}`)));
      room.onLeave((code) => seat.fail(new Error(`seat ${i}: left the room (${code})`)));
      return seat;
    });
    for (const room of rooms) room.send("ready");
    const counts = await Promise.all(seats.map((s) => s.done));
    return counts.reduce((a, b) => a + b, 0);
  } finally {
    await Promise.allSettled(rooms.map((r) => r.leave(true)));
  }
}
