/**
 * The duel's table logic (apps/web/src/games/dice_duel/duel.ts) against the duel's rules (RULES.md
 * part D, @bang/game-dice-duel): a resolution built by clicks is the one the rules accept, and predicts
 * the hideouts and ammo it leaves.
 */
import { forcedSource } from "@bang/game-core";
import { applyDuelCommand as applyCommand, createDuel, duelLegalActions, duelView, type DuelCommand, type DuelState, type DuelView, type Face } from "@bang/game-dice-duel";
import { describe, expect, it } from "vitest";
import { addCard, changeableDice, duelPrompt, duelResolveCommand, emptyDraft, pickStates, playDraft, setChange, toggleEffectCard, type DuelDraft } from "../../../src/games/dice_duel/duel";
import { describeDuelEvent, duelTurnStart } from "../../../src/games/dice_duel/log";

const names = new Map([
  ["a", "Ann"],
  ["b", "Bob"],
]);

function duel(seed = 1): DuelState {
  const created = createDuel({ players: [{ id: "a" }, { id: "b" }], seed });
  if (!created.ok) throw new Error(created.error.message);
  return created.state;
}

function apply(s: DuelState, c: DuelCommand, dice?: Face[]): DuelState {
  const r = applyCommand(s, c, dice ? forcedSource([{ roll: dice }]) : undefined);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.state;
}

const view = (s: DuelState, id: string): DuelView => duelView(s, { kind: "player", id });
const active = (s: DuelState) => s.players[s.turn]!.id;

/** Clicks the first clickable card until the draft is ready, as a player would. */
function clickThrough(v: DuelView, me: string, draft: DuelDraft): DuelDraft {
  for (let i = 0; i < 12; i++) {
    const need = playDraft(v, me, draft).need;
    if (need.kind === "ready") return draft;
    const next =
      need.kind === "dynamite" ? addCard(v, me, draft, "mine", need.cards[0]!) : need.kind === "shot" ? addCard(v, me, draft, "theirs", need.cards[0]!) : addCard(v, me, draft, "mine", { row: playDraft(v, me, draft).mine.near[need.columns[0]!] ? "far" : "near", column: need.columns[0]! });
    expect(next).not.toBe(draft);
    draft = next;
  }
  throw new Error("the draft never became ready");
}

/** A state in `resolving` for the active player after rolling `dice` and stopping. */
function resolvingWith(dice: Face[], prepare?: (s: DuelState) => void): DuelState {
  let s = duel();
  if (prepare) {
    s = structuredClone(s);
    prepare(s);
  }
  s = apply(s, { type: "roll", by: active(s) }, dice);
  if (s.phase === "rolling") s = apply(s, { type: "stop", by: active(s) });
  expect(s.phase).toBe("resolving");
  return s;
}

describe("duel resolution drafts", () => {
  it("R8.7 a shot is the first unused die of the clicked card's row, and costs 1 ammo", () => {
    const s = resolvingWith(["1", "2", "arrow", "beer", "arrow"]);
    const me = active(s);
    const v = view(s, me);
    const d0 = emptyDraft();
    expect(playDraft(v, me, d0).need).toMatchObject({ kind: "shot", rows: ["near", "far"] });
    const d1 = addCard(v, me, d0, "theirs", { row: "far", column: 2 });
    expect(d1.shots).toEqual([{ die: 1, column: 2 }]);
    // The own hideout is not a shot target; the same far card twice is refused (already destroyed).
    expect(addCard(v, me, d1, "mine", { row: "near", column: 0 })).toBe(d1);
    expect(addCard(v, me, d1, "theirs", { row: "far", column: 2 })).toBe(d1);
    const d2 = addCard(v, me, d1, "theirs", { row: "near", column: 0 });
    const out = playDraft(v, me, d2);
    expect(out.ammo).toBe(v.players.find((p) => p.id === me)!.ammo - 2);
    expect(out.theirs).toEqual({ near: [false, true, true, true], far: [true, true, false, true] });
    expect(out.need.kind).toBe("ready");
    const cmd = duelResolveCommand(v, me, d2)!;
    expect(cmd).toEqual({ type: "resolve", shots: [{ die: 1, column: 2 }, { die: 0, column: 0 }] });
    const after = apply(s, { ...(cmd as DuelCommand), by: me });
    expect(after.players[1 - s.turn]!.hideout).toEqual(out.theirs);
  });

  it("R8.6 an explosion waits for one of the player's own cards before anything else", () => {
    const s = resolvingWith(["dynamite", "dynamite", "dynamite", "1", "arrow"]);
    const me = active(s);
    const v = view(s, me);
    expect(v.exploded).toBe(true);
    expect(duelResolveCommand(v, me, emptyDraft())).toBeNull();
    expect(playDraft(v, me, emptyDraft()).need.kind).toBe("dynamite");
    expect(addCard(v, me, emptyDraft(), "theirs", { row: "near", column: 1 })).toEqual(emptyDraft());
    const d = addCard(v, me, emptyDraft(), "mine", { row: "far", column: 3 });
    expect(d.dynamite).toEqual({ row: "far", column: 3 });
    const ready = clickThrough(v, me, d);
    const after = apply(s, { ...(duelResolveCommand(v, me, ready) as DuelCommand), by: me });
    expect(after.players[s.turn]!.hideout.far[3]).toBe(false);
  });

  it("R8.4 a beer changes another die; shots follow the changed dice; a funding beer cannot be changed", () => {
    const s = resolvingWith(["beer", "beer", "arrow", "arrow", "gatling"]);
    const me = active(s);
    const v = view(s, me);
    let d = setChange(v, emptyDraft(), 0, { die: 4, face: "2" });
    expect(d.changes).toEqual([{ beer: 0, die: 4, face: "2" }]);
    expect(changeableDice(v, d, 1)).toEqual([2, 3, 4].filter((i) => i !== 4));
    // Changing the funding beer 0 with beer 1 is refused.
    expect(setChange(v, d, 1, { die: 0, face: "1" })).toBe(d);
    expect(playDraft(v, me, d).need).toMatchObject({ kind: "shot", rows: ["far"] });
    d = addCard(v, me, d, "theirs", { row: "far", column: 1 });
    const out = playDraft(v, me, d);
    expect(out.dice).toEqual(["beer", "beer", "arrow", "arrow", "2"]);
    const cmd = duelResolveCommand(v, me, clickThrough(v, me, d))!;
    const after = apply(s, { ...(cmd as DuelCommand), by: me });
    expect(after.players[1 - s.turn]!.hideout.far[1]).toBe(false);
    // Removing the change clears the shots (they depended on the die).
    expect(setChange(v, d, 0, null)).toEqual(emptyDraft());
  });

  it("R8.8 a pair of arrows restores a card only in a column where one still stands", () => {
    const s = resolvingWith(["arrow", "arrow", "beer", "gatling", "dynamite"], (st) => {
      const h = st.players[st.turn]!.hideout;
      h.near[0] = false; // column 0: far stands, repairable
      h.near[1] = false;
      h.far[1] = false; // column 1: nothing left, not repairable
    });
    const me = active(s);
    const v = view(s, me);
    expect(playDraft(v, me, emptyDraft()).need).toEqual({ kind: "repair", columns: [0] });
    expect(addCard(v, me, emptyDraft(), "mine", { row: "near", column: 1 })).toEqual(emptyDraft());
    expect(addCard(v, me, emptyDraft(), "mine", { row: "far", column: 0 })).toEqual(emptyDraft()); // standing card
    const d = addCard(v, me, emptyDraft(), "mine", { row: "near", column: 0 });
    expect(d.repairs).toEqual([0]);
    expect(playDraft(v, me, d).mine.near[0]).toBe(true);
    const after = apply(s, { ...(duelResolveCommand(v, me, d) as DuelCommand), by: me });
    expect(after.players[s.turn]!.hideout.near[0]).toBe(true);
  });

  it("R8.5 a molotov burns the row and takes no shot or repair", () => {
    const s = resolvingWith(["beer", "beer", "beer", "dynamite", "1"]);
    const me = active(s);
    const v = view(s, me);
    const out = playDraft(v, me, emptyDraft());
    expect(out.molotov).toBe("near");
    expect(out.need.kind).toBe("ready");
    expect(out.theirs.near).toEqual([false, false, false, false]);
    const after = apply(s, { ...(duelResolveCommand(v, me, emptyDraft()) as DuelCommand), by: me });
    expect(after.players[1 - s.turn]!.hideout.near).toEqual([false, false, false, false]);
  });

  it("R8.2-R8.10 clicked drafts play whole seeded duels: the rules accept each and the draft predicts the hideouts and ammo", () => {
    let resolves = 0;
    for (let seed = 1; seed <= 40; seed++) {
      let s = duel(seed);
      for (let step = 0; step < 400 && s.phase !== "gameOver"; step++) {
        const me = s.phase === "duel" ? s.players[s.duel!.picks.findIndex((p) => p === null)]!.id : active(s);
        const v = view(s, me);
        const legal = duelLegalActions(v, me);
        let cmd: DuelCommand;
        if (legal.kind === "roll") cmd = { type: "roll", by: me };
        else if (legal.kind === "reroll") cmd = step % 3 === 0 ? { type: "reroll", by: me, indexes: legal.rerollable } : { type: "stop", by: me };
        else if (legal.kind === "pick") cmd = { type: "pick", by: me, card: (["sheriff", "outlaw", "renegade"] as const)[(seed + step) % 3]! };
        else if (legal.kind === "effect") {
          let chosen = legal.cards.slice(0, 0);
          for (const c of legal.cards) chosen = toggleEffectCard(chosen, c, legal.cards, legal.count);
          expect(chosen.length).toBe(Math.min(legal.count, legal.cards.length));
          cmd = { type: "effect", by: me, cards: chosen };
        } else if (legal.kind === "resolve") {
          let draft = emptyDraft();
          const beer = legal.beers[0];
          if (beer !== undefined && seed % 2 === 0) draft = setChange(v, draft, beer, { die: changeableDice(v, draft, beer)[0]!, face: "1" });
          draft = clickThrough(v, me, draft);
          const out = playDraft(v, me, draft);
          cmd = { ...(duelResolveCommand(v, me, draft) as DuelCommand), by: me };
          const r = applyCommand(s, cmd);
          expect(r.ok, JSON.stringify(r.ok ? null : r.error)).toBe(true);
          if (!r.ok) return;
          expect(r.state.players[s.turn]!.hideout).toEqual(out.mine);
          expect(r.state.players[1 - s.turn]!.hideout).toEqual(out.theirs);
          expect(r.state.players[s.turn]!.ammo).toBe(out.ammo);
          expect(r.state.phase === "gameOver").toBe(out.ends);
          resolves++;
          s = r.state;
          continue;
        } else throw new Error(`nothing to do in ${s.phase}`);
        s = apply(s, cmd);
      }
      expect(s.phase).toBe("gameOver");
    }
    expect(resolves).toBeGreaterThan(100);
  });
});

describe("duel picks and sentences", () => {
  it("R8.9 the opponent's pick shows as hidden until the reveal; the own pick shows to its author", () => {
    let s = resolvingWith(["gatling", "gatling", "beer", "arrow", "dynamite"]);
    const me = active(s);
    const v0 = view(s, me);
    s = apply(s, { ...(duelResolveCommand(v0, me, clickThrough(v0, me, emptyDraft())) as DuelCommand), by: me });
    expect(s.phase).toBe("duel");
    const other = s.players[1 - s.turn]!.id;
    s = apply(s, { type: "pick", by: me, card: "sheriff" });
    expect(pickStates(view(s, me)).find((p) => p.player === me)!.state).toBe("sheriff");
    expect(pickStates(view(s, other)).find((p) => p.player === me)!.state).toBe("hidden");
    expect(pickStates(duelView(s, { kind: "spectator" })).map((p) => p.state).sort()).toEqual(["hidden", "waiting"]);
    expect(duelPrompt(view(s, other), other, names)).toBe("Duel! Pick a card in secret: your opponent started, so their card takes effect unless yours blocks it.");
    expect(duelPrompt(view(s, me), me, names)).toContain("Waiting for the other pick");
    const r = applyCommand(s, { type: "pick", by: other, card: "renegade" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const revealed = r.events.find((e) => e.type === "duelRevealed")!;
    expect(describeDuelEvent(revealed, names)).toMatch(/^Cards shown: (Ann|Bob) the (sheriff|renegade), (Ann|Bob) the (sheriff|renegade): (Ann|Bob)'s card (is blocked|takes effect)\.$/);
    const picked = r.events.find((e) => e.type === "duelPicked")!;
    expect(describeDuelEvent(picked, names)).not.toMatch(/sheriff|outlaw|renegade/);
    // The throws read as in the dice game (the same five dice, R8.2).
    expect(describeDuelEvent({ type: "turnStarted", player: "b", turn: 4 }, names)).toBe("Turn 4: Bob plays.");
    expect(duelTurnStart({ type: "turnStarted", player: "b", turn: 4 } as { type: string }, names)).toBe("Turn 4 · Bob");
    expect(duelTurnStart(picked, names)).toBeNull();
    expect(describeDuelEvent({ type: "cardDestroyed", player: "b", row: "near", column: 2, cause: "shot", by: "a" }, names)).toBe("Ann destroys Bob's near card in column 3 with a shot.");
    expect(describeDuelEvent({ type: "cardRestored", player: "a", row: "far", column: 0, cause: "arrows" }, names)).toBe("Ann restores their far card in column 1 (a pair of arrows).");
    expect(describeDuelEvent({ type: "rollingEnded", player: "a", dice: ["1", "2", "beer", "arrow", "dynamite"] }, names)).toBe("Ann keeps Bull's eye 1, Bull's eye 2, Beer, Arrow, Dynamite.");
  });

  it("R8.9 an effect selection keeps at most `count` allowed cards and toggles", () => {
    const allowed = [{ row: "near", column: 0 }, { row: "far", column: 1 }, { row: "far", column: 2 }] as const;
    let sel = toggleEffectCard([], allowed[0], allowed, 2);
    sel = toggleEffectCard(sel, { row: "near", column: 3 }, allowed, 2);
    expect(sel).toEqual([allowed[0]]);
    sel = toggleEffectCard(toggleEffectCard(sel, allowed[1], allowed, 2), allowed[2], allowed, 2);
    expect(sel).toEqual([allowed[0], allowed[1]]);
    expect(toggleEffectCard(sel, allowed[0], allowed, 2)).toEqual([allowed[1]]);
  });
});
