// A boardgame.io 0.50 server hosting the dice module (./game.mjs), as boardgame.io ships it: its
// SocketIO transport, in-memory storage, the Lobby API on the same port. Run with NODE_ENV=production
// (no dev logging, no serialisability check per move). Listens on 127.0.0.1:$PORT and prints "ready".
import { createRequire } from "node:module";
import { diceGame } from "./game.mjs";

const require = createRequire(import.meta.url);
const { Server, Origins } = require("boardgame.io/server");

const port = Number(process.env.PORT);
if (!(port > 0)) throw new Error("PORT is required");
const server = Server({ games: [diceGame], origins: [Origins.LOCALHOST] });
await server.run({ port });
console.log("ready");
const stop = () => process.exit(0);
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
