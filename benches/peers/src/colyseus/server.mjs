// A Colyseus 0.18 server hosting the dice module's room (./room.mjs) on its WebSocket transport
// (@colyseus/ws-transport), local presence and driver (one process, as a single Colyseus node runs).
// Run with NODE_ENV=production. Listens on 127.0.0.1:$PORT and prints "ready".
import { Server } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { DiceRoom } from "./room.mjs";

const port = Number(process.env.PORT);
if (!(port > 0)) throw new Error("PORT is required");
const server = new Server({ transport: new WebSocketTransport(), greet: false });
server.define("dice", DiceRoom);
await server.listen(port, "127.0.0.1");
console.log("ready");
const stop = () => process.exit(0);
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
