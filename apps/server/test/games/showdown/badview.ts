/**
 * Showdown whose view throws once a move was made (a bug of a game, not of a player): for the server's
 * test that a game module's fault stops that game, never the node, also after a restart.
 */
import { defineGame } from "@bang/game-core";
import { showdown } from "./module.js";

export default defineGame({
  ...showdown,
  id: "badview",
  name: "Showdown with a broken view (a test game)",
  view: (state, viewer) => {
    if (state.stateId > 0) throw new Error("badview: a view bug");
    return showdown.view(state, viewer);
  },
});
