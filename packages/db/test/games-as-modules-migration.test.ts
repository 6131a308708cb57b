import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { playMatch, replay, type GameLog } from "@bang/game-core";
import { dice, createGame, type Command, type GameSetup } from "@bang/game-dice";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCommandLog, locateMigrationsDir, type Database } from "../src/index.js";
import { BACKENDS, createStore, START_TIMEOUT, type Store } from "./support/backends.js";

/** The migration under test: game ids replace the engine's modes, forced dice become draws. */
const MIGRATION = "20261202010000_games_as_modules";

/**
 * A database migrated up to the migration before MIGRATION, filled with rows as the server wrote them
 * before games were modules, then opened with every migration: the stored modes become game ids, a
 * setup loses its `mode`, forced dice become `roll` draws, and a stored game replays to the same end.
 */
describe.each(BACKENDS)("the games-as-modules migration on %s", (backend) => {
  let store: Store;
  let before: string;
  beforeAll(async () => {
    store = await createStore(backend);
    before = await mkdtemp(path.join(os.tmpdir(), "bang-db-before-modules-"));
    await cp(locateMigrationsDir(), before, { recursive: true, filter: (src) => !src.includes(MIGRATION) });
  }, START_TIMEOUT);
  afterAll(async () => {
    await store?.dispose();
    await rm(before, { recursive: true, force: true });
  });

  it("renames classic/duel to dice/dice_duel everywhere, strips setup.mode and old table results' per-seat fields, turns dice into draws, and a stored game replays the same", async () => {
    // A whole dice game played by bots, stored the old way: setup with `mode`, Game.mode "classic".
    const setup: GameSetup = { players: ["a", "b", "c", "d"].map((id) => ({ id })), seed: 7 };
    const match = playMatch(dice, setup, (id) => dice.bots.heuristic(id.charCodeAt(0)));
    const old: Database = await store.open({ migrationsDir: before });
    try {
      expect(old.migrations.applied).not.toContain(MIGRATION);
      await old.prisma.$executeRawUnsafe(
        `INSERT INTO "Game" ("id", "mode", "setup", "updatedAt", "lastSeq") VALUES ('g-dice', 'classic', $1::jsonb, now(), $2), ('g-duel', 'duel', $3::jsonb, now(), 0)`,
        JSON.stringify({ mode: "classic", ...setup }),
        match.log.entries.length,
        JSON.stringify({ mode: "duel", players: [{ id: "x" }, { id: "y" }], seed: 3 }),
      );
      for (const [i, entry] of match.log.entries.entries()) {
        await old.prisma.$executeRawUnsafe(
          `INSERT INTO "CommandLogEntry" ("gameId", "seq", "playerId", "clientCommandId", "command", "dice") VALUES ('g-dice', $1, $2, $3, $4::jsonb, $5::jsonb)`,
          i + 1,
          entry.command.by,
          `c${i + 1}`,
          JSON.stringify(entry.command),
          i === 0 ? JSON.stringify([["arrow", "beer", "1", "2", "gatling"], ["beer"]]) : null,
        );
      }
      await old.prisma.$executeRawUnsafe(`INSERT INTO "Rating" ("playerId", "mode", "mu", "sigma", "ordinal", "updatedAt") VALUES ('p', 'classic', 26, 8, 2, now()), ('p', 'duel', 24, 8, 0, now())`);
      await old.prisma.$executeRawUnsafe(`INSERT INTO "RatingChange" ("id", "playerId", "mode", "gameId", "muBefore", "sigmaBefore", "mu", "sigma", "rank") VALUES ('rc', 'p', 'duel', 'g-duel', 25, 8.3, 24, 8, 2)`);
      await old.prisma.$executeRawUnsafe(`INSERT INTO "RatedGame" ("gameId", "mode", "source") VALUES ('g-dice', 'classic', 'queue')`);
      await old.prisma.$executeRawUnsafe(
        `INSERT INTO "Tournament" ("id", "name", "mode", "tableSize", "format", "rounds", "rated", "noShow", "startsAt", "createdBy", "updatedAt") VALUES ('t', 'Cup', 'duel', 2, 'single_elimination', 1, false, 'bot', now(), 'alice', now())`,
      );
      await old.prisma.$executeRawUnsafe(
        `INSERT INTO "TournamentGame" ("tournamentId", "round", "tableNo", "gameId", "seats", "result") VALUES ('t', 1, 1, 'g-dice', '["a","b","c","d"]', $1::jsonb)`,
        JSON.stringify({ team: "law", points: { a: 6, b: 0 }, roles: { a: "sheriff", b: "outlaw" }, alive: { a: true, b: false }, winners: ["a"] }),
      );
    } finally {
      await old.close();
    }

    const db = await store.open();
    try {
      expect(db.migrations.applied).toEqual([MIGRATION]);
      const games = await db.prisma.game.findMany({ orderBy: { id: "asc" } });
      expect(games.map((g) => [g.id, g.game, g.setup])).toEqual([
        ["g-dice", "dice", setup],
        ["g-duel", "dice_duel", { players: [{ id: "x" }, { id: "y" }], seed: 3 }],
      ]);
      expect((await db.prisma.rating.findMany({ orderBy: { game: "asc" } })).map((r) => [r.game, r.mu])).toEqual([["dice", 26], ["dice_duel", 24]]);
      expect((await db.prisma.ratingChange.findFirstOrThrow()).game).toBe("dice_duel");
      expect((await db.prisma.ratedGame.findFirstOrThrow()).game).toBe("dice");
      expect((await db.prisma.tournament.findFirstOrThrow()).game).toBe("dice_duel");
      // A table result is the module's {team, points, winners}: the first game's per-seat fields are gone.
      expect((await db.prisma.tournamentGame.findFirstOrThrow()).result).toEqual({ team: "law", points: { a: 6, b: 0 }, winners: ["a"] });
      const ratingIndexes = await db.prisma.$queryRaw<{ indexname: string }[]>`SELECT indexname FROM pg_indexes WHERE tablename = 'Rating' ORDER BY indexname`;
      expect(ratingIndexes.map((r) => r.indexname)).toEqual(["Rating_game_ordinal_idx", "Rating_pkey"]);

      const log = createCommandLog(db);
      const stored = await log.loadLog("g-dice");
      expect(stored[0]!.draws).toEqual([{ roll: ["arrow", "beer", "1", "2", "gatling"] }, { roll: ["beer"] }]);
      expect(stored[1]).not.toHaveProperty("draws");

      // The migrated game replays with the dice module exactly as it was played (its seed's dice, not
      // the made-up draws of entry 1, which this check leaves out).
      const gameLog = (await log.loadGameLog("g-dice")) as GameLog<GameSetup, Command>;
      expect(gameLog.game).toBe("dice");
      const seeded = { ...gameLog, entries: gameLog.entries.map((e) => ({ command: e.command })) };
      const states = replay(dice, seeded);
      expect(states.at(-1)).toEqual(match.state);
      expect(createGame(gameLog.setup).ok).toBe(true);
    } finally {
      await db.close();
    }
  }, START_TIMEOUT);
});
