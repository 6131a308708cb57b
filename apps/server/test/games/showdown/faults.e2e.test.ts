/**
 * A game module's bug stops that game, never the node (a game loaded through GAME_MODULES is code the
 * operator did not write): Showdown with bots that throw (badbot.ts) and with a view that throws once a
 * move was made (badview.ts). The node stays ready and serves its other games, the broken game's
 * players are told (INTERNAL), its commands are refused and change nothing, the fault is logged with
 * the game, a restart does not crash on it, and an admin can end it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { closeAll, connectPlayer, http, listGames, type Player } from "../../support/players.js";
import { ADMIN_TOKEN, useServer } from "../../support/server.js";
import { buildGameModules } from "./build.js";

const FILES = buildGameModules();

describe("a game module that throws", () => {
  const server = useServer({ backend: "pglite", env: { GAME_MODULES: [FILES.module, FILES.badbot, FILES.badview].join(",") } });
  const players: Player[] = [];
  afterAll(() => closeAll(players));
  const ready = async () => (await http(`${server().url}/readyz`)).status;

  it("bots that throw: the game stops, the node serves on, an admin ends the game", async () => {
    const srv = server();
    const ann = await connectPlayer(srv.url, "ann");
    players.push(ann);
    const told: string[] = [];
    ann.client.on("error", (e) => told.push(e.code));
    const created = await ann.client.createTable({ game: "badbot", seats: 2, botKind: "heuristic" });
    await ann.client.fillBots(created.code);
    const gameId = (await ann.client.startGame(created.code)).gameId!;
    await expect.poll(() => srv.output(), { timeout: 10_000 }).toMatch(/the game's module failed while choosing the bot's move/);
    expect(srv.output()).toMatch(new RegExp(`"gameId":"${gameId}","game":"badbot"`));
    expect(await ready()).toBe(200);
    // Its player was told, its commands change nothing.
    await expect.poll(() => told, { timeout: 5_000 }).toContain("INTERNAL");
    await expect(ann.client.send(gameId, { type: "pick", sign: "rock" })).rejects.toMatchObject({ code: "INTERNAL" });
    expect((await listGames(srv.url, "?status=running")).find((g) => g.id === gameId)?.lastSeq).toBe(0);
    // The node's other games go on: a dice table is created and started.
    const dice = await ann.client.createTable({ game: "dice", seats: 3 });
    await ann.client.fillBots(dice.code);
    expect((await ann.client.startGame(dice.code)).gameId).toEqual(expect.any(String));
    // An admin ends the broken game (stored abandoned).
    expect((await http(`${srv.url}/api/admin/games/${gameId}/end`, { method: "POST", token: ADMIN_TOKEN })).status).toBe(200);
    expect((await listGames(srv.url, "?status=abandoned")).map((g) => g.id)).toContain(gameId);
  });

  it("a view that throws after a move: the move is stored, the game stops, a restart does not crash on it", async () => {
    const srv = server();
    const [bea, cid] = [await connectPlayer(srv.url, "bea"), await connectPlayer(srv.url, "cid")];
    players.push(bea, cid);
    const created = await bea.client.createTable({ game: "badview", seats: 2, botsAllowed: false });
    await cid.client.joinTable(created.code);
    await cid.client.setReady(created.code, true);
    const gameId = (await bea.client.startGame(created.code)).gameId!;
    await Promise.all([bea, cid].map((p) => p.client.waitFor((_v, id) => id === gameId, 20_000)));
    const told: string[] = [];
    cid.client.on("error", (e) => told.push(e.code));
    // The move is stored and acknowledged (acknowledged means stored); showing it fails: the game stops.
    await expect(bea.client.send(gameId, { type: "pick", sign: "paper" })).resolves.toMatchObject({ seq: 1 });
    await expect.poll(() => told, { timeout: 5_000 }).toContain("INTERNAL");
    // The log line reaches the test through the server's stdout, after the frame maybe: waited for.
    await expect.poll(() => srv.output(), { timeout: 5_000 }).toMatch(/the game's module failed while showing a move/);
    await expect(cid.client.send(gameId, { type: "pick", sign: "rock" })).rejects.toMatchObject({ code: "INTERNAL" });
    expect(await ready()).toBe(200);

    // After a restart the game is restored (its log replays): once its players' seats go to the bot,
    // the bot's view fails again; the game stops again and the node lives.
    await srv.stop();
    await srv.restart();
    expect(await ready()).toBe(200);
    await expect.poll(() => srv.output().split("--- start 2")[1] ?? "", { timeout: 10_000 }).toMatch(new RegExp(`"gameId":"${gameId}","game":"badview".*the game's module failed while`));
    expect(await ready()).toBe(200);
    expect((await http(`${srv.url}/api/admin/games/${gameId}/end`, { method: "POST", token: ADMIN_TOKEN })).status).toBe(200);
  });
});
