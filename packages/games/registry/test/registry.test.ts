/**
 * The registry of game modules (@bang/games): the one place that names every game. Lookups by id and
 * by a game's earlier names, registration of modules from outside (checked by defineGame, ids unique),
 * and loading modules from files (the server's GAME_MODULES).
 */
import { describe, expect, it } from "vitest";
import { playMatch, type AnyGameModule } from "@bang/game-core";
import { cards } from "@bang/game-cards";
import { cashNGuns } from "@bang/game-cash-n-guns";
import { dice } from "@bang/game-dice";
import { diceDuel } from "@bang/game-dice-duel";
import { findGame, findGameByName, gameById, gameIds, games, loadGameModules, registerGame, UnknownGameError } from "../src/index.js";

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).href;

describe("the registry", () => {
  it("holds the built-in games, dice first", () => {
    expect(gameIds().slice(0, 2)).toEqual(["dice", "dice_duel"]);
    expect(games()[0]).toBe(dice);
    expect(games()[1]).toBe(diceDuel);
  });

  it("findGame gives the module of an id, or undefined", () => {
    expect(findGame("dice")).toBe(dice);
    expect(findGame("dice_duel")).toBe(diceDuel);
    expect(findGame("classic")).toBeUndefined();
    expect(findGame("")).toBeUndefined();
    expect(findGame("DICE")).toBeUndefined();
  });

  it("gameById gives the module, or throws UnknownGameError naming the id and the known ones", () => {
    expect(gameById("dice_duel")).toBe(diceDuel);
    let thrown: unknown;
    try {
      gameById("poker");
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(UnknownGameError);
    expect((thrown as UnknownGameError).game).toBe("poker");
    expect((thrown as Error).name).toBe("UnknownGameError");
    expect((thrown as Error).message).toMatch(/^unknown game "poker" \(one of dice, dice_duel/);
    expect(() => gameById("duel")).toThrow(UnknownGameError);
  });

  it("findGameByName also knows the games' earlier names: classic is dice, duel is dice_duel; cards has none", () => {
    expect(findGameByName("classic")).toBe(dice);
    expect(findGameByName("duel")).toBe(diceDuel);
    expect(findGameByName("dice")).toBe(dice);
    expect(findGameByName("dice_duel")).toBe(diceDuel);
    expect(findGameByName("cards")).toBe(cards);
    expect(findGameByName("cash_n_guns")).toBe(cashNGuns);
    expect(findGameByName("triel")).toBeUndefined();
  });
});

describe("registerGame", () => {
  it("refuses a malformed module (defineGame's check) and a taken id; nothing is registered", () => {
    const before = gameIds();
    expect(() => registerGame({ ...(dice as unknown as AnyGameModule), id: "Not An Id" })).toThrow(/id must be 1 to 32 lower-case letters/);
    expect(() => registerGame({ ...(dice as unknown as AnyGameModule), id: "dice_copy", bots: {} as never })).toThrow(/bots\.heuristic is missing/);
    expect(() => registerGame({ ...(dice as unknown as AnyGameModule), id: "dice_copy", toAct: undefined as never })).toThrow(/toAct is missing/);
    expect(() => registerGame(diceDuel as unknown as AnyGameModule)).toThrow('game "dice_duel" is registered already');
    expect(gameIds()).toEqual(before);
  });

  it("refuses a module whose id is another game's earlier name, or whose earlier name is another game's id or earlier name", () => {
    const before = gameIds();
    const copy = (patch: Partial<AnyGameModule>) => ({ ...(dice as unknown as AnyGameModule), legacyNames: undefined, ...patch });
    expect(() => registerGame(copy({ id: "classic" }))).toThrow('game "classic" is an earlier name of game "dice"');
    expect(() => registerGame(copy({ id: "other", legacyNames: ["dice_duel"] }))).toThrow('the earlier name "dice_duel" of game "other" is taken by game "dice_duel"');
    expect(() => registerGame(copy({ id: "other", legacyNames: ["duel"] }))).toThrow('the earlier name "duel" of game "other" is taken by game "dice_duel"');
    expect(gameIds()).toEqual(before);
    // Old files keep meaning what they meant.
    expect(findGameByName("classic")?.id).toBe("dice");
  });

  it("adds a module under its id, found by findGame and gameById", () => {
    const copy = { ...(dice as unknown as AnyGameModule), id: "dice_again", legacyNames: ["again"] };
    registerGame(copy);
    expect(gameById("dice_again")).toBe(copy);
    expect(findGameByName("again")).toBe(copy);
    expect(gameIds().at(-1)).toBe("dice_again");
    expect(() => registerGame(copy)).toThrow(/registered already/);
  });
});

describe("loadGameModules", () => {
  it("a file exporting a module registers it, and the game plays", async () => {
    const added = await loadGameModules([fixture("coin.mjs")]);
    expect(added.map((m) => m.id)).toEqual(["coin"]);
    const coin = gameById("coin");
    expect(added[0]).toBe(coin);
    const { state, log } = playMatch(coin, { players: [{ id: "x" }, { id: "y" }], seed: 3 }, (id) => coin.bots.random(id.length));
    expect(log.game).toBe("coin");
    expect(coin.result(state)?.ranking.map((side) => side.place)).toEqual([1, 2]);
  });

  it("loading the same module again rejects naming the specifier: its id is taken", async () => {
    await expect(loadGameModules([fixture("coin.mjs")])).rejects.toThrow(`game module ${fixture("coin.mjs")}: game "coin" is registered already`);
  });

  it("a missing file rejects naming the specifier", async () => {
    const missing = fixture("missing.mjs");
    await expect(loadGameModules([missing])).rejects.toThrow(`game module ${missing}: cannot be imported`);
    await expect(loadGameModules(["@bang/no-such-game"])).rejects.toThrow("game module @bang/no-such-game: cannot be imported");
  });

  it("a file that exports no module, or a malformed one, rejects naming the specifier", async () => {
    await expect(loadGameModules([fixture("no-module.mjs")])).rejects.toThrow(`game module ${fixture("no-module.mjs")}: exports no module (default or "module")`);
    await expect(loadGameModules([fixture("bad-module.mjs")])).rejects.toThrow(new RegExp(`^game module ${fixture("bad-module.mjs").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: game module "Bad Game": id must be`));
    expect(findGame("Bad Game")).toBeUndefined();
  });
});
