/**
 * `bang play` without a server, for any game: the person holds one seat, the module's bots the others,
 * and the module's rules decide every command. The game's log (GameLog) can be kept for `bang replay`.
 */
import type { Applied, BotKind, CommandBase, EventBase, GameLog, StateBase, Viewer } from "@bang/game-core";
import { EXIT, UsageError } from "../args.js";
import type { LocalGame } from "./game-option.js";
import { writeGameLog } from "./gamelog.js";
import type { LineReader } from "./input.js";
import { seatBots, seatIds, tableSetup } from "./match.js";
import { HumanSeat } from "./seat.js";

/** A command the rules accepted: the state after it and its events. */
type Accepted = Extract<Applied<StateBase, EventBase>, { ok: true }>;

/**
 * Applies a command a person typed. The rules refuse what they can name; a rule that throws on a shape
 * it never expected (a command typed as JSON for a game without a face) is a refusal too, not a crash.
 */
function applyTyped(module: LocalGame["module"], state: StateBase, command: CommandBase): Applied<StateBase, EventBase> {
  try {
    return module.apply(state, command);
  } catch (e) {
    return { ok: false, error: { code: "INVALID_COMMAND", message: (e as Error).message } };
  }
}

export interface LocalOptions {
  /** Seats at the table (p1..pN). */
  players: number;
  /** Seed of the deal and of every draw. */
  seed: number;
  /** The person's seat, 1 to `players`. */
  seat: number;
  /** Kind of the bots at the other seats. */
  bots: BotKind;
  /** Keep the log in this file, written again after every command. */
  save?: string | undefined;
}

/**
 * Plays one local game to its end (or until the person leaves); the exit code. Throws UsageError when
 * `save` cannot be written, and an Error when the rules refuse the table or a bot's command (a bug).
 */
export async function playLocal({ module, ui }: LocalGame, options: LocalOptions, io: { say(text: string): void; reader: LineReader }): Promise<number> {
  const { say, reader } = io;
  const setup = tableSetup(module, options.players, options.seed);
  const created = module.create(setup);
  if (!created.ok) throw new Error(`the rules refused the table: ${created.error.code}: ${created.error.message}`);
  const me = seatIds(options.players)[options.seat - 1]!;
  const bots = seatBots(module, options.bots, setup);
  const log: GameLog = { game: module.id, setup, entries: [] };
  const save = options.save;
  const keep = () => save !== undefined && writeGameLog(save, log);
  try {
    keep();
  } catch (e) {
    throw new UsageError(`--save: cannot write "${save}": ${(e as Error).message}`);
  }

  const viewer: Viewer = { kind: "player", id: me };
  const seat = new HumanSeat(me, ui, reader, say);
  say(`${module.name}, ${options.players} players, ${options.bots} bots, seed ${options.seed} (play this deal again with --seed ${options.seed}). You are ${me}.`);
  let state = created.state;
  seat.showTable(module.view(state, viewer));
  try {
    while (module.result(state) === null) {
      const acting = module.toAct(state);
      // The person answers first when several act at once (a secret choice: the bots never see theirs).
      const actor = acting.includes(me) ? me : acting[0];
      if (actor === undefined) throw new Error(`the game waits for nobody at state ${state.stateId}, yet it is not over`);
      let step: Accepted;
      let command: CommandBase;
      if (actor === me) {
        const before = state;
        const move = await seat.humanMove<Accepted>(module.view(state, viewer), (c) => applyTyped(module, before, c));
        if (move === "stale") continue; // the rules answer at once: never stale
        if (move === "quit" || move === "eof") {
          say(`\n${move === "eof" ? "Input closed: you" : "You"} left the game at turn ${module.summary(state).turn}, before its end.`);
          return EXIT.ok;
        }
        ({ command, result: step } = move);
      } else {
        command = bots.get(actor)!.choose(module.view(state, { kind: "player", id: actor }), actor);
        const applied = module.apply(state, command);
        if (!applied.ok) throw new Error(`bot ${actor} played a refused command (${ui.formatCommand(command)}): ${applied.error.code}: ${applied.error.message}`);
        step = applied;
      }
      log.entries.push({ command });
      keep();
      // What the person may see of the step: another player's secret stays hidden (the module decides).
      const shown = module.viewEvent({ command, events: step.events, state: step.state }, viewer);
      for (const line of ui.describeEvents(shown.events, module.view(step.state, viewer))) say(line);
      state = step.state;
    }
    seat.gameOver(module.view(state, viewer));
    return EXIT.ok;
  } finally {
    if (save !== undefined) say(`Game log saved to ${save} (bang replay ${save}).`);
  }
}
