/**
 * Showdown whose bots throw (a bug of a game, not of a player): for the server's test that a game
 * module's fault stops that game, never the node.
 */
import { defineGame, type Bot } from "@bang/game-core";
import { showdown, type Command, type View } from "./module.js";

const broken = (kind: "heuristic" | "random"): Bot<View, Command> => ({
  kind,
  choose() {
    throw new Error("badbot: a bot bug");
  },
});

export default defineGame({ ...showdown, id: "badbot", name: "Showdown with broken bots (a test game)", bots: { heuristic: () => broken("heuristic"), random: () => broken("random") } });
