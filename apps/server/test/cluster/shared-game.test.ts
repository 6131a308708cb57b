/**
 * A cluster node's copy of a game (SharedGame), on its own: fanned-out entries applied with the game
 * module's pure rules, a gap filled from the stored log, per-viewer views (DESIGN 4), resume from a seq, and
 * commands routed to the owner and retried while the game moves between nodes.
 */
import { applyCommand, createGame, dice, playerView, playerToAct, type Command, type GameSetup } from "@bang/game-dice";
import type { ServerMessage, WireServerMessage } from "@bang/protocol";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { SharedGame, type SharedGameContext } from "../../src/cluster/shared-game.js";
import type { Answer } from "../../src/games/types.js";
import type { StoredEntry } from "../../src/persistence/store.js";

const SETUP: GameSetup = { seed: 7, players: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }] };
const SEATS = SETUP.players.map((p, index) => ({ index, playerId: p.id, name: p.id, bot: null }));

/** The first `n` entries of a bot game from SETUP (the stored log a node would load); Infinity: all of it. */
function botLog(n: number): StoredEntry[] {
  const created = createGame(SETUP);
  if (!created.ok) throw new Error("setup");
  let state = created.state;
  const bots = new Map(SETUP.players.map((p, i) => [p.id, dice.bots.heuristic(i + 1)]));
  const out: StoredEntry[] = [];
  for (let seq = 1; seq <= n && state.phase !== "gameOver"; seq++) {
    const who = playerToAct(state)!;
    const command: Command = bots.get(who)!.choose(playerView(state, { kind: "player", id: who }), who);
    const result = applyCommand(state, command);
    if (!result.ok) throw new Error(result.error.code);
    state = result.state;
    out.push({ seq, playerId: who, clientCommandId: `c${seq}`, command, draws: null });
  }
  return out;
}

function context(overrides: Partial<SharedGameContext> = {}): SharedGameContext & { loads: number } {
  const ctx = {
    nodeId: "n1",
    log: silent,
    ownerOf: async () => "n2",
    forward: async (): Promise<Answer | "NOT_OWNER"> => ({ ok: true, seq: 1 }),
    presence: () => undefined,
    loadLog: async () => {
      ctx.loads++;
      return LOG;
    },
    findRefusal: async () => null,
    retryBudgetMs: 300,
    idle: () => undefined,
    loads: 0,
    ...overrides,
  };
  return ctx;
}

const LOG = botLog(12);

/** A logger that drops everything. */
const silent = { level: "silent", fatal() {}, error() {}, warn() {}, info() {}, debug() {}, trace() {}, silent() {}, child: () => silent } as unknown as FastifyBaseLogger;

describe("SharedGame (a node's copy of a game)", () => {
  it("applies fanned-out entries in order, fills a gap from the stored log, and gives each viewer its own view", async () => {
    const ctx = context();
    const game = SharedGame.from({ id: "g", game: "dice", setup: SETUP, seats: SEATS, tableCode: null, entries: LOG.slice(0, 2) }, ctx);
    expect(game.seq).toBe(2);
    const toA: WireServerMessage[] = [];
    const toSpectator: WireServerMessage[] = [];
    game.subscribe({ viewer: { kind: "player", id: "a" }, deliver: (m) => void toA.push(m) });
    game.subscribe({ viewer: { kind: "spectator" }, deliver: (m) => void toSpectator.push(m) });
    game.onChannel({ kind: "entry", seq: 3, command: LOG[2]!.command });
    game.onChannel({ kind: "entry", seq: 2, command: LOG[1]!.command }); // a repeat: ignored
    expect(toA.map((m) => (m as { seq: number }).seq)).toEqual([3]);
    // Entry 6 does not follow 3: the log is reloaded and 4..12 are delivered in order, once.
    game.onChannel({ kind: "entry", seq: 6, command: LOG[5]!.command });
    await expect.poll(() => game.seq).toBe(12);
    expect(ctx.loads).toBe(1);
    expect(toA.map((m) => (m as { seq: number }).seq)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(toSpectator.length).toBe(10);
    // The same state as the rules', and each view is the module's view for that viewer.
    let state = (createGame(SETUP) as { ok: true; state: Parameters<typeof playerView>[0] }).state;
    for (const e of LOG) state = (applyCommand(state, e.command as Command) as { ok: true; state: typeof state }).state;
    expect(game.state).toEqual(state);
    const last = toA.at(-1) as Extract<ServerMessage, { type: "event" }>;
    expect(last.view).toEqual(playerView(state, { kind: "player", id: "a" }));
    expect((toSpectator.at(-1) as Extract<ServerMessage, { type: "event" }>).view).toEqual(playerView(state, { kind: "spectator" }));
    expect(last.view).not.toEqual((toSpectator.at(-1) as Extract<ServerMessage, { type: "event" }>).view); // a's own role
    // Resume: exactly the events after the given seq; none ahead of the game.
    expect(game.missedSince({ kind: "player", id: "a" }, 9)).toEqual(toA.slice(-3));
    expect(game.missedSince({ kind: "player", id: "a" }, 13)).toBeNull();
  });

  it("DESIGN 4: a subscriber that takes view changes (viewChanges) gets its own view's changed keys from the second entry it is shown; rebuilt, they are its whole views", async () => {
    const game = SharedGame.from({ id: "g", game: "dice", setup: SETUP, seats: SEATS, tableCode: null, entries: LOG.slice(0, 2) }, context());
    const changing: WireServerMessage[] = [];
    const whole: WireServerMessage[] = [];
    game.subscribe({ viewer: { kind: "player", id: "a" }, viewChanges: true, deliver: (m) => void changing.push(m) });
    game.subscribe({ viewer: { kind: "player", id: "a" }, deliver: (m) => void whole.push(m) });
    for (const e of LOG.slice(2, 8)) game.onChannel({ kind: "entry", seq: e.seq, command: e.command });
    expect(changing.map((m) => (m as { seq: number }).seq)).toEqual([3, 4, 5, 6, 7, 8]);
    // This copy made no view of seq 2 (no subscriber then): the first event is whole.
    expect(changing[0]).toEqual(whole[0]);
    let view = (whole[0] as Extract<ServerMessage, { type: "event" }>).view as unknown as Record<string, unknown>;
    changing.slice(1).forEach((m, i) => {
      expect(m).toHaveProperty("viewChanges");
      expect(m).not.toHaveProperty("view");
      view = { ...view, ...(m as { viewChanges: Record<string, unknown> }).viewChanges };
      expect(view).toEqual((whole[i + 1] as Extract<ServerMessage, { type: "event" }>).view);
    });
    // An admin's end drops the views kept for the next changes.
    game.ended("over");
    expect(changing.at(-1)).toMatchObject({ type: "error", code: "GAME_ENDED" });
  });

  it("routes a command to the owner; while the game has no owner it retries, then answers RETRY", async () => {
    const sent: string[] = [];
    const routed = SharedGame.from({ id: "g", game: "dice", setup: SETUP, seats: SEATS, tableCode: null, entries: [] }, context({ forward: async (nodeId) => (sent.push(nodeId), { ok: true, seq: 1 }) }));
    expect(await routed.submit("a", "x1", { type: "roll" })).toEqual({ ok: true, seq: 1 });
    expect(sent).toEqual(["n2"]);

    let asks = 0;
    const orphan = SharedGame.from({ id: "g", game: "dice", setup: SETUP, seats: SEATS, tableCode: null, entries: [] }, context({ ownerOf: async () => (asks++, null) }));
    const t0 = performance.now();
    const answer = await orphan.submit("a", "x2", { type: "roll" });
    expect(answer).toMatchObject({ ok: false, code: "RETRY" });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
    expect(asks).toBeGreaterThan(1);

    // An owner that no longer owns the game (NOT_OWNER) is asked again once the new owner is known.
    const owners = ["n2", "n3"];
    const forwarded: string[] = [];
    const moving = SharedGame.from(
      { id: "g", game: "dice", setup: SETUP, seats: SEATS, tableCode: null, entries: [] },
      context({ ownerOf: async () => owners.shift() ?? "n3", forward: async (nodeId) => (forwarded.push(nodeId), nodeId === "n2" ? "NOT_OWNER" : { ok: true, seq: 1 }), retryBudgetMs: 2000 }),
    );
    expect(await moving.submit("a", "x3", { type: "roll" })).toEqual({ ok: true, seq: 1 });
    expect(forwarded).toEqual(["n2", "n3"]);
  });

  it("tells the owner when a player's first socket opens and last closes on this node, not in between", () => {
    const told: { playerId: string; connected: boolean }[] = [];
    const game = SharedGame.from({ id: "g", game: "dice", setup: SETUP, seats: SEATS, tableCode: null, entries: [] }, context({ presence: (_n, m) => void told.push({ playerId: m.playerId, connected: m.connected }) }));
    game.connectionChanged("a", 1);
    game.connectionChanged("a", 1);
    game.connectionChanged("a", -1);
    game.connectionChanged("zz", 1); // not seated: nothing
    game.connectionChanged("a", -1);
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(told).toEqual([
          { playerId: "a", connected: true },
          { playerId: "a", connected: false },
        ]);
        resolve();
      }, 20),
    );
  });

  it("DESIGN 5: a command for a finished game that no node holds is answered at once from the log and the rules, not RETRY after the budget", async () => {
    const whole = botLog(Infinity); // the whole bot game, to its end
    const ctx = context({ ownerOf: async () => null, loadLog: async () => whole, retryBudgetMs: 5_000 });
    const game = SharedGame.from({ id: "g-over", game: "dice", setup: SETUP, seats: SEATS, tableCode: null, entries: whole }, ctx);
    expect(game.over).toBe(true);
    const last = whole.at(-1)!;
    const { by: _by, ...sent } = last.command as Command & { by: string };
    const t0 = performance.now();
    // The last acknowledged command, sent again: its ack again.
    expect(await game.submit(last.playerId, last.clientCommandId, sent as never)).toEqual({ ok: true, seq: last.seq });
    // The same id with another command: COMMAND_ID_REUSED. Another player's use of it: theirs, refused by the rules.
    expect(await game.submit(last.playerId, last.clientCommandId, { type: "roll" })).toMatchObject({ ok: false, code: "COMMAND_ID_REUSED" });
    const other = SEATS.find((s) => s.playerId !== last.playerId)!.playerId;
    const refused = await game.submit(other, last.clientCommandId, { type: "roll" });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? "" : refused.code).not.toMatch(/RETRY|COMMAND_ID_REUSED/);
    expect(await game.submit("stranger", "x", { type: "roll" })).toMatchObject({ ok: false, code: "NOT_SEATED" });
    expect(performance.now() - t0).toBeLessThan(ctx.retryBudgetMs); // no wait for an owner that will never come
  });
});
