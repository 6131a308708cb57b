/**
 * The figures of `bang simulate`, for any game: games, seats, seeds and bots, the game's own figures
 * (its face's tally: win rates by team, by seat...), the average turns (the module's summary) and
 * commands per game, and games per second, the only figure that depends on the machine.
 */
import type { AnyGameModule, CommandBase, GameLog, StateBase } from "@bang/game-core";
import { columns, round } from "./text.js";
import type { AnyGameUi, SimulationTally } from "./game-ui.js";

export interface SimulationSummary {
  game: string;
  games: number;
  players: number;
  seed: number;
  bots: string;
  /** The game's own figures (see SimulationTally.figures). */
  [figure: string]: unknown;
  /** Mean of the module's turn number at the end. */
  averageTurns: number;
  averageCommands: number;
  gamesPerSecond: number;
}


/** Adds finished bot games of one module up. */
export class Simulation {
  private games = 0;
  private turns = 0;
  private commands = 0;
  private readonly tally: SimulationTally<StateBase, CommandBase>;

  constructor(
    private readonly module: AnyGameModule,
    ui: AnyGameUi,
    private readonly options: { players: number; seed: number; bots: string },
  ) {
    this.tally = ui.tally(options.players);
  }

  /** For playMatch's onStep: the game's tally sees every accepted command. */
  readonly step = (state: StateBase, command: CommandBase): void => this.tally.step?.(state, command);

  /** Counts one finished game (its result is not null). Throws when the game is not over. */
  add(state: StateBase, log: GameLog): void {
    if (this.module.result(state) === null) throw new Error(`game ${this.games + 1} ended without a result (phase ${this.module.summary(state).phase})`);
    this.games++;
    this.turns += this.module.summary(state).turn;
    this.commands += log.entries.length;
    this.tally.add(state, log.entries.map((e) => e.command));
  }

  summary(seconds: number): SimulationSummary {
    const n = this.games;
    return {
      game: this.module.id,
      games: n,
      ...this.options,
      ...this.tally.figures(),
      averageTurns: n === 0 ? 0 : round(this.turns / n, 3),
      averageCommands: n === 0 ? 0 : round(this.commands / n, 3),
      gamesPerSecond: seconds > 0 ? round(n / seconds, 1) : 0,
    };
  }

  /** The summary for people. */
  render(s: SimulationSummary): string {
    const own = this.tally.render();
    return [
      `Simulated ${s.games} games of ${this.module.name}, ${s.players} players, ${s.bots} bots, seeds ${s.seed} to ${s.seed + s.games - 1}.`,
      "",
      ...(own.length > 0 ? [...own, ""] : []),
      ...columns(
        [
          ["Average turns per game", s.averageTurns.toFixed(2)],
          ["Average commands per game", s.averageCommands.toFixed(2)],
          ["Games per second", s.gamesPerSecond.toFixed(1)],
        ],
        "",
      ),
    ].join("\n");
  }
}
