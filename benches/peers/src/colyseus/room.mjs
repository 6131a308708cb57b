// The dice game module (@bang/game-dice) as a Colyseus 0.18 room: the module's own engine, whole. A room
// is one table of `seats` players (its create options; default 5) dealt from a 256-bit key seed; player
// i is the i-th client to join. Once every seat has said "ready" (its handlers are in place), each
// client is sent its own view ("view", the module's per-player view: secrets hidden), and again after
// every accepted command. A "cmd" message carries a module command (without `by`): refused ("refused"
// to its sender, nothing changes) when the sender is not the player the module waits for or the
// module refuses it. The state is not a Schema: the module's views are the game's own JSON, sent as
// room messages (msgpack), so no patch loop runs (patchRate null).
import { Room } from "@colyseus/core";
import { dice } from "@bang/game-dice";
import { keySeed } from "../bgio/game.mjs";

export class DiceRoom extends Room {
  maxClients = 5;
  patchRate = null;
  autoDispose = true;

  onCreate(options = {}) {
    this.maxClients = options.seats ?? 5;
    this.seed = typeof options.seed === "string" ? options.seed : keySeed();
    /** sessionId → the module's player id ("0", "1", ...) */
    this.players = new Map();
    this.ready = new Set();
    this.state$ = null;
    this.onMessage("ready", (client) => {
      this.ready.add(client.sessionId);
      if (this.ready.size === this.maxClients && this.state$ === null) this.deal();
    });
    this.onMessage("cmd", (client, command) => {
      const by = this.players.get(client.sessionId);
      const state = this.state$;
      if (state === null || by === undefined || !dice.toAct(state).includes(by)) {
        client.send("refused", { code: "NOT_YOUR_TURN" });
        return;
      }
      const applied = dice.apply(state, { ...command, by });
      if (!applied.ok) {
        client.send("refused", applied.error);
        return;
      }
      this.state$ = applied.state;
      this.sendViews();
    });
  }

  onJoin(client) {
    this.players.set(client.sessionId, String(this.players.size));
  }

  deal() {
    const created = dice.create(dice.setupFor({ players: [...this.players.values()], seed: this.seed, options: {} }));
    if (!created.ok) throw new Error(`dice setup refused: ${created.error.code}: ${created.error.message}`);
    this.state$ = created.state;
    this.sendViews();
  }

  sendViews() {
    for (const client of this.clients) {
      client.send("view", dice.view(this.state$, { kind: "player", id: this.players.get(client.sessionId) }));
    }
  }
}
