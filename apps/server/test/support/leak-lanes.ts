/**
 * Many bot games of one game through the real server, for the hidden-information tests: `lanes` lanes
 * play one table after another until `games` tables have started. Each table has two seated SDK clients
 * (each playing its own seat with the module's bot over its own view), server bots in the other seats,
 * and a spectator (a guest without a seat): every frame the three receive goes to the test's checkers.
 * The seat count turns through the game's range, the host and the bot kinds turn too.
 */
import type { GameView } from "@bang/protocol";
import { connectPlayer, paced, playSeat, startTable, type Acked, type Player } from "./players.js";

export interface LaneOptions {
  url: string;
  game: string;
  games: number;
  lanes: number;
  seats: { min: number; max: number };
  /** A new checker for a viewer (`me` null: the spectator); its `check` returns violations. */
  checker(me: string | null): { check(text: string): string[] };
  /** Called once per finished game with its id, the two seated clients and their acks. */
  finished?(gameId: string, seated: Player[], acks: Acked[]): Promise<void>;
}

export interface LaneReport {
  games: number;
  violations: string[];
  seatCounts: Map<number, number>;
  players: Player[];
  /** Every game started, in order. */
  gameIds: string[];
}

/** Plays the lanes (see the module comment). Every client's errors and every seat's refusals are violations. */
export async function runLanes(o: LaneOptions): Promise<LaneReport> {
  const violations: string[] = [];
  const note = (v: string) => {
    if (violations.length < 50) violations.push(v);
  };
  const players: Player[] = [];
  const seatCounts = new Map<number, number>();
  const gameIds: string[] = [];
  const viewer = async (name: string, me: boolean) => {
    let check: ((text: string) => string[]) | null = null;
    const p = await connectPlayer(o.url, name, { keepFrames: false, onFrame: (text) => check && check(text).forEach(note) });
    const c = o.checker(me ? p.id : null);
    check = (text) => c.check(text);
    players.push(p);
    return p;
  };
  const lanes: { seated: Player[]; spectator: Player }[] = [];
  for (let lane = 0; lane < o.lanes; lane++) {
    lanes.push({ seated: [await viewer(`l${lane}a`, true), await viewer(`l${lane}b`, true)], spectator: await viewer(`l${lane}w`, false) });
  }
  let started = 0;
  const range = o.seats.max - o.seats.min + 1;
  async function runLane(lane: number): Promise<void> {
    const { seated, spectator } = lanes[lane]!;
    for (let round = 0; started < o.games; round++) {
      const n = started++;
      const seats = o.seats.min + (n % range);
      seatCounts.set(seats, (seatCounts.get(seats) ?? 0) + 1);
      const order = round % 2 === 0 ? seated : [seated[1]!, seated[0]!];
      const { gameId } = await startTable(order, { game: o.game, seats, fillBots: true, botKind: round % 3 === 0 ? "random" : "heuristic", turnSeconds: 600 });
      gameIds.push(gameId);
      await paced(() => spectator.client.spectate(gameId));
      const plays = order.map((p, i) => playSeat<GameView>(p, gameId, { kind: (lane + round + i) % 3 === 0 ? "random" : "heuristic", seed: lane * 1000 + round * 10 + i, timeoutMs: 200_000 }));
      await Promise.all(plays.map((s) => s.done));
      for (const s of plays) for (const r of s.refusals) note(`game ${gameId}: a command was refused: ${r.code} ${r.message}`);
      await o.finished?.(gameId, order, plays.flatMap((s) => s.acks));
      for (const p of [...order, spectator]) p.client.forget(gameId);
    }
  }
  await Promise.all(lanes.map((_, lane) => runLane(lane)));
  for (const p of players) for (const e of p.errors) note(`client ${p.id}: ${e.code} ${e.message}`);
  return { games: started, violations, seatCounts, players, gameIds };
}
