/**
 * DESIGN invariant 4 under load: 200 bot games through the server, every seat an SDK client (so every
 * player-bound frame is seen), 16 tables at a time, a spectator watching the games of 4 of them.
 * Every frame each player (or spectator) receives goes through
 * checkFrame (support/secrets.ts): no view shows the role of another living non-sheriff player before
 * game over, no `eliminated` event names a living player, and the raw text never holds more secret
 * role words than the player may see. Mid-game replays (a player's and a spectator's) and the games
 * list are checked the same way, and a running game's replay must not give away its seed (which
 * deals the roles).
 */
import { createGame, playerView, type PlayerView } from "@bang/game-dice";
import { afterAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, http, playSeat, startTable, type Player } from "./support/players.js";
import { checkFrame } from "./support/secrets.js";
import { WholeViews } from "./support/whole-views.js";
import { useServer } from "./support/server.js";

const GAMES = 200;
const TABLES_AT_ONCE = 16;
const SEATS = 5;
/** Lanes whose games a spectator (a guest without a seat) also watches. */
const SPECTATED_LANES = 4;

describe("the checker itself", () => {
  const setup = { players: ["p0", "p1", "p2", "p3", "p4"].map((id) => ({ id })), seed: 42 };
  const created = createGame(setup);
  if (!created.ok) throw new Error(created.error.message);
  const state = created.state;
  const me = "p1";
  const mine = playerView(state, { kind: "player", id: me });
  const frame = (view: PlayerView, extra: Record<string, unknown> = {}) => JSON.stringify({ type: "snapshot", gameId: "g", seq: 0, view, ...extra });

  it("accepts the player's own view", () => {
    expect(checkFrame(frame(mine), me).violations).toEqual([]);
  });

  it("catches a full state sent as the view, and a full state hidden beside a correct view", () => {
    const full = { ...playerView(state, { kind: "admin" }), viewer: { kind: "player" as const, id: me } };
    expect(checkFrame(frame(full), me).violations.length).toBeGreaterThan(0);
    const roles = state.players.map((p) => ({ id: p.id, role: p.role }));
    const hidden = checkFrame(frame(mine, { debug: { roles } }), me).violations;
    expect(hidden.some((v) => v.includes("times"))).toBe(true);
    const secret = state.players.find((p) => p.id !== me && p.role !== "sheriff")!;
    expect(checkFrame(JSON.stringify({ type: "error", code: "INTERNAL", message: `${secret.id} is the ${secret.role}` }), me).violations.length).toBeGreaterThan(0);
  });
});

describe(`hidden roles over ${GAMES} games`, () => {
  const server = useServer({ backend: "postgresql", disconnectGraceMs: 60_000 });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it(`no player ever receives another living player's secret role (${GAMES} games, ${TABLES_AT_ONCE} tables at a time)`, async () => {
    const srv = server();
    const violations: string[] = [];
    let frames = 0;
    let gameFrames = 0;
    let overFrames = 0;
    let spectatorFrames = 0;
    const note = (v: string) => {
      if (violations.length < 50) violations.push(v);
    };
    // Each receiver's whole views: the SDK names viewChanges, so most events carry the view's changes.
    const wholeViews = new Map<Player, WholeViews>();
    const viewsOf = (p: Player) => wholeViews.get(p) ?? wholeViews.set(p, new WholeViews()).get(p)!;
    const onFrame = (text: string, p: Player) => {
      frames++;
      const report = checkFrame(text, p.id, viewsOf(p));
      if (report.game) gameFrames++;
      if (report.over) overFrames++;
      for (const v of report.violations) note(v);
    };

    const onSpectatorFrame = (text: string, p: Player) => {
      const report = checkFrame(text, null, viewsOf(p));
      if (report.game) spectatorFrames++;
      for (const v of report.violations) note(v);
    };

    const lanes: Player[][] = [];
    const spectators: (Player | null)[] = [];
    for (let lane = 0; lane < TABLES_AT_ONCE; lane++) {
      const seats: Player[] = [];
      for (let s = 0; s < SEATS; s++) seats.push(await connectPlayer(srv.url, `t${lane}s${s}`, { onFrame, keepFrames: false }));
      players.push(...seats);
      lanes.push(seats);
      const spectator = lane < SPECTATED_LANES ? await connectPlayer(srv.url, `t${lane}w`, { onFrame: onSpectatorFrame, keepFrames: false }) : null;
      if (spectator) players.push(spectator);
      spectators.push(spectator);
    }

    let started = 0;
    const winners = new Map<string, number>();
    let eliminations = 0;
    let commands = 0;
    let replaysChecked = 0;

    /** Mid-game, once per game: the replay for a player and for a spectator, and the games list. */
    async function checkReplays(gameId: string, p: Player): Promise<void> {
      for (const token of [p.guest.token, null]) {
        const { status, body } = await http(`${srv.url}/api/games/${gameId}/replay`, token ? { token } : {});
        if (status !== 200) return note(`replay ${gameId}: ${status} ${JSON.stringify(body)}`);
        const replay = body as { status: string; seed: number | null; view: PlayerView };
        if (replay.status !== "running" || replay.view.phase === "gameOver") return; // ended meanwhile
        replaysChecked++;
        if (replay.seed !== null) note(`replay of running game ${gameId} gives its seed ${replay.seed} to ${token ? p.id : "a spectator"}`);
        // The whole body, entries included, checked as a frame to that player.
        if (token) for (const v of checkFrame(JSON.stringify({ ...(body as object), type: "snapshot", seq: 0 }), p.id).violations) note(`replay: ${v}`);
        else {
          const shown = replay.view.players.filter((q) => q.alive && q.role !== null && q.role !== "sheriff");
          if (shown.length > 0) note(`spectator replay of ${gameId} shows ${JSON.stringify(shown)}`);
        }
      }
      const list = await http(`${srv.url}/api/games?status=running`);
      for (const v of checkFrame(JSON.stringify(list.body), "nobody").violations) note(`games list: ${v}`);
    }

    async function runLane(lane: number): Promise<void> {
      const seats = lanes[lane]!;
      for (let round = 0; started < GAMES; round++) {
        started++;
        // The host turns, so that seats and roles vary; bot kinds mix, so that play varies.
        const order = seats.map((_, i) => seats[(i + round) % SEATS]!);
        const { gameId } = await startTable(order, { seats: SEATS, turnSeconds: 600 });
        const spectator = spectators[lane];
        if (spectator) await spectator.client.spectate(gameId);
        let replayed = false;
        const off = order[0]!.client.on("state", (id, _view, seq) => {
          if (id !== gameId || replayed || seq < 12) return;
          replayed = true;
          void checkReplays(gameId, order[1]!).catch((e: unknown) => note(`replay check failed: ${String(e)}`));
        });
        const seatsPlaying = order.map((p, i) => playSeat<PlayerView>(p, gameId, { kind: (lane + i) % 3 === 0 ? "random" : "heuristic", seed: lane * 1000 + round * 10 + i, timeoutMs: 100_000 }));
        const finals = await Promise.all(seatsPlaying.map((s) => s.done));
        off();
        const winner = JSON.stringify(finals[0]!.winner);
        for (const f of finals) if (JSON.stringify(f.winner) !== winner) note(`game ${gameId}: clients disagree on the winner`);
        winners.set(finals[0]!.winner!.team, (winners.get(finals[0]!.winner!.team) ?? 0) + 1);
        eliminations += finals[0]!.players.filter((q) => !q.alive).length;
        commands += order[0]!.client.lastSeq(gameId) ?? 0;
        for (const s of seatsPlaying) for (const r of s.refusals) note(`game ${gameId}: a command was refused: ${r.code} ${r.message}`);
        for (const p of order) p.client.forget(gameId);
        spectator?.client.forget(gameId);
      }
    }

    const t0 = performance.now();
    await Promise.all(lanes.map((_, lane) => runLane(lane)));
    const seconds = (performance.now() - t0) / 1000;
    console.info(
      `secrets: ${started} games, ${commands} commands, ${eliminations} eliminations, ${frames} frames (${gameFrames} game frames, ${overFrames} at game over), ` +
        `${spectatorFrames} spectator game frames, ${replaysChecked} mid-game replays, winners ${JSON.stringify(Object.fromEntries(winners))}, ${seconds.toFixed(1)} s`,
    );

    expect(violations).toEqual([]);
    expect(started).toBe(GAMES);
    expect([...winners.values()].reduce((a, b) => a + b, 0)).toBe(GAMES);
    // Every player got at least one frame per seq of each of its games: the check saw them all.
    expect(gameFrames).toBeGreaterThanOrEqual(commands * SEATS);
    expect(eliminations).toBeGreaterThan(GAMES);
    expect(replaysChecked).toBeGreaterThan(GAMES);
    expect(spectatorFrames).toBeGreaterThan(GAMES);
    for (const p of players) expect(p.errors).toEqual([]);
  }, 240_000);
});
