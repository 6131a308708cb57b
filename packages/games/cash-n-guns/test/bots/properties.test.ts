/**
 * Properties of whole bot games (random-legal and heuristic, 4 to 8 players): loot cards conserved
 * (F1.3), wounds 0..2 while alive and 3 or more once dead (F4.5), hands conserved (F3.4), dead players never act, replay equals live
 * (DESIGN invariant 1), states survive JSON, and no view or event shows another player's secret choice
 * before its reveal or any face-down card ever (F8.4 to F8.9). Violations are collected as messages
 * (one assertion at the end keeps 300 games fast).
 */
import { createGameActor, replay, type Viewer } from "@bang/game-core";
import { describe, expect, it } from "vitest";
import { bulletsConserved, cashNGuns, type CngCommand, type CngEvent, type CngState } from "../../src/index.js";

const GAMES = 300;
/** Games whose every step is checked for leaks and JSON round trips (the costly checks). */
const DEEP_EVERY = 10;
const SECRET_STEPS = ["bullet_choice", "hold_up", "godfather_privilege", "retarget", "courage"];
const inFront = (s: CngState) => SECRET_STEPS.includes(s.phase);

/** The same state with one player's unshown bullet of the other kind (hand or discard adjusted), or null when impossible. */
function flipped(s: CngState, who: string): CngState | null {
  const t = structuredClone(s);
  const p = t.players.find((q) => q.id === who)!;
  if (p.bullet === null || p.shown) return null;
  const other = p.bullet === "click" ? "bang" : "click";
  const field = inFront(t) ? "hand" : "discard";
  const from = p[field];
  if (from[other] === 0) return null;
  // A new count: hands and discards are replaced, never changed in place (states share them).
  p[field] = { ...from, [other]: from[other] - 1, [p.bullet]: from[p.bullet] + 1 };
  p.bullet = other;
  return t;
}

/**
 * F8: what no viewer but `p` may learn about `p`'s secrets after step number `step`; pushes each
 * violation. Every viewer's view and events are checked for every player; the view with one player's
 * hidden card flipped (a player chosen by the step number) must look the same to everyone else.
 */
function leaks(s: CngState, events: CngEvent[], command: CngCommand, step: number, out: string[]): void {
  const viewers: Viewer[] = [{ kind: "spectator" }, ...s.players.map((q) => ({ kind: "player" as const, id: q.id }))];
  const flippedId = s.players[step % s.players.length]!.id;
  const alt = flipped(s, flippedId);
  for (const viewer of viewers) {
    const who = viewer.kind === "player" ? viewer.id : "spectator";
    const view = cashNGuns.view(s, viewer);
    const shown = cashNGuns.viewEvent({ command, events, state: s }, viewer);
    if (alt && who !== flippedId && JSON.stringify(cashNGuns.view(alt, viewer)) !== JSON.stringify(view)) out.push(`${who}'s view depends on ${flippedId}'s hidden card`);
    for (const p of s.players) {
      if (p.id === who) continue;
      const seen = view.players.find((q) => q.id === p.id)!;
      if (!p.shown && seen.bullet !== null && seen.bullet !== "hidden") out.push(`${who} sees ${p.id}'s unshown bullet`);
      if (seen.hand !== null || seen.discard !== null) out.push(`${who} sees ${p.id}'s hand`);
      if ((s.phase === "bullet_choice" || s.phase === "hold_up") && seen.aim !== null && seen.aim !== "hidden") out.push(`${who} sees ${p.id}'s aim early`);
      if (SECRET_STEPS.includes(s.phase) && seen.courage !== null && seen.courage !== "hidden") out.push(`${who} sees ${p.id}'s courage early`);
      for (const e of shown.events) {
        if (!("player" in e) || e.player !== p.id) continue;
        if (e.type === "bulletDiscarded" && e.card !== null) out.push(`${who} sees ${p.id}'s face-down card`);
        if (e.type === "clipResolved") out.push(`${who} sees ${p.id}'s clip outcome`);
      }
      if (command.by === p.id && command.type === "choose_bullet" && "card" in shown.command) out.push(`${who} sees ${p.id}'s chosen card in the command`);
    }
  }
}

/** Plays one bot game with the reducer, checking every step into `out`; returns its setup, commands and final state. */
function botGame(g: number, out: string[]) {
  const n = 4 + (g % 5);
  const setup = { players: "abcdefgh".slice(0, n).split("").map((id) => ({ id })), seed: g * 31 + 1 };
  const created = cashNGuns.create(setup);
  if (!created.ok) throw new Error(created.error.message);
  const bots = new Map(setup.players.map(({ id }) => [id, cashNGuns.bots[(g + id.charCodeAt(0)) % 3 === 0 ? "random" : "heuristic"](g * 13 + id.charCodeAt(0))]));
  const deep = g % DEEP_EVERY === 0;
  let s = created.state;
  let spent = 0;
  const commands: CngCommand[] = [];
  for (let who = cashNGuns.toAct(s)[0]; who !== undefined; who = cashNGuns.toAct(s)[0]) {
    for (const id of cashNGuns.toAct(s)) if (!s.players.find((p) => p.id === id)!.alive) out.push(`game ${g}: dead ${id} must act`);
    const command = bots.get(who)!.choose(cashNGuns.view(s, { kind: "player", id: who }), who);
    const r = cashNGuns.apply(s, command);
    if (!r.ok) throw new Error(`game ${g}: ${JSON.stringify(command)} refused: ${r.error.code}: ${r.error.message}`);
    s = r.state;
    commands.push(command);
    for (const e of r.events) {
      if (e.type === "lootTaken" && (e.card === "clip" || e.card === "first_aid_kit")) spent++;
      if (e.type === "lootDiscarded") spent += e.cards.length;
    }
    const cards = s.table.length + s.piles.reduce((k, pile) => k + pile.length, 0) + s.players.reduce((k, p) => k + p.loot.length, 0) + spent;
    if (cards !== 64) out.push(`game ${g} step ${commands.length}: ${cards} loot cards`);
    for (const p of s.players) {
      if (p.wounds < 0 || p.wounds > 9 /* 2 wounds + 7 bangs */ || p.alive !== p.wounds < 3) out.push(`game ${g}: ${p.id} has ${p.wounds} wounds, alive ${p.alive}`);
      if (!bulletsConserved(p, inFront(s) && p.bullet !== null)) out.push(`game ${g}: ${p.id}'s bullets are not 5 + 3`);
    }
    if (deep) {
      if (JSON.stringify(JSON.parse(JSON.stringify(s))) !== JSON.stringify(s)) out.push(`game ${g}: state does not survive JSON`);
      leaks(s, r.events, command, commands.length, out);
    }
  }
  return { setup, commands, state: s };
}

describe(`${GAMES} bot games of 4 to 8 players`, () => {
  it("F1.3, F3.4, F4.5, F8, invariant 1: loot conserved, wounds below 3 exactly while alive, hands conserved, dead never act, replay = live, JSON round trip, no leak", () => {
    const out: string[] = [];
    const reasons = new Set<string>();
    for (let g = 0; g < GAMES; g++) {
      const { setup, commands, state } = botGame(g, out);
      const replayed = replay(cashNGuns, { game: "cash_n_guns", setup, entries: commands.map((command) => ({ command })) }).at(-1);
      if (JSON.stringify(replayed) !== JSON.stringify(state)) out.push(`game ${g}: replay differs from live`);
      if (g % (DEEP_EVERY * 4) === 0) {
        const created = createGameActor(cashNGuns, setup);
        if (!created.ok) throw new Error(created.error.message);
        for (const c of commands) if (!created.actor.send(c).ok) out.push(`game ${g}: the statechart refused ${JSON.stringify(c)}`);
        expect(created.actor.state).toEqual(state);
        created.actor.stop();
      }
      expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      if (cashNGuns.result(state) === null) out.push(`game ${g}: no result`);
      reasons.add(state.winner!.reason);
    }
    expect(out.slice(0, 20)).toEqual([]);
    expect(reasons.has("richest")).toBe(true);
  });
});
