/**
 * A tiny game module that lives only in game-core's tests ("race"): 2 to 4 players take turns; on
 * their turn a player must `roll` one die (faces 1 to 6) and may then roll again or `pass`. Each roll
 * adds its face to the player's score; a 6 is followed by a bonus point, given in the transient phase
 * `bonus` (the statechart resolves it in its own state, the way the dice game resolves an Indian
 * attack). The first player to reach the target (a table option, default 10) wins. It exercises every
 * generic part (random source, log, replay, statechart, actor, bots, playMatch) without a real game.
 */
import { z } from "zod";
import {
  createBotRng,
  createPhaseMachine,
  defineGame,
  drawIndex,
  isSeed,
  seedRng,
  seededSource,
  type Applied,
  type Bot,
  type Created,
  type GameModule,
  type MachineOptions,
  type PhaseChart,
  type PlayerId,
  type RandomSource,
  type Refusal,
  type RngState,
  type Seed,
  type Viewer,
} from "../../src/index.js";

export const FACES = [1, 2, 3, 4, 5, 6] as const;
export type Phase = "playing" | "bonus" | "over";

export interface RaceState {
  stateId: number;
  players: PlayerId[];
  scores: number[];
  turn: number;
  /** Has the active player rolled this turn? */
  rolled: boolean;
  phase: Phase;
  target: number;
  winner: PlayerId | null;
  rng: RngState;
}

export type RaceCommand = { type: "roll"; by: PlayerId } | { type: "pass"; by: PlayerId };

export type RaceEvent =
  | { type: "rolled"; player: PlayerId; face: number }
  | { type: "bonus"; player: PlayerId }
  | { type: "passed"; player: PlayerId }
  | { type: "won"; player: PlayerId };

export interface RaceView {
  viewer: Viewer;
  stateId: number;
  waitingFor: PlayerId[];
  phase: Phase;
  turn: PlayerId;
  players: PlayerId[];
  scores: number[];
  rolled: boolean;
  winner: PlayerId | null;
}

export interface RaceSetup {
  players: { id: PlayerId }[];
  seed?: Seed | undefined;
  turn?: PlayerId | undefined;
  options?: { target?: number | undefined } | undefined;
}

export type RaceLegal = { kind: "none" } | { kind: "roll" } | { kind: "rollOrPass" };

const refuse = (code: string, message: string): { ok: false; error: Refusal } => ({ ok: false, error: { code, message } });

/** Deals a race: the first player is `turn`, else drawn from the seed. */
export function createRace(setup: RaceSetup): Created<RaceState> {
  if (!setup || !Array.isArray(setup.players) || setup.players.length < 2 || setup.players.length > 4) return refuse("INVALID_SETUP", "players: a race has 2 to 4 players");
  const seed = setup.seed ?? 0;
  if (!isSeed(seed)) return refuse("INVALID_SETUP", "seed: not a seed");
  const target = setup.options?.target ?? 10;
  let rng = seedRng(seed);
  let turn: number;
  if (setup.turn === undefined) {
    const drawn = drawIndex(rng, setup.players.length);
    turn = drawn.index;
    rng = drawn.rng;
  } else {
    turn = setup.players.findIndex((p) => p.id === setup.turn);
    if (turn < 0) return refuse("INVALID_SETUP", `turn: no player "${setup.turn}"`);
  }
  const players = setup.players.map((p) => p.id);
  return { ok: true, state: { stateId: 0, players, scores: players.map(() => 0), turn, rolled: false, phase: "playing", target, winner: null, rng } };
}

function toAct(s: RaceState): PlayerId[] {
  return s.phase === "over" ? [] : [s.players[s.turn]!];
}

/** The bonus of a 6 (phase `bonus`): one more point, and maybe the win. */
export function giveBonus(s: RaceState, events: RaceEvent[]): { state: RaceState; events: RaceEvent[] } {
  const scores = s.scores.slice();
  scores[s.turn]!++;
  const player = s.players[s.turn]!;
  events.push({ type: "bonus", player });
  return { state: finish({ ...s, scores, phase: "playing" }, events), events };
}

function finish(s: RaceState, events: RaceEvent[]): RaceState {
  if (s.scores[s.turn]! < s.target) return s;
  const player = s.players[s.turn]!;
  events.push({ type: "won", player });
  return { ...s, phase: "over", winner: player };
}

/**
 * The reducer; with `pauseAtBonus` (the statechart's step) a 6 leaves the state in phase `bonus`.
 * Refuses WRONG_PHASE after the game, INVALID_COMMAND for an unknown command, NOT_YOUR_TURN, and the
 * race's own MUST_ROLL for a pass before the turn's first roll.
 */
export function stepRace(s: RaceState, c: RaceCommand, random: RandomSource, pauseAtBonus: boolean): Applied<RaceState, RaceEvent> {
  if (c === null || typeof c !== "object" || (c.type !== "roll" && c.type !== "pass")) return refuse("INVALID_COMMAND", `type: unknown command "${String((c as { type?: unknown })?.type)}"`);
  if (s.phase === "over") return refuse("WRONG_PHASE", `${c.type}: the race is over`);
  if (c.by !== s.players[s.turn]) return refuse("NOT_YOUR_TURN", `${c.type}: the race waits for "${s.players[s.turn]}"`);
  const events: RaceEvent[] = [];
  if (c.type === "pass") {
    if (!s.rolled) return refuse("MUST_ROLL", "pass: roll first");
    events.push({ type: "passed", player: c.by });
    return { ok: true, state: { ...s, stateId: s.stateId + 1, turn: (s.turn + 1) % s.players.length, rolled: false }, events };
  }
  const thrown = random.roll(s.rng, FACES, 1);
  const face = thrown.values[0]!;
  const scores = s.scores.slice();
  scores[s.turn]! += face;
  events.push({ type: "rolled", player: c.by, face });
  let next: RaceState = { ...s, stateId: s.stateId + 1, scores, rolled: true, rng: thrown.rng };
  next = finish(next, events);
  if (face === 6 && next.phase === "playing") {
    if (pauseAtBonus) return { ok: true, state: { ...next, phase: "bonus" }, events };
    next = giveBonus(next, events).state;
  }
  return { ok: true, state: next, events };
}

export const applyRace = (s: RaceState, c: RaceCommand, random: RandomSource = seededSource) => stepRace(s, c, random, false);

export function raceView(s: RaceState, viewer: Viewer): RaceView {
  return { viewer, stateId: s.stateId, waitingFor: toAct(s), phase: s.phase, turn: s.players[s.turn]!, players: s.players.slice(), scores: s.scores.slice(), rolled: s.rolled, winner: s.winner };
}

export function raceLegal(view: RaceView, me: PlayerId): RaceLegal {
  if (!view.waitingFor.includes(me)) return { kind: "none" };
  return view.rolled ? { kind: "rollOrPass" } : { kind: "roll" };
}

/** The race's statechart data: `playing` takes roll and pass, `bonus` is transient, `over` final. */
export const raceChart: PhaseChart<RaceState, RaceCommand, RaceEvent, Phase> = {
  id: "race",
  phaseOf: (s) => s.phase,
  commands: { playing: ["roll", "pass"] },
  transient: { bonus: giveBonus },
  final: "over",
  create: (setup) => createRace(setup as RaceSetup),
  step: (s, c, random) => stepRace(s, c, random, true),
};

/** A bot of the race (it reads only its view): `random` rolls again half the time; `heuristic` rolls again while someone leads it. */
function raceBot(kind: "random" | "heuristic", seed: Seed): Bot<RaceView, RaceCommand> {
  const rng = createBotRng(seed);
  return {
    kind,
    choose(view, me) {
      const legal = raceLegal(view, me);
      if (legal.kind === "none") throw new Error(`race bot: the game does not wait for "${me}"`);
      if (legal.kind === "roll") return { type: "roll", by: me };
      const mine = view.scores[view.players.indexOf(me)]!;
      const again = kind === "random" ? rng.chance(1, 2) : view.scores.some((score) => score > mine);
      return again ? { type: "roll", by: me } : { type: "pass", by: me };
    },
  };
}

const playerId = z.string().min(1);
const viewer = z.discriminatedUnion("kind", [z.object({ kind: z.literal("player"), id: playerId }).strict(), z.object({ kind: z.literal("spectator") }).strict(), z.object({ kind: z.literal("admin") }).strict()]);
const phase = z.enum(["playing", "bonus", "over"]);
const raceOptions = z.object({ target: z.number().int().min(1).max(100).optional() }).strict();

/** The race as a module. */
export const race: GameModule<RaceState, RaceCommand, RaceEvent, RaceView, RaceSetup, { target?: number | undefined }, RaceLegal> = defineGame({
  id: "race",
  name: "Race to ten",
  seats: { min: 2, max: 4 },
  schemas: {
    setup: z.object({ players: z.array(z.object({ id: playerId }).strict()).min(2).max(4), seed: z.custom<Seed>(isSeed).optional(), turn: playerId.optional(), options: raceOptions.optional() }).strict(),
    options: raceOptions,
    command: z.discriminatedUnion("type", [z.object({ type: z.literal("roll") }).strict(), z.object({ type: z.literal("pass") }).strict()]),
    view: z.object({ viewer, stateId: z.number().int(), waitingFor: z.array(playerId), phase, turn: playerId, players: z.array(playerId), scores: z.array(z.number().int()), rolled: z.boolean(), winner: playerId.nullable() }).strict(),
    event: z.discriminatedUnion("type", [
      z.object({ type: z.literal("rolled"), player: playerId, face: z.number().int() }).strict(),
      z.object({ type: z.literal("bonus"), player: playerId }).strict(),
      z.object({ type: z.literal("passed"), player: playerId }).strict(),
      z.object({ type: z.literal("won"), player: playerId }).strict(),
    ]),
  },
  refusals: ["MUST_ROLL"],
  serverCommands: [],
  scoring: [{ when: "you win the race", points: 1 }],
  bots: { heuristic: (seed) => raceBot("heuristic", seed), random: (seed) => raceBot("random", seed) },
  setupFor: ({ players, seed, options }) => ({ players: players.map((id) => ({ id })), seed, options }),
  create: createRace,
  apply: applyRace,
  view: raceView,
  viewEvent: ({ command, events }) => {
    const { by: _by, ...shown } = command;
    return { command: shown, events };
  },
  toAct,
  onTimeout: (s) => (s.rolled ? { type: "pass" } : { type: "roll" }),
  result: (s) => {
    if (!s.winner) return null;
    const losers = s.players.filter((p) => p !== s.winner);
    return {
      winner: { team: s.winner, players: [s.winner] },
      ranking: [{ team: s.winner, players: [s.winner], place: 1 }, ...losers.map((p) => ({ team: p, players: [p], place: 2 }))],
      scores: Object.fromEntries(s.players.map((p) => [p, p === s.winner ? 1 : 0])),
    };
  },
  machine: (options?: MachineOptions) => createPhaseMachine(raceChart, options),
  legal: raceLegal,
  summary: (s) => ({ phase: s.phase, turn: s.stateId, seats: Object.fromEntries(s.players.map((p, i) => [p, { out: false, status: `${s.scores[i]} points` }])) }),
  facets: (s) => Object.fromEntries(s.players.map((p) => [p, {}])),
});
