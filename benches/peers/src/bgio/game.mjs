// The dice game module (@bang/game-dice) as a boardgame.io 0.50 game: the module's own engine, whole.
// G holds the module's state; one move, `act`, takes a module command, runs on the server only
// (`client: false`: the client never runs the rules nor sees the state) and is refused (INVALID_MOVE)
// when the module refuses it or the sender is not the player the module waits for. Every player may
// send at any time (ActivePlayers.ALL): who acts is the module's `toAct`, as on this project's server.
// The client's G is the module's view of its player (playerView), the same view this project sends.
import { createRequire } from "node:module";
import { dice } from "@bang/game-dice";

const require = createRequire(import.meta.url);
const { ActivePlayers, INVALID_MOVE } = require("boardgame.io/core");
// boardgame.io wraps every move in its own copy of immer's produce (G is a draft): the module's
// reducer reads the plain state instead of a proxy, as a boardgame.io game tuned for speed would.
const { original } = createRequire(require.resolve("boardgame.io/core"))("immer");

/** A new 256-bit key seed (64 hex digits), the kind this project's server deals from. */
export function keySeed() {
  return Array.from(crypto.getRandomValues(new Uint32Array(8)), (n) => n.toString(16).padStart(8, "0")).join("");
}

/** The boardgame.io game: `setupData.seed` (a 64-hex-digit key) deals it, else a fresh key. */
export const diceGame = {
  name: "dice",
  minPlayers: dice.seats.min,
  maxPlayers: dice.seats.max,
  setup: ({ ctx }, setupData) => {
    const created = dice.create(dice.setupFor({ players: [...ctx.playOrder], seed: setupData?.seed ?? keySeed(), options: {} }));
    if (!created.ok) throw new Error(`dice setup refused: ${created.error.code}: ${created.error.message}`);
    return { state: created.state };
  },
  turn: { activePlayers: ActivePlayers.ALL },
  moves: {
    act: {
      client: false,
      move: ({ G, playerID }, command) => {
        const state = original(G).state;
        if (!dice.toAct(state).includes(playerID)) return INVALID_MOVE;
        const applied = dice.apply(state, { ...command, by: playerID });
        return applied.ok ? { state: applied.state } : INVALID_MOVE;
      },
    },
  },
  playerView: ({ G, playerID }) => dice.view(G.state, playerID == null ? { kind: "spectator" } : { kind: "player", id: playerID }),
  endIf: ({ G }) => dice.result(G.state) ?? undefined,
};
