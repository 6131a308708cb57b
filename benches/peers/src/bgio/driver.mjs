// Tables of the dice game on a boardgame.io server (./server.mjs), each seat a boardgame.io client
// (boardgame.io/client with its SocketIO transport, WebSocket only: no long-polling first) played by
// the module's bot. A table: the Lobby API creates the match (5 seats, a fresh key seed) and joins each
// seat (its credentials), then the 5 clients connect and play it to its end.
import { createRequire } from "node:module";
import { createSeat } from "../seat.mjs";
import { diceGame, keySeed } from "./game.mjs";

const require = createRequire(import.meta.url);
const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");

async function post(url, body) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Plays one table of `players` seats on the boardgame.io server at `url` (http://127.0.0.1:port) to its
 * end. Seat i's bot is seeded `seed + i`. `onSample(sentAt, ms)` per command. Resolves with the
 * commands sent; rejects on a refusal (a stall) or a connection failure. The clients are stopped at the end.
 * @param {{ url: string, players: number, seed: number, botKind?: "heuristic" | "random", onSample: (sentAt: number, ms: number) => void }} options
 */
export async function playBgioTable({ url, players, seed, botKind, onSample }) {
  const { matchID } = await post(`${url}/games/${diceGame.name}/create`, { numPlayers: players, setupData: { seed: keySeed() } });
  const credentials = [];
  for (let i = 0; i < players; i++) {
    credentials.push((await post(`${url}/games/${diceGame.name}/${matchID}/join`, { playerID: String(i), playerName: `bot${i + 1}` })).playerCredentials);
  }
  const clients = [];
  try {
    const seats = credentials.map((creds, i) => {
      const playerID = String(i);
      const client = Client({
        game: diceGame,
        numPlayers: players,
        matchID,
        playerID,
        credentials: creds,
        multiplayer: SocketIO({ server: url, socketOpts: { transports: ["websocket"] } }),
        debug: false,
      });
      clients.push(client);
      const seat = createSeat({ me: playerID, seed: seed + i, botKind, onSample, send: (command) => client.moves.act(command) });
      client.subscribe((state) => {
        if (state) seat.update(state._stateID, state.G);
      });
      return seat;
    });
    for (const c of clients) c.start();
    const counts = await Promise.all(seats.map((s) => s.done));
    return counts.reduce((a, b) => a + b, 0);
  } finally {
    for (const c of clients) c.stop();
  }
}
