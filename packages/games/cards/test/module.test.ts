/**
 * The card game as a module (module.ts): what the server reads of it without knowing the game. Views of
 * whole bot games pass the view schema and hide what E1.3 and invariant 4 keep secret; `viewEvent`
 * hides drawn and stolen cards from others; `toAct` is the view's `waitingFor`; `onTimeout` never
 * waits; the statechart takes the same steps as the reducer.
 */
import { createGameActor, forcedSource, playMatch, replaySteps, type Viewer } from "@bang/game-core";
import { describe, expect, it } from "vitest";
import { cards, type GameSetup, type GameState } from "../src/index.js";
import { p, position, run, seats, where } from "./rules/helpers.js";

const table = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));
const viewers = (s: GameState): Viewer[] => [...s.players.map((x) => ({ kind: "player", id: x.id }) as const), { kind: "spectator" }, { kind: "admin" }];

describe("the cards module", () => {
  it("is the game `cards`, 4 to 7 seats (8 with the option), with its refusal codes", () => {
    expect([cards.id, cards.seats, cards.rankedSeats]).toEqual(["cards", { min: 4, max: 8 }, { min: 4, max: 7 }]);
    expect(cards.refusals).toContain("OUT_OF_RANGE");
    expect(cards.schemas.options.safeParse({ eightPlayers: true }).success).toBe(true);
    expect(cards.schemas.options.safeParse({ arrows: 9 }).success).toBe(false);
    const setup = cards.setupFor({ players: table(8).map((x) => x.id), seed: 5, options: { eightPlayers: true } });
    expect(cards.create(setup).ok).toBe(true);
  });

  it("E1.3, invariant 4: every view and event of a bot game passes its schema; hands show to their owner only, the deck to nobody", () => {
    const setup: GameSetup = { players: table(5), seed: 11 };
    const { log } = playMatch(cards, setup, (id) => cards.bots.heuristic(Number(id.slice(1))));
    const steps = replaySteps(cards, log);
    for (const [i, { state, events }] of steps.entries()) {
      if (i > 0) {
        const command = log.entries[i - 1]!.command;
        for (const viewer of viewers(state)) for (const event of cards.viewEvent({ command, events, state }, viewer).events) expect(cards.schemas.event.safeParse(event).success, JSON.stringify(event)).toBe(true);
      }
      if (i % 5 !== 0) continue;
      for (const viewer of viewers(state)) {
        const view = cards.view(state, viewer);
        expect(cards.schemas.view.safeParse(view).success).toBe(true);
        for (const seat of view.players) {
          const own = viewer.kind === "admin" || (viewer.kind === "player" && viewer.id === seat.id);
          expect(seat.hand === null).toBe(!own);
          expect(seat.handSize).toBe(p(state, seat.id).hand.length);
        }
        expect(view).not.toHaveProperty("deck");
        expect(cards.toAct(state)).toEqual(view.waitingFor);
      }
    }
    expect(cards.result(steps.at(-1)!.state)).not.toBeNull();
    expect(cards.result(steps[0]!.state)).toBeNull();
  });

  it("E11.22: a card taken at random from a hand is seen by the two players involved only", () => {
    const s = position({ players: seats({ a: { hand: ["panic_8d"] }, b: { hand: ["beer_6h", "bang_2d"] } }) });
    const step = { command: { type: "play" as const, by: "a", card: "panic_8d", target: "b" }, events: [] as never[], state: s };
    const result = cards.apply(s, step.command, forcedSource([{ pick: "bang_2d" }]));
    if (!result.ok) throw new Error(result.error.message);
    const shown = (viewer: Viewer) => cards.viewEvent({ ...step, events: result.events, state: result.state }, viewer).events.find((e) => e.type === "stolen") as { card: string | null };
    expect(shown({ kind: "player", id: "a" }).card).toBe("bang_2d");
    expect(shown({ kind: "player", id: "b" }).card).toBe("bang_2d");
    expect(shown({ kind: "player", id: "c" }).card).toBeNull();
    expect(shown({ kind: "spectator" }).card).toBeNull();
  });

  it("E10.7: Kit Carlson's three cards show to him alone, in the view and in the events", () => {
    const s = position({ players: seats({ a: { character: "kit_carlson" }, b: { character: "black_jack" } }), phase: "turnStart", deck: ["bang_2d", "beer_6h", "missed_2s", "saloon_5h"] });
    const command = { type: "draw" as const, by: "a" };
    const result = cards.apply(s, command);
    if (!result.ok) throw new Error(result.error.message);
    expect(cards.view(result.state, { kind: "player", id: "a" }).pending?.cards).toEqual(["bang_2d", "beer_6h", "missed_2s"]);
    expect(cards.view(result.state, { kind: "player", id: "b" }).pending?.cards).toEqual([null, null, null]);
    const looked = cards.viewEvent({ command, events: result.events, state: result.state }, { kind: "player", id: "b" }).events.find((e) => e.type === "looked") as { cards: unknown[] };
    expect(looked.cards).toEqual([null, null, null]);
  });

  it("onTimeout: takes the hit, ends phase 2, discards the excess; null for a player the game does not wait for", () => {
    const s = run(position({ players: seats({ a: { hand: ["bang_ad"] }, b: { hand: ["missed_2s"] } }) }), { type: "play", by: "a", card: "bang_ad", target: "b" });
    expect(cards.onTimeout(s, "b")).toEqual({ type: "pass" });
    expect(cards.onTimeout(s, "a")).toBeNull();
    const t = run(s, { ...cards.onTimeout(s, "b")!, by: "b" } as never);
    expect(p(t, "b").life).toBe(3);
    expect(cards.onTimeout(t, "a")).toEqual({ type: "end" });
    const d = run(position({ players: seats({ a: { life: 1, hand: ["bang_ad", "missed_2s", "beer_6h"] } }) }), { type: "end", by: "a" });
    const timeout = cards.onTimeout(d, "a")!;
    expect(timeout).toEqual({ type: "discard", cards: ["missed_2s", "beer_6h"] });
    expect(where(run(d, { ...timeout, by: "a" } as never))).toEqual({ phase: "draw", waitingFor: "b" });
  });

  it("the statechart rests in states named after the phases and refuses with the rules' codes", () => {
    const created = createGameActor(cards, { players: seats({ a: { hand: ["bang_ad"] }, b: { hand: ["missed_2s"] } }), deck: ["beer_6h"], phase: "play" } as GameSetup);
    if (!created.ok) throw new Error(created.error.message);
    const actor = created.actor;
    expect(actor.send({ type: "end", by: "b" }).ok).toBe(false);
    expect(actor.send({ type: "play", by: "a", card: "bang_ad", target: "b" }).ok).toBe(true);
    expect(where(actor.state)).toEqual({ phase: "response", waitingFor: "b" });
    const refusal = actor.send({ type: "draw", by: "b" });
    expect(refusal.ok ? "ok" : refusal.error.code).toBe("WRONG_PHASE");
    expect(actor.send({ type: "respond", by: "b", card: "missed_2s" }).ok).toBe(true);
    expect(where(actor.state)).toEqual({ phase: "play", waitingFor: "a" });
    actor.stop();
  });
});

describe("the statechart over whole games", () => {
  it("bot games played through the XState actor end in the same state as through the reducer", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const setup: GameSetup = { players: table(4 + (seed % 4)), seed };
      const bots = (id: string) => cards.bots[seed % 2 ? "heuristic" : "random"](seed * 7 + Number(id.slice(1)));
      const engine = playMatch(cards, setup, bots);
      const actor = playMatch(cards, setup, bots, { through: "actor" });
      expect(actor.state).toEqual(engine.state);
      expect(actor.log.entries).toEqual(engine.log.entries);
    }
  });
});
