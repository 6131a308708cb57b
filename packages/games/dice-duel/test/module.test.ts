/**
 * The duel as a module (module.ts): what the server, the protocol, ratings and tournaments read of it
 * without knowing the game. Every view of whole bot duels, for every viewer kind, passes the module's
 * own view schema; events and the bots' commands pass theirs; `toAct` is the view's `waitingFor` (both
 * players at once during a duel, R8.9); `result` ranks both seats at the end (R8.10); `onTimeout` gives
 * `pickTimeout` only for a player who has not picked in a duel; `viewEvent` hides an unrevealed pick's
 * card from everyone but its author and admins; states survive JSON.
 */
import { describe, expect, it } from "vitest";
import { playMatch, replaySteps, type Bot, type Viewer } from "@bang/game-core";
import { diceDuel, type DuelCommand, type DuelState, type DuelView } from "../src/index.js";
import { card, dplay, droll, duel, pick, rolled } from "./rules/helpers.js";

const players = [{ id: "a" }, { id: "b" }];
const viewers: Viewer[] = [{ kind: "player", id: "a" }, { kind: "player", id: "b" }, { kind: "spectator" }, { kind: "admin" }];

/** A bot that lets its picks time out half the time (the server then sends onTimeout's command). */
function sometimesTimingOut(inner: Bot<DuelView, DuelCommand>, seed: number): Bot<DuelView, DuelCommand> {
  let n = seed;
  return { kind: inner.kind, choose: (view, me) => (view.phase === "duel" && n++ % 2 === 0 ? { type: "pickTimeout", by: me } : inner.choose(view, me)) };
}

/** A whole bot duel: its steps (state and events after each command) and its commands. */
function botDuel(seed: number) {
  const { log } = playMatch(diceDuel, { players, seed }, (id) => sometimesTimingOut(diceDuel.bots[seed % 2 ? "heuristic" : "random"](seed * 4 + id.charCodeAt(0)), seed));
  return { steps: replaySteps(diceDuel, log), commands: log.entries.map((e) => e.command) };
}

/** a's turn ends in a duel (two gatling, R8.9). */
const inDuel = (): DuelState => rolled(duel(), ["gatling", "gatling", "dynamite", "arrow", "dynamite"]);

describe("the dice_duel module", () => {
  it("declares its identity: id dice_duel, 2 seats, legacy name duel, pickTimeout a server command", () => {
    expect(diceDuel.id).toBe("dice_duel");
    expect(diceDuel.seats).toEqual({ min: 2, max: 2 });
    expect(diceDuel.legacyNames).toEqual(["duel"]);
    expect(diceDuel.serverCommands).toEqual(["pickTimeout"]);
    expect(diceDuel.refusals).toContain("ALREADY_PICKED");
    expect(diceDuel.schemas.options.safeParse({}).success).toBe(true);
    expect(diceDuel.schemas.options.safeParse({ hideouts: 2 }).success).toBe(false);
    expect(diceDuel.setupFor({ players: ["x", "y"], seed: 3, options: {} })).toEqual({ players: [{ id: "x" }, { id: "y" }], seed: 3, seeding: "mixed" });
  });

  it("every view of whole bot duels (each seat, a spectator, an admin) passes schemas.view; events pass schemas.event; bot commands pass schemas.command, the server's pickTimeout never does", () => {
    let timeouts = 0;
    for (let seed = 0; seed < 30; seed++) {
      const { steps, commands } = botDuel(seed);
      for (const [i, { state, events }] of steps.entries()) {
        for (const viewer of viewers) {
          const view = diceDuel.view(state, viewer);
          const parsed = diceDuel.schemas.view.safeParse(view);
          expect(parsed.success, `seed ${seed} step ${i}: ${parsed.error?.message}`).toBe(true);
          expect(view.waitingFor).toEqual(diceDuel.toAct(state));
        }
        for (const event of events) expect(diceDuel.schemas.event.safeParse(event).success, JSON.stringify(event)).toBe(true);
      }
      for (const { by: _by, ...wire } of commands) {
        // A client's command passes the schema; the server's own (its timer's) is no client's.
        const server = diceDuel.serverCommands.includes(wire.type);
        expect(diceDuel.schemas.command.safeParse(wire).success, JSON.stringify(wire)).toBe(!server);
        if (server) timeouts++;
      }
    }
    expect(timeouts).toBeGreaterThan(0);
  });

  it("R8.9 toAct names both players during a duel until each picked, else the active player, nobody at the end", () => {
    const s = inDuel();
    expect(diceDuel.toAct(s)).toEqual(["a", "b"]);
    expect(diceDuel.toAct(dplay(s, pick("b", "outlaw")).state)).toEqual(["a"]);
    expect(diceDuel.toAct(duel())).toEqual(["a"]);
    const { steps } = botDuel(4);
    expect(diceDuel.toAct(steps.at(-1)!.state)).toEqual([]);
  });

  it("R8.10 result is null until the duel is over, then the winner alone at place 1 (1 point), the loser at place 2 (0)", () => {
    for (let seed = 0; seed < 40; seed++) {
      const { steps } = botDuel(seed);
      for (const { state } of steps.slice(0, -1)) expect(diceDuel.result(state)).toBeNull();
      const last = steps.at(-1)!.state;
      const winner = last.winner!.players[0]!;
      const loser = winner === "a" ? "b" : "a";
      expect(diceDuel.result(last)).toEqual({
        winner: { team: "duel", players: [winner] },
        ranking: [
          { team: winner, players: [winner], place: 1 },
          { team: loser, players: [loser], place: 2 },
        ],
        scores: { [winner]: 1, [loser]: 0 },
      });
    }
  });

  it("R8.9 onTimeout gives pickTimeout only to a player who has not picked in a duel, and the rules accept it", () => {
    const s = inDuel();
    expect(diceDuel.onTimeout(s, "a")).toEqual({ type: "pickTimeout" });
    expect(diceDuel.onTimeout(s, "b")).toEqual({ type: "pickTimeout" });
    const picked = dplay(s, pick("a", "outlaw")).state;
    expect(diceDuel.onTimeout(picked, "a")).toBeNull();
    expect(diceDuel.onTimeout(picked, "b")).toEqual({ type: "pickTimeout" });
    expect(diceDuel.apply(picked, { ...diceDuel.onTimeout(picked, "b")!, by: "b" } as DuelCommand).ok).toBe(true);
    expect(diceDuel.onTimeout(duel(), "a")).toBeNull(); // rolling
    expect(diceDuel.onTimeout(s, "nobody")).toBeNull();
    // Along whole bot duels: exactly the unpicked seats of a duel phase.
    for (let seed = 0; seed < 10; seed++) {
      for (const { state } of botDuel(seed).steps) {
        state.players.forEach((p, seat) => {
          const unpicked = state.phase === "duel" && state.duel !== null && state.duel.picks[seat] === null;
          expect(diceDuel.onTimeout(state, p.id)).toEqual(unpicked ? { type: "pickTimeout" } : null);
        });
      }
    }
  });

  it("R8.9 viewEvent hides an unrevealed pick's card from the opponent and spectators, not from its author and admins; the reveal shows it to all", () => {
    const s = inDuel();
    const command: DuelCommand = { type: "pick", by: "a", card: "sheriff" };
    const first = dplay(s, command);
    const step = { command, events: first.events, state: first.state };
    expect(diceDuel.viewEvent(step, { kind: "player", id: "b" })).toEqual({ command: { type: "pick" }, events: [{ type: "duelPicked", player: "a", timedOut: false }] });
    expect(diceDuel.viewEvent(step, { kind: "spectator" })).toEqual({ command: { type: "pick" }, events: first.events });
    expect(diceDuel.viewEvent(step, { kind: "player", id: "a" })).toEqual({ command: { type: "pick", card: "sheriff" }, events: first.events });
    expect(diceDuel.viewEvent(step, { kind: "admin" })).toEqual({ command: { type: "pick", card: "sheriff" }, events: first.events });
    const second: DuelCommand = { type: "pick", by: "b", card: "renegade" };
    const revealed = dplay(first.state, second);
    for (const viewer of viewers) {
      expect(diceDuel.viewEvent({ command: second, events: revealed.events, state: revealed.state }, viewer).command).toEqual({ type: "pick", card: "renegade" });
    }
    // Other commands are shown as they are, without `by`.
    const roll = droll("b");
    expect(diceDuel.viewEvent({ command: roll, events: [], state: duel() }, { kind: "spectator" })).toEqual({ command: { type: "roll" }, events: [] });
  });

  it("R8.9 along whole bot duels, no shown step carries a pending pick's card to anyone but its author and admins", () => {
    for (let seed = 0; seed < 20; seed++) {
      const { steps, commands } = botDuel(seed);
      commands.forEach((command, i) => {
        const { state, events } = steps[i + 1]!;
        const pending = command.type === "pick" && state.phase === "duel" && state.duel!.picks[state.players.findIndex((p) => p.id === command.by)] !== null;
        for (const viewer of viewers) {
          const shown = diceDuel.viewEvent({ command, events, state }, viewer);
          const sees = viewer.kind === "admin" || (viewer.kind === "player" && viewer.id === command.by);
          if (pending && !sees) expect(shown.command).not.toHaveProperty("card");
          else if (command.type === "pick") expect(shown.command).toEqual({ type: "pick", card: command.card });
          expect(shown.events).toEqual(events);
        }
      });
    }
  });

  it("summary gives the phase, the turn number and each seat's cards and ammo; facets are empty", () => {
    const s = duel({ b: { ammo: 1, destroyed: [card("near", 0), card("far", 3)] } });
    expect(diceDuel.summary(s)).toEqual({ phase: "rolling", turn: 1, seats: { a: { out: false, status: "8/8 cards, 3 ammo" }, b: { out: false, status: "6/8 cards, 1 ammo" } } });
    expect(diceDuel.facets(s)).toEqual({ a: {}, b: {} });
    const over = botDuel(2).steps.at(-1)!.state;
    const loser = over.players.find((p) => p.id !== over.winner!.players[0])!.id;
    expect(diceDuel.summary(over).phase).toBe("gameOver");
    expect(diceDuel.summary(over).seats[loser]).toMatchObject({ out: true, status: expect.stringMatching(/^0\/8 cards/) });
  });

  it("every state of whole bot duels survives a JSON round trip (boardgame.io's serialisable check)", () => {
    for (let seed = 0; seed < 12; seed++) {
      for (const { state, events } of botDuel(seed).steps) {
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
        expect(JSON.parse(JSON.stringify(events))).toEqual(events);
      }
    }
  });
});
