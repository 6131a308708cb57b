/**
 * Showdown: a tiny game module that lives only in the tests, to prove that a game needs no change
 * outside its own folder (issue 14). Two players; each round both pick a sign in secret (rock, paper or
 * scissors); once both picked, the round is revealed and its winner scores a point; the first to 2
 * points wins. A pick stays hidden from the other player and from spectators until the reveal (views
 * and `viewEvent`). A player whose timer runs out gets a sign drawn from the game's seeded source
 * (`onTimeout`: the server's `pickTimeout`, replayable). Everything comes from game-core; the server,
 * the protocol, the client and the web shell know nothing of it.
 */
import {
  createBotRng,
  createPhaseMachine,
  defineGame,
  isSeed,
  seedRng,
  seededSource,
  type GameModule,
  type PhaseChart,
  type PlayerId,
  type RandomSource,
  type RngState,
  type Seed,
  type Viewer,
} from "@bang/game-core";
import { z } from "zod";

export const SIGNS = ["rock", "paper", "scissors"] as const;
export type Sign = (typeof SIGNS)[number];
const BEATS: Record<Sign, Sign> = { rock: "scissors", paper: "rock", scissors: "paper" };
/** Points that win the game. */
export const TARGET = 2;

export type Phase = "picking" | "over";
export interface State {
  stateId: number;
  players: PlayerId[];
  round: number;
  phase: Phase;
  /** Per seat, the sign picked this round, or null. */
  picks: (Sign | null)[];
  points: number[];
  /** The last revealed round: both signs and its winner (null: a draw). */
  last: { round: number; signs: Sign[]; winner: PlayerId | null } | null;
  winner: PlayerId | null;
  rng: RngState;
}
export type Command = { type: "pick"; by: PlayerId; sign: Sign } | { type: "pickTimeout"; by: PlayerId };
export type Event =
  | { type: "picked"; player: PlayerId; timedOut: boolean }
  | { type: "revealed"; round: number; signs: Sign[]; winner: PlayerId | null }
  | { type: "gameOver"; winner: PlayerId };
export interface View {
  viewer: Viewer;
  stateId: number;
  waitingFor: PlayerId[];
  round: number;
  players: { id: PlayerId; points: number; picked: boolean; sign: Sign | null }[];
  last: State["last"];
  winner: PlayerId | null;
}
export interface Setup {
  players: { id: PlayerId }[];
  seed?: Seed | undefined;
  options?: Record<string, never> | undefined;
}

const playerId = z.string().min(1).max(64);
const sign = z.enum(SIGNS);
const viewer = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("player"), id: playerId }).strict(),
  z.object({ kind: z.literal("spectator") }).strict(),
  z.object({ kind: z.literal("admin") }).strict(),
]);
const last = z.object({ round: z.number().int(), signs: z.array(sign), winner: playerId.nullable() }).strict().nullable();

const refuse = (code: string, message: string) => ({ ok: false as const, error: { code, message } });
const toAct = (s: State): PlayerId[] => (s.phase === "over" ? [] : s.players.filter((_, i) => s.picks[i] === null));

function create(setup: Setup) {
  if (!Array.isArray(setup.players) || setup.players.length !== 2) return refuse("INVALID_SETUP", "players: showdown has 2 players");
  const seed = setup.seed ?? 0;
  if (!isSeed(seed)) return refuse("INVALID_SETUP", "seed: not a seed");
  const state: State = { stateId: 0, players: setup.players.map((p) => p.id), round: 1, phase: "picking", picks: [null, null], points: [0, 0], last: null, winner: null, rng: seedRng(seed) };
  return { ok: true as const, state };
}

function apply(state: State, command: Command, random: RandomSource = seededSource) {
  const seat = state.players.indexOf(command?.by);
  if (seat < 0) return refuse("INVALID_COMMAND", `by: no player "${String(command?.by)}"`);
  if (state.phase === "over") return refuse("WRONG_PHASE", `${command.type}: the game is over`);
  if (command.type !== "pick" && command.type !== "pickTimeout") return refuse("INVALID_COMMAND", `type: unknown command "${String((command as { type?: unknown }).type)}"`);
  if (state.picks[seat] !== null) return refuse("ALREADY_PICKED", `${command.type}: "${command.by}" picked this round already`);
  const s: State = { ...state, picks: [...state.picks], points: [...state.points], stateId: state.stateId + 1 };
  let chosen: Sign;
  if (command.type === "pick") {
    if (!SIGNS.includes(command.sign)) return refuse("INVALID_COMMAND", `pick.sign: one of ${SIGNS.join(", ")}`);
    chosen = command.sign;
  } else {
    const drawn = random.pick(s.rng, SIGNS);
    s.rng = drawn.rng;
    chosen = drawn.item;
  }
  s.picks[seat] = chosen;
  const events: Event[] = [{ type: "picked", player: command.by, timedOut: command.type === "pickTimeout" }];
  if (s.picks.every((p) => p !== null)) {
    const [a, b] = s.picks as Sign[];
    const winner = a === b ? null : BEATS[a!] === b ? s.players[0]! : s.players[1]!;
    if (winner) s.points[s.players.indexOf(winner)]! += 1;
    s.last = { round: s.round, signs: [a!, b!], winner };
    events.push({ type: "revealed", round: s.round, signs: [a!, b!], winner });
    s.picks = [null, null];
    s.round += 1;
    const champion = s.players.find((_, i) => s.points[i]! >= TARGET);
    if (champion) {
      s.phase = "over";
      s.winner = champion;
      events.push({ type: "gameOver", winner: champion });
    }
  }
  return { ok: true as const, state: s, events };
}

function view(s: State, viewer: Viewer): View {
  return {
    viewer,
    stateId: s.stateId,
    waitingFor: toAct(s),
    round: s.round,
    players: s.players.map((id, i) => ({ id, points: s.points[i]!, picked: s.picks[i] !== null, sign: viewer.kind === "admin" || (viewer.kind === "player" && viewer.id === id) ? s.picks[i]! : null })),
    last: s.last,
    winner: s.winner,
  };
}

const chart: PhaseChart<State, Command, Event, Phase> = {
  id: "showdown",
  phaseOf: (s) => s.phase,
  commands: { picking: ["pick", "pickTimeout"] },
  final: "over",
  create: (setup) => create(setup as Setup),
  step: (state, command, random) => apply(state, command, random),
};

/**
 * A bot: the random one picks any sign; the "heuristic" one plays what beats the other's last sign,
 * and a random one after a draw (two heuristic bots would otherwise draw forever).
 */
function bot(kind: "heuristic" | "random", seed: Seed) {
  const rng = createBotRng(seed);
  return {
    kind,
    choose(v: View, me: PlayerId): Command {
      if (!v.waitingFor.includes(me)) throw new Error(`showdown bot: the game does not wait for ${me}`);
      const theirs = v.last?.signs[v.players.findIndex((p) => p.id !== me)];
      if (kind === "heuristic" && theirs && v.last?.winner !== null) return { type: "pick", by: me, sign: (Object.keys(BEATS) as Sign[]).find((s) => BEATS[s] === theirs)! };
      return { type: "pick", by: me, sign: rng.pick(SIGNS) };
    },
  };
}

export const showdown: GameModule<State, Command, Event, View, Setup, Record<string, never>, { signs: readonly Sign[] } | null> = defineGame({
  id: "showdown",
  name: "Showdown (a test game)",
  seats: { min: 2, max: 2 },
  schemas: {
    setup: z.object({ players: z.array(z.object({ id: playerId }).strict()).length(2), seed: z.custom<Seed>(isSeed).optional(), options: z.object({}).strict().optional() }).strict(),
    options: z.object({}).strict(),
    // A client's command: a pick (`pickTimeout` is the server's own, never a client's).
    command: z.discriminatedUnion("type", [z.object({ type: z.literal("pick"), sign }).strict()]),
    view: z
      .object({
        viewer,
        stateId: z.number().int(),
        waitingFor: z.array(playerId),
        round: z.number().int(),
        players: z.array(z.object({ id: playerId, points: z.number().int(), picked: z.boolean(), sign: sign.nullable() }).strict()),
        last,
        winner: playerId.nullable(),
      })
      .strict(),
    event: z.discriminatedUnion("type", [
      z.object({ type: z.literal("picked"), player: playerId, timedOut: z.boolean() }).strict(),
      z.object({ type: z.literal("revealed"), round: z.number().int(), signs: z.array(sign), winner: playerId.nullable() }).strict(),
      z.object({ type: z.literal("gameOver"), winner: playerId }).strict(),
    ]),
  },
  refusals: ["ALREADY_PICKED"],
  serverCommands: ["pickTimeout"],
  scoring: [{ when: "you win the showdown", points: 1 }],
  bots: { heuristic: (seed) => bot("heuristic", seed), random: (seed) => bot("random", seed) },
  setupFor: ({ players, seed }) => ({ players: players.map((id) => ({ id })), seed }),
  create,
  apply,
  view,
  viewEvent: ({ command, events, state }, viewer, now = state) => {
    const { by, ...rest } = command;
    const seat = state.players.indexOf(by);
    // A pick is secret while its round waits for the other pick (the same round at `now`).
    const pending = state.picks[seat] !== null && now.round === state.round && now.picks[seat] !== null;
    const mine = viewer.kind === "admin" || (viewer.kind === "player" && viewer.id === by);
    if (rest.type === "pick" && pending && !mine) return { command: { type: "pick" }, events };
    return { command: rest, events };
  },
  toAct,
  onTimeout: (state, player) => (toAct(state).includes(player) ? { type: "pickTimeout" } : null),
  result: (s) => {
    if (!s.winner) return null;
    const loser = s.players.find((p) => p !== s.winner)!;
    return {
      winner: { team: s.winner, players: [s.winner] },
      ranking: [
        { team: s.winner, players: [s.winner], place: 1 },
        { team: loser, players: [loser], place: 2 },
      ],
      scores: { [s.winner]: 1, [loser]: 0 },
    };
  },
  machine: (options) => createPhaseMachine(chart, options),
  legal: (v, me) => (v.waitingFor.includes(me) ? { signs: SIGNS } : null),
  summary: (s) => ({ phase: s.phase, turn: s.round, seats: Object.fromEntries(s.players.map((id, i) => [id, { out: false, status: `${s.points[i]} points` }])) }),
  facets: (s) => Object.fromEntries(s.players.map((id) => [id, {}])),
});

export default showdown;
