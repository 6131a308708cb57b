/**
 * The generic envelope's game checks (game.ts), with the registry's modules: a command is checked by the
 * module of its game (a command of another game, a field the game does not have, a server-only command:
 * INVALID_MESSAGE naming the field), table options by the game they name (UNKNOWN_GAME, seats out of
 * the game's range, another game's option), and snapshots and events carry the game's id around views
 * that only the game's own schema checks in full.
 */
import { describe, expect, it } from "vitest";
import { forcedSource, type SetupBase } from "@bang/game-core";
import { findGame, gameById, gameIds } from "@bang/games";
import { checkTableOptions, ERROR_CODES, gameView, parseClientMessage, parseGameCommand, parseServerMessage, PROTOCOL_ERROR_CODES, tableOptions } from "../src/index.js";

const dice = gameById("dice");
const duel = gameById("dice_duel");

/** The message of a refused command (INVALID_MESSAGE), for `module`. */
function refused(module: typeof dice, command: unknown): string {
  const parsed = parseGameCommand(module, command);
  if (parsed.ok) throw new Error(`accepted ${JSON.stringify(command)}`);
  expect(parsed.code).toBe("INVALID_MESSAGE");
  return parsed.message;
}

/** checkTableOptions with the registry, after the envelope's schema (defaults filled in). */
const checked = (options: unknown) => checkTableOptions(tableOptions.parse(options), findGame, gameIds);

describe("parseGameCommand", () => {
  it("accepts each game's own commands and keeps their fields", () => {
    for (const [module, command] of [
      [dice, { type: "reroll", indexes: [0, 3] }],
      [dice, { type: "resolve", shots: [{ die: 1, target: "b" }], beers: [], slab: { beer: 2, shot: 1 } }],
      [duel, { type: "resolve", changes: [{ beer: 0, die: 4, face: "1" }], dynamite: { row: "near", column: 0 }, shots: [{ die: 4, column: 3 }], repairs: [1] }],
      [duel, { type: "resolve" }],
      [duel, { type: "pick", card: "renegade" }],
      [duel, { type: "effect", cards: [{ row: "far", column: 0 }, { row: "near", column: 3 }] }],
    ] as const) {
      expect(parseGameCommand(module, command)).toEqual({ ok: true, command });
    }
  });

  it("a dice command for a duel game and a duel command for a dice game are INVALID_MESSAGE naming command.type", () => {
    expect(refused(duel, { type: "heal", target: "b" })).toMatch(/^command\.type: /);
    expect(refused(duel, { type: "react", arrows: 1 })).toMatch(/^command\.type: /);
    expect(refused(dice, { type: "pick", card: "sheriff" })).toMatch(/^command\.type: /);
    expect(refused(dice, { type: "effect", cards: [] })).toMatch(/^command\.type: /);
    // A type both games have, with the other game's fields: refused naming the fields.
    expect(refused(duel, { type: "resolve", shots: [{ die: 1, target: "b" }], beers: [] })).toContain("command.shots[0]");
    expect(refused(dice, { type: "resolve", shots: [{ die: 1, column: 2 }], beers: [] })).toContain("command.shots[0]");
  });

  it("R8.9 the duel's pickTimeout sent by a client is refused naming command.type: the server's timer sends it", () => {
    expect(refused(duel, { type: "pickTimeout" })).toBe("command.type: pickTimeout is sent by the server only");
    // The dice game has no such command at all.
    expect(refused(dice, { type: "pickTimeout" })).toMatch(/^command\.type: /);
    // Nor may a client take the id of a server command (its bots' and timers' ids start with ~).
    const reserved = parseClientMessage(JSON.stringify({ type: "command", id: "~bot:g1:3", gameId: "g1", command: { type: "pickTimeout" } }));
    expect(reserved.ok ? "accepted" : reserved.message).toMatch(/^id: /);
  });

  it("a command of no type of the duel lists the types a client may send, never the server's pickTimeout", () => {
    const message = refused(duel, { type: "heal", target: "b" });
    expect(message).toMatch(/^command\.type: /);
    expect(message).toMatch(/roll/);
    expect(message).not.toMatch(/pickTimeout/);
  });

  it("refuses a bad field of the game's command, naming it under command", () => {
    expect(refused(dice, { type: "reroll", indexes: [7] })).toContain("command.indexes[0]");
    expect(refused(dice, { type: "resolve", beers: [] })).toContain("command.shots");
    expect(refused(duel, { type: "pick", card: "deputy" })).toContain("command.card");
    expect(refused(duel, { type: "pick" })).toContain("command.card");
    expect(refused(duel, { type: "effect", cards: [{ row: "middle", column: 0 }] })).toContain("command.cards[0].row");
    expect(refused(duel, { type: "resolve", shots: [{ die: 1, column: 4 }] })).toContain("command.shots[0]");
    expect(refused(duel, { type: "resolve", repairs: [1, 2, 3] })).toContain("command.repairs");
    expect(refused(dice, null)).toMatch(/^command: /);
  });

  it("refuses a `by` in the command: the server knows who sent it", () => {
    expect(refused(dice, { type: "roll", by: "someone-else" })).toMatch(/by/);
    expect(refused(duel, { type: "pick", card: "outlaw", by: "b" })).toMatch(/by/);
  });
});

describe("table options", () => {
  it("name their game: a table without one is refused by the envelope, naming game", () => {
    const missing = tableOptions.safeParse({ seats: 5 });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(["game"]);
    expect(tableOptions.safeParse({ game: "Dice", seats: 5 }).success).toBe(false);
    expect(tableOptions.parse({ game: "dice_duel", seats: 2 })).toEqual({ game: "dice_duel", seats: 2, botsAllowed: true, botKind: "heuristic", turnSeconds: 60, gameOptions: {} });
    const created = parseClientMessage(JSON.stringify({ type: "createTable", rid: "r1", options: { seats: 4 } }));
    expect(created.ok ? "accepted" : created.message).toMatch(/^options\.game: /);
  });

  it("an unknown game is UNKNOWN_GAME naming options.game and the games there are", () => {
    expect(checked({ game: "poker", seats: 4 })).toEqual({ ok: false, code: "UNKNOWN_GAME", message: 'options.game: unknown game "poker" (one of dice, dice_duel, cards, cash_n_guns)' });
    expect(ERROR_CODES).toContain("UNKNOWN_GAME");
    expect(PROTOCOL_ERROR_CODES).toContain("UNKNOWN_GAME");
  });

  it("R1.1 R8.1 seats out of the game's range are INVALID_MESSAGE naming options.seats: a duel has 2, a dice table 3 to 8", () => {
    expect(checked({ game: "dice_duel", seats: 2 })).toMatchObject({ ok: true, module: duel });
    expect(checked({ game: "dice_duel", seats: 3 })).toEqual({ ok: false, code: "INVALID_MESSAGE", message: "options.seats: a dice_duel table has 2 seats, got 3" });
    expect(checked({ game: "dice", seats: 2 })).toEqual({ ok: false, code: "INVALID_MESSAGE", message: "options.seats: a dice table has 3 to 8 seats, got 2" });
    expect(checked({ game: "dice", seats: 9 })).toMatchObject({ ok: false, code: "INVALID_MESSAGE", message: expect.stringMatching(/^options\.seats: /) });
    for (let seats = 3; seats <= 8; seats++) expect(checked({ game: "dice", seats }).ok).toBe(true);
  });

  it("E1.1 E1.2 a card-game table of 8 seats needs gameOptions.eightPlayers: without it INVALID_MESSAGE naming options.seats and the range", () => {
    expect(checked({ game: "cards", seats: 8 })).toEqual({
      ok: false,
      code: "INVALID_MESSAGE",
      message: "options.seats: a cards table has 4 to 7 seats with these gameOptions (4 to 8 with others), got 8",
    });
    expect(checked({ game: "cards", seats: 8, gameOptions: { eightPlayers: false } })).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
    expect(checked({ game: "cards", seats: 8, gameOptions: { eightPlayers: true } })).toMatchObject({ ok: true, options: { seats: 8, gameOptions: { eightPlayers: true } } });
    for (let seats = 4; seats <= 7; seats++) expect(checked({ game: "cards", seats }).ok).toBe(true);
    // Outside the widest range the message stays the game's whole range.
    expect(checked({ game: "cards", seats: 9, gameOptions: { eightPlayers: true } })).toEqual({ ok: false, code: "INVALID_MESSAGE", message: "options.seats: a cards table has 4 to 8 seats, got 9" });
  });

  it("an option another game owns (or none does) in gameOptions is INVALID_MESSAGE naming it; the game's own options come back parsed", () => {
    const foreign = checked({ game: "dice", seats: 5, gameOptions: { hideouts: 2 } });
    expect(foreign).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
    if (!foreign.ok) expect(foreign.message).toMatch(/^options\.gameOptions: .*"hideouts"/);
    const duelOption = checked({ game: "dice_duel", seats: 2, gameOptions: { arrowsInPile: 9 } });
    expect(duelOption.ok ? "accepted" : duelOption.message).toMatch(/^options\.gameOptions: .*"arrowsInPile"/);
    expect(checked({ game: "dice", seats: 5, gameOptions: {} })).toMatchObject({ ok: true, options: { game: "dice", seats: 5, gameOptions: {} } });
  });
});

describe("snapshots and events carry their game", () => {
  const view = { viewer: { kind: "spectator" }, stateId: 3, waitingFor: ["a"], phase: "rolling" };

  it("a snapshot and an event need the game's id; the view is the game's own beyond viewer, stateId and waitingFor", () => {
    const snapshot = { type: "snapshot", gameId: "g", game: "dice", seq: 0, view };
    expect(parseServerMessage(JSON.stringify(snapshot))).toEqual({ ok: true, message: snapshot });
    const { game: _game, ...anonymous } = snapshot;
    expect(parseServerMessage(JSON.stringify(anonymous))).toMatchObject({ ok: false, code: "INVALID_MESSAGE", message: expect.stringMatching(/^game: /) });
    expect(parseServerMessage(JSON.stringify({ ...snapshot, game: "Dice!" }))).toMatchObject({ ok: false, code: "INVALID_MESSAGE" });
    const event = { type: "event", gameId: "g", game: "dice_duel", seq: 1, by: "a", command: { type: "roll" }, events: [{ type: "diceRolled", player: "a" }], view };
    expect(parseServerMessage(JSON.stringify(event))).toEqual({ ok: true, message: event });
    expect(parseServerMessage(JSON.stringify({ ...event, game: undefined }))).toMatchObject({ ok: false });
  });

  it("a view's waitingFor is always a list (empty at game over)", () => {
    expect(gameView.safeParse({ ...view, waitingFor: [] }).success).toBe(true);
    expect(gameView.safeParse({ ...view, waitingFor: "a" }).success).toBe(false);
    expect(gameView.safeParse({ ...view, waitingFor: null }).success).toBe(false);
    expect(gameView.safeParse({ viewer: { kind: "spectator" }, stateId: 0 }).success).toBe(false);
  });

  it("R8.9 a duel event with a hidden pick parses; the duel view's own schema is strict where the envelope lets extra fields through", () => {
    const created = duel.create({ players: [{ id: "a" }, { id: "b" }], turn: "a" } as SetupBase);
    if (!created.ok) throw new Error(created.error.message);
    // Two gatling dice in the final result start a duel (R8.9).
    const rolled = duel.apply(created.state, { type: "roll", by: "a" }, forcedSource([{ roll: ["gatling", "gatling", "dynamite", "arrow", "dynamite"] }]));
    if (!rolled.ok) throw new Error(rolled.error.message);
    const stopped = duel.apply(rolled.state, { type: "stop", by: "a" });
    if (!stopped.ok) throw new Error(stopped.error.message);
    const state = stopped.state;
    expect(duel.toAct(state)).toEqual(["a", "b"]);
    const command = { type: "pick", by: "a", card: "sheriff" };
    const picked = duel.apply(state, command);
    if (!picked.ok) throw new Error(picked.error.message);
    const viewer = { kind: "player", id: "b" } as const;
    const shown = duel.viewEvent({ command, events: picked.events, state: picked.state }, viewer);
    expect(shown.command).toEqual({ type: "pick" });
    const message = { type: "event", gameId: "g", game: "dice_duel", seq: 3, by: "a", command: shown.command, events: shown.events, view: duel.view(picked.state, viewer) };
    expect(parseServerMessage(JSON.stringify(message))).toMatchObject({ ok: true });
    expect(duel.schemas.view.safeParse(message.view).success).toBe(true);
    const leaked = { ...message, view: { ...message.view, secret: 1 } };
    expect(parseServerMessage(JSON.stringify(leaked))).toMatchObject({ ok: true }); // the envelope passes the game's view through
    expect(duel.schemas.view.safeParse(leaked.view).success).toBe(false); // the game's schema does not
  });
});
