import { applyCommand, createGame, playerView, type DuelApplyResult, type DuelCommand, type DuelState, type GameLog } from "@bang/engine";
import type { Bot } from "@bang/bots";
import { EXIT } from "../args.js";
import { writeGameLog } from "../gamelog.js";
import { LineReader } from "../input.js";
import { describeDuelEvents, formatDuelCommand } from "./format.js";
import { HumanDuelSeat } from "./human.js";

/** The setup of a local duel: seats p1 and p2, the starter drawn from the seed (R8.1). */
export function duelSetup(seed: number) {
  return { mode: "duel" as const, players: [{ id: "p1" }, { id: "p2" }], seed };
}

/**
 * `bang play --mode duel`: the person holds seat `me` of a duel against a bot; the engine applies
 * every command. Saves the log to `save` after each command when given. Returns the exit code.
 */
export async function playLocalDuel(args: { seed: number; me: string; bot: Bot; kind: string; save?: string | undefined }): Promise<number> {
  const setup = duelSetup(args.seed);
  const created = createGame(setup);
  if (!created.ok) throw new Error(`the engine refused the duel: ${created.error.message}`);
  const log: GameLog = { setup, entries: [] };
  const keep = () => args.save !== undefined && writeGameLog(args.save, log);
  keep();
  const say = (text: string) => process.stdout.write(`${text}\n`);
  const reader = new LineReader();
  const seat = new HumanDuelSeat(args.me, reader, say);
  const other = setup.players.map((p) => p.id).find((id) => id !== args.me)!;
  const myView = (s: DuelState) => playerView(s, { kind: "player", id: args.me });
  say(`Bang! The Dice Game, duel mode: you (${args.me}) against a ${args.kind} bot (${other}), seed ${args.seed}. ${created.state.players[created.state.turn]!.id} starts.`);
  let state: DuelState = created.state;
  try {
    while (state.phase !== "gameOver") {
      const view = myView(state);
      let command: DuelCommand;
      let result: Extract<DuelApplyResult, { ok: true }>;
      if (view.waitingFor.includes(args.me)) {
        const before = state;
        const move = await seat.humanMove<Extract<DuelApplyResult, { ok: true }>>(view, (c) => applyCommand(before, c));
        if (move === "stale") continue;
        if (move === "quit" || move === "eof") {
          say(`\n${move === "eof" ? "Input closed: you" : "You"} left the duel at turn ${state.turnNumber}, before its end.`);
          return EXIT.ok;
        }
        ({ command, result } = move);
      } else {
        command = args.bot.choose(playerView(state, { kind: "player", id: other }), other);
        const applied = applyCommand(state, command);
        if (!applied.ok) throw new Error(`the bot played a refused command (${formatDuelCommand(command)}): ${applied.error.code}: ${applied.error.message}`);
        result = applied;
      }
      log.entries.push({ command });
      keep();
      // The bot's pick is not told before the reveal: its events carry no card (R8.9).
      for (const line of describeDuelEvents(result.events)) say(line);
      state = result.state;
    }
    seat.gameOver(myView(state));
    return EXIT.ok;
  } finally {
    reader.close();
    if (args.save !== undefined) say(`Game log saved to ${args.save} (bang replay ${args.save}).`);
  }
}
