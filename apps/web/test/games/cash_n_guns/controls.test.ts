/**
 * Every legal action that Ca$h 'n Guns' module lists for a state can be made through the table's
 * controls (apps/web/src/games/cash_n_guns/controls.ts), each by taps that send exactly that command,
 * and the controls never offer anything the module refuses. The states come from whole seeded games of
 * 4 to 8 players played by the module's bots.
 */
import { applyCommand, cngView, legalActions, NEW_GODFATHER, playersToAct, type CngCommand, type CngLegalActions, type CngState } from "@bang/game-cash-n-guns";
import { describe, expect, it } from "vitest";
import { applyInput, cngControls, emptyDraft, offers, type CngDraft, type CngInput, type CngWire } from "../../../src/games/cash_n_guns/controls";
import { playGame } from "./games";

const names = new Map([["p1", "Ann"], ["p2", "Bob"], ["p3", "Cid"], ["p4", "Dan"], ["p5", "Eve"], ["p6", "Fay"], ["p7", "Gus"], ["p8", "Hal"]]);

/** F9: every command the legal actions allow, one per distinct choice. */
function legalCommands(legal: CngLegalActions): CngWire[] {
  switch (legal.kind) {
    case "none":
      return [];
    case "choose_bullet":
      return legal.cards.map((card) => ({ type: "choose_bullet", card }));
    case "aim":
      return legal.targets.map((target) => ({ type: "aim", target }));
    case "privilege":
      return [...legal.players.map((player) => ({ type: "order_change" as const, player })), { type: "pass" }];
    case "retarget":
      return legal.targets.map((target) => ({ type: "retarget", target }));
    case "courage":
      return legal.choices.map((choice) => ({ type: "courage", choice }));
    case "take":
      return legal.cards.map((card) => ({ type: "take", card }));
  }
}

/** The seat a command names, tapped before its confirm (aim, retarget, order). */
const seatOf = (c: CngWire): string | null => (c.type === "aim" || c.type === "retarget" ? c.target : c.type === "order_change" ? c.player : null);

/** Taps `input` on the controls of `draft`, failing unless the controls offer it. */
function tap(state: CngState, me: string, draft: CngDraft, input: CngInput): CngDraft {
  const ctl = cngControls(cngView(state, { kind: "player", id: me }), me, draft, names);
  expect(offers(ctl, input), `${JSON.stringify(input)} is offered`).toBe(true);
  return applyInput(draft, input);
}

/** The module accepts `c` from `me` in `state`. */
function accepted(state: CngState, me: string, c: CngWire): boolean {
  return applyCommand(state, { ...c, by: me } as CngCommand).ok;
}

describe("the controls of Ca$h 'n Guns", () => {
  const games = [4, 5, 6, 7, 8, 4, 5, 8].map((n, i) => playGame(100 + i, n));
  const states = games.flatMap((g) => g.map((s) => s.before));

  it("F9: every legal command of every waiting player is made by the controls' taps and sends exactly it; every enabled button is accepted", () => {
    let made = 0;
    const kinds = new Set<string>();
    for (const state of states) {
      for (const me of playersToAct(state)) {
        const view = cngView(state, { kind: "player", id: me });
        const legal = legalActions(view, me);
        kinds.add(legal.kind);
        for (const command of legalCommands(legal)) {
          const seat = seatOf(command);
          const draft = seat ? tap(state, me, emptyDraft(), { kind: "seat", player: seat }) : emptyDraft();
          const ctl = cngControls(view, me, draft, names);
          expect(ctl.sends.filter((s) => s.command !== null).map((s) => s.command), `${legal.kind} of ${me}`).toContainEqual(command);
          made++;
        }
        // Nothing the controls enable is refused (F9.2), with any seat tapped.
        for (const input of cngControls(view, me, emptyDraft(), names).inputs) {
          for (const s of cngControls(view, me, applyInput(emptyDraft(), input), names).sends) if (s.command) expect(accepted(state, me, s.command), JSON.stringify(s.command)).toBe(true);
        }
        for (const s of cngControls(view, me, emptyDraft(), names).sends) if (s.command) expect(accepted(state, me, s.command), JSON.stringify(s.command)).toBe(true);
      }
    }
    expect(kinds).toEqual(new Set(["choose_bullet", "aim", "privilege", "retarget", "courage", "take"]));
    expect(made).toBeGreaterThan(1_000);
  });

  it("F3.5 F3.6: a seat is offered to tap only as a legal target or player to order; the confirm waits for a tap and a second tap unchooses", () => {
    for (const state of states) {
      for (const me of playersToAct(state)) {
        const view = cngView(state, { kind: "player", id: me });
        const legal = legalActions(view, me);
        const ctl = cngControls(view, me, emptyDraft(), names);
        const seats = ctl.inputs.map((i) => i.player).sort();
        const expected = legal.kind === "aim" || legal.kind === "retarget" ? legal.targets : legal.kind === "privilege" ? legal.players : [];
        expect(seats).toEqual([...expected].sort());
        if (seats.length === 0) continue;
        expect(ctl.seatVerb).toBe(legal.kind === "privilege" ? "Order" : "Aim at");
        // Without a tap the confirm is disabled and says why.
        const confirm = ctl.sends.find((s) => s.id !== "pass")!;
        expect(confirm.command).toBeNull();
        expect(confirm.why).toMatch(/^Tap /);
        const once = applyInput(emptyDraft(), { kind: "seat", player: seats[0]! });
        expect(cngControls(view, me, once, names).chosen).toBe(seats[0]);
        expect(applyInput(once, { kind: "seat", player: seats[0]! })).toEqual(emptyDraft());
      }
    }
  });

  it("F3.3: both bullet cards are always shown; a kind not in hand is disabled and says so", () => {
    let disabled = 0;
    for (const state of states.filter((s) => s.phase === "bullet_choice")) {
      for (const me of playersToAct(state)) {
        const view = cngView(state, { kind: "player", id: me });
        const ctl = cngControls(view, me, emptyDraft(), names);
        expect(ctl.sends.map((s) => s.id)).toEqual(["bullet-click", "bullet-bang"]);
        const hand = view.players.find((p) => p.id === me)!.hand!;
        for (const s of ctl.sends) {
          const kind = s.id === "bullet-click" ? "click" : "bang";
          expect(s.command === null).toBe(hand[kind] === 0);
          expect(s.label).toContain(`(${hand[kind]} left)`);
          if (s.command === null) {
            disabled++;
            expect(s.why).toMatch(/no (Click|Bang!) card left/);
          }
        }
      }
    }
    expect(disabled).toBeGreaterThan(0);
  });

  it("F5.3 F5.5: the share offers one button per kind of loot on the table, and the tile only while it is available", () => {
    for (const state of states.filter((s) => s.phase === "sharing")) {
      const me = state.shareTurn!;
      const ctl = cngControls(cngView(state, { kind: "player", id: me }), me, emptyDraft(), names);
      const takes = ctl.sends.map((s) => (s.command as { card: string }).card);
      expect(new Set(takes.filter((c) => c !== NEW_GODFATHER))).toEqual(new Set(state.table));
      expect(takes.includes(NEW_GODFATHER)).toBe(state.tile === "available");
      expect(new Set(takes).size).toBe(takes.length);
    }
  });

  it("nobody else is offered anything: a spectator and a player the game does not wait for get no tap and no button, only a sentence", () => {
    for (const state of states.slice(0, 400)) {
      const waiting = playersToAct(state);
      for (const p of state.players.filter((q) => !waiting.includes(q.id))) {
        const ctl = cngControls(cngView(state, { kind: "player", id: p.id }), p.id, emptyDraft(), names);
        expect(ctl.inputs).toEqual([]);
        expect(ctl.sends).toEqual([]);
        expect(ctl.prompt.length).toBeGreaterThan(0);
      }
      const watch = cngControls(cngView(state, { kind: "spectator" }), "", emptyDraft(), names);
      expect(watch.sends).toEqual([]);
    }
  });
});
