/**
 * Ca$h 'n Guns' hidden information (RULES-cash-n-guns.md F8, DESIGN invariant 4) through the real
 * server: 200 bot games of 4 to 8 players, two seated SDK clients and a spectator at each table, server
 * bots in the other seats. Every frame each of them receives goes through CngSecretsChecker
 * (support/cng-secrets.ts): no bullet, aim or courage choice of another player before its reveal, no
 * face-down card ever, no clip outcome of another player. The "has chosen" frames of a `click` and of
 * a `bang` are the same bytes (F8.4). Once a game is over, the replay a player or a spectator fetches
 * holds no face-down card of another player and no seed (F8.2, F8.8: the seed would tell the unplayed
 * piles and the face-down cards); an admin's replay has both.
 */
import { cashNGuns, type CngEvent, type CngView } from "@bang/game-cash-n-guns";
import { afterAll, describe, expect, it } from "vitest";
import { CngSecretsChecker } from "./support/cng-secrets.js";
import { runLanes } from "./support/leak-lanes.js";
import { closeAll, replayOf, type Player } from "./support/players.js";
import { ADMIN_TOKEN, useServer } from "./support/server.js";

const GAMES = 200;
const LANES = 12;

describe("the checker itself", () => {
  const ids = ["p0", "p1", "p2", "p3"];
  const created = cashNGuns.create({ players: ids.map((id) => ({ id })), seed: 7 });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  for (const [by, card] of [["p0", "bang"], ["p1", "click"]] as const) {
    const r = cashNGuns.apply(state, { type: "choose_bullet", by, card });
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  const frame = (view: CngView, extra: Record<string, unknown> = {}) => JSON.stringify({ type: "event", gameId: "g", game: "cash_n_guns", seq: 2, by: "p1", command: { type: "choose_bullet" }, events: [{ type: "bulletChosen", player: "p1" }], view, ...extra });
  const mine = cashNGuns.view(state, { kind: "player", id: "p2" });

  it("accepts a player's own view, and a chooser's own frame", () => {
    expect(new CngSecretsChecker("p2").check(frame(mine))).toEqual([]);
    const own = cashNGuns.view(state, { kind: "player", id: "p1" });
    expect(new CngSecretsChecker("p1").check(frame(own, { command: { type: "choose_bullet", card: "click" } }))).toEqual([]);
  });

  it("flags another's chosen card in the view, the command or a hidden copy of the state, and a face-down card", () => {
    const admin = { ...cashNGuns.view(state, { kind: "admin" }), viewer: { kind: "player", id: "p2" } } as CngView;
    expect(new CngSecretsChecker("p2").check(frame(admin)).length).toBeGreaterThan(0);
    expect(new CngSecretsChecker("p2").check(frame(mine, { command: { type: "choose_bullet", card: "click" } }))).not.toEqual([]);
    const hidden = new CngSecretsChecker("p2").check(frame(mine, { debug: state.players.map((p) => p.bullet) }));
    expect(hidden.some((v) => v.includes("click/bang"))).toBe(true);
    const faceDown: CngEvent = { type: "bulletDiscarded", player: "p0", card: "bang" };
    expect(new CngSecretsChecker("p2").check(frame(mine, { events: [faceDown] })).some((v) => v.includes("face-down"))).toBe(true);
    expect(new CngSecretsChecker(null).check(JSON.stringify({ type: "error", code: "INTERNAL", message: "p0 holds bang" }))).toEqual([]);
    expect(new CngSecretsChecker(null).check(JSON.stringify({ type: "error", code: "INTERNAL", message: "x", detail: "bang" }))).not.toEqual([]);
  });
});

describe(`Ca$h 'n Guns' secrets over ${GAMES} games`, () => {
  const server = useServer({ backend: "postgresql", disconnectGraceMs: 60_000, env: { REPLAY_RATE_LIMIT: "100000", REPLAY_COLD_RATE_LIMIT: "100000" } });
  let players: Player[] = [];
  afterAll(() => closeAll(players));

  it(`F8.2 to F8.9: no frame and no replay a player or spectator gets holds another's secret; "has chosen" is the same for click and bang (${GAMES} games, ${LANES} at a time)`, async () => {
    const srv = server();
    const checkers: CngSecretsChecker[] = [];
    const chosen = new Map<string, string>(); // `${gameId}#${seq}` -> card, from the seated clients' own acks
    let replays = 0;
    let adminFaceDown = 0;
    const problems: string[] = [];
    const t0 = performance.now();
    const report = await runLanes({
      url: srv.url,
      game: "cash_n_guns",
      games: GAMES,
      lanes: LANES,
      seats: cashNGuns.seats,
      checker: (me) => {
        const c = new CngSecretsChecker(me);
        checkers.push(c);
        return c;
      },
      async finished(gameId, seated, acks) {
        for (const a of acks) if (a.command.type === "choose_bullet") chosen.set(`${gameId}#${a.seq}`, String(a.command.card));
        if (replays >= 40) return;
        replays++;
        // A player's and a spectator's replay of the finished game: no seed, no face-down card of another.
        for (const token of [seated[0]!.guest.token, null]) {
          const me = token ? seated[0]!.id : null;
          const body = token ? await replayOf<CngView>(srv.url, gameId, token) : await replayOf<CngView>(srv.url, gameId, "");
          if (body.status !== "finished") problems.push(`replay of ${gameId}: status ${body.status}`);
          if (body.seed !== null) problems.push(`replay of finished ${gameId} gives its seed to ${me ?? "a spectator"}`);
          for (const e of body.entries) {
            for (const ev of (e as unknown as { events: CngEvent[] }).events) {
              if (ev.type === "bulletDiscarded" && ev.player !== me && ev.card !== null) problems.push(`replay of ${gameId} to ${me ?? "a spectator"}: ${ev.player}'s face-down card`);
              if (ev.type === "clipResolved" && ev.player !== me) problems.push(`replay of ${gameId} to ${me ?? "a spectator"}: ${ev.player}'s clip outcome`);
            }
            if (e.by !== me && e.command.type === "choose_bullet" && "card" in e.command) problems.push(`replay of ${gameId} to ${me ?? "a spectator"}: ${e.by}'s chosen card`);
          }
        }
        // Admins see everything (F8): the seed, and the face-down cards.
        const admin = await replayOf<CngView>(srv.url, gameId, ADMIN_TOKEN);
        if (typeof admin.seed !== "string") problems.push(`admin replay of ${gameId} has no seed`);
        adminFaceDown += admin.entries.flatMap((e) => (e as unknown as { events: CngEvent[] }).events).filter((ev) => ev.type === "bulletDiscarded" && ev.card !== null).length;
      },
    });
    players = report.players;
    const seconds = (performance.now() - t0) / 1000;

    // F8.4: the "has chosen" frames, the chooser's id aside, byte for byte: one text for click and bang alike.
    const revealed = new Map<string, string>();
    for (const c of checkers) for (const [k, v] of c.revealedCards) revealed.set(k, v);
    const byCard = new Map<string, Set<string>>([["click", new Set()], ["bang", new Set()]]);
    let unknownCard = 0;
    for (const c of checkers) {
      for (const a of c.announcements) {
        const card = chosen.get(`${a.gameId}#${a.seq}`) ?? revealed.get(`${a.gameId}#${a.round}#${a.by}`);
        if (card) byCard.get(card)!.add(a.text);
        else unknownCard++;
      }
    }
    const frames = checkers.reduce((n, c) => n + c.frames, 0);
    console.info(
      `cash_n_guns secrets: ${report.games} games (seats ${JSON.stringify(Object.fromEntries(report.seatCounts))}), ${frames} game frames, ` +
        `${replays} finished games' replays, ${adminFaceDown} face-down cards in admin replays, announcements click ${byCard.get("click")!.size} / bang ${byCard.get("bang")!.size} distinct texts (${unknownCard} of unknown card), ${seconds.toFixed(1)} s`,
    );

    expect(report.violations).toEqual([]);
    expect(problems).toEqual([]);
    expect(report.games).toBe(GAMES);
    expect([...report.seatCounts.keys()].sort()).toEqual([4, 5, 6, 7, 8]);
    expect(frames).toBeGreaterThan(GAMES * 3 * 100);
    expect(replays).toBe(40);
    expect(adminFaceDown).toBeGreaterThan(0);
    expect(byCard.get("click")!.size).toBe(1);
    expect([...byCard.get("bang")!]).toEqual([...byCard.get("click")!]);
  }, 300_000);
});
