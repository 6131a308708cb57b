/**
 * The card game's hidden information (RULES-cards.md E1.3, E1.6, DESIGN invariant 4) through the real
 * server: 200 bot games of 4 to 7 players, two seated SDK clients and a spectator at each table, server
 * bots in the other seats. Every frame each of them receives goes through CardsSecretsChecker
 * (support/cards-secrets.ts): no other player's hand card, no living player's role but the sheriff's
 * before the end, nothing of the draw pile's order. Once a game is over, the replay a player or a
 * spectator fetches gives no seed (it would tell every hand); an admin's does.
 */
import { cards, createGame, playerView, type PlayerView } from "@bang/game-cards";
import { afterAll, describe, expect, it } from "vitest";
import { CardsSecretsChecker } from "./support/cards-secrets.js";
import { runLanes } from "./support/leak-lanes.js";
import { closeAll, replayOf, type Player } from "./support/players.js";
import { ADMIN_TOKEN, useServer } from "./support/server.js";

const GAMES = 200;
const LANES = 12;

describe("the checker itself", () => {
  const created = createGame({ players: ["p0", "p1", "p2", "p3", "p4"].map((id) => ({ id })), seed: 42 });
  if (!created.ok) throw new Error(created.error.message);
  const state = created.state;
  const frame = (view: PlayerView, extra: Record<string, unknown> = {}) => JSON.stringify({ type: "snapshot", gameId: "g", game: "cards", seq: 0, view, ...extra });
  const mine = playerView(state, { kind: "player", id: "p1" });

  it("accepts a player's own view and a spectator's", () => {
    expect(new CardsSecretsChecker("p1").check(frame(mine))).toEqual([]);
    expect(new CardsSecretsChecker(null).check(frame(playerView(state, { kind: "spectator" })))).toEqual([]);
  });

  it("flags another's hand, a secret role, the deck under any key, and another's drawn cards", () => {
    const full = { ...playerView(state, { kind: "admin" }), viewer: { kind: "player", id: "p1" } } as PlayerView;
    const found = new CardsSecretsChecker("p1").check(frame(full));
    expect(found.some((v) => v.includes("hand is shown"))).toBe(true);
    expect(found.some((v) => v.includes("role of living"))).toBe(true);
    expect(new CardsSecretsChecker("p1").check(frame(mine, { deck: state.deck }))).not.toEqual([]);
    const hidden = new CardsSecretsChecker("p1").check(frame(mine, { debug: { pile: state.deck.slice(0, 3) } }));
    expect(hidden.some((v) => v.includes("cannot know"))).toBe(true);
    const drew = { type: "drew", player: "p2", from: "deck", cards: state.deck.slice(0, 2) };
    expect(new CardsSecretsChecker("p1").check(frame(mine, { type: "event", seq: 1, by: "p2", command: { type: "draw" }, events: [drew] })).length).toBeGreaterThan(0);
  });
});

describe(`the card game's secrets over ${GAMES} games`, () => {
  const server = useServer({ backend: "postgresql", disconnectGraceMs: 60_000, env: { REPLAY_RATE_LIMIT: "100000", REPLAY_COLD_RATE_LIMIT: "100000" } });
  let players: Player[] = [];
  afterAll(() => closeAll(players));

  it(`E1.3, E1.6: no frame a player or spectator gets holds another's hand card, a secret role or the deck; finished games' replays give no seed (${GAMES} games, ${LANES} at a time)`, async () => {
    const srv = server();
    const checkers: CardsSecretsChecker[] = [];
    const problems: string[] = [];
    let replays = 0;
    const t0 = performance.now();
    const report = await runLanes({
      url: srv.url,
      game: "cards",
      games: GAMES,
      lanes: LANES,
      seats: { min: cards.seats.min, max: 7 },
      checker: (me) => {
        const c = new CardsSecretsChecker(me);
        checkers.push(c);
        return c;
      },
      async finished(gameId, seated) {
        if (replays >= 20) return;
        replays++;
        for (const token of [seated[0]!.guest.token, ""]) {
          const body = await replayOf<PlayerView>(srv.url, gameId, token);
          if (body.status !== "finished" || body.seed !== null) problems.push(`replay of ${gameId} to ${token ? seated[0]!.id : "a spectator"}: status ${body.status}, seed ${String(body.seed)}`);
          if (body.view.players.some((p) => p.id !== seated[0]!.id && p.hand !== null)) problems.push(`replay of ${gameId}: another's hand`);
        }
        const admin = await replayOf<PlayerView>(srv.url, gameId, ADMIN_TOKEN);
        if (typeof admin.seed !== "string") problems.push(`admin replay of ${gameId} has no seed`);
      },
    });
    players = report.players;
    const seconds = (performance.now() - t0) / 1000;
    const frames = checkers.reduce((n, c) => n + c.frames, 0);
    const over = checkers.reduce((n, c) => n + c.overFrames, 0);
    console.info(`cards secrets: ${report.games} games (seats ${JSON.stringify(Object.fromEntries(report.seatCounts))}), ${frames} game frames (${over} at game over), ${replays} replays, ${seconds.toFixed(1)} s`);

    expect(report.violations).toEqual([]);
    expect(problems).toEqual([]);
    expect(report.games).toBe(GAMES);
    expect([...report.seatCounts.keys()].sort()).toEqual([4, 5, 6, 7]);
    expect(frames).toBeGreaterThan(GAMES * 3 * 50);
    expect(over).toBeGreaterThanOrEqual(GAMES * 3);
    expect(replays).toBe(20);
  }, 300_000);
});
