/**
 * Every legal action that the duel module lists for a state can be made through the duel table's
 * controls (apps/web/src/games/dice_duel/controls.ts), each by clicks that send exactly that command,
 * and the controls never offer anything the module refuses. States come from whole seeded duels played
 * by the module's bots. A resolution is listed in the form the cards' clicks build it: changes by beer
 * die, the dice of one row firing in die order (which die of a row fires changes nothing, R8.7), and no
 * change that keeps a die's face.
 */
import { createBotRng, type Bot } from "@bang/game-core";
import { applyDuelCommand, applyChanges, createDuel, createHeuristicDuelBot, createRandomDuelBot, duelLegalActions, duelTargets, duelView, duelPlayersToAct, FACES, repairableColumns, rowOfShot, type BeerChange, type CardRef, type DuelCommand, type DuelLegalActions, type DuelState, type DuelView, type Face, type Hideout } from "@bang/game-dice-duel";
import { describe, expect, it } from "vitest";
import { applyDuelInput, duelControls, emptyDraft, offersDuel, type DuelControlsDraft, type DuelInput, type DuelWire } from "../../../src/games/dice_duel/controls";

const PER_STATE = 40;
const names = new Map<string, string>();
const copy = (h: Hideout): Hideout => ({ near: h.near.slice(), far: h.far.slice() });
const standing = (h: Hideout) => [...h.near, ...h.far].filter(Boolean).length;
const subsets = <T>(items: readonly T[]): T[][] => items.reduce<T[][]>((all, x) => [...all, ...all.map((s) => [...s, x])], [[]]);

/** R8.4: every set of beer changes, by beer die: each funding beer turns another die (not a funding one, each die once) to another face. */
function changeSets(dice: readonly Face[], beers: readonly number[]): BeerChange[][] {
  const out: BeerChange[][] = [];
  const walk = (k: number, acc: BeerChange[]) => {
    if (k === beers.length) return void out.push(acc);
    walk(k + 1, acc);
    const beer = beers[k]!;
    if (acc.some((c) => c.die === beer)) return;
    for (let die = 0; die < dice.length; die++) {
      if (die === beer || acc.some((c) => c.die === die || c.beer === die)) continue;
      for (const face of FACES) if (face !== dice[die]) walk(k + 1, [...acc, { beer, die, face }]);
    }
  };
  walk(0, []);
  // A die changed by an earlier beer may not fund a later change (checked above); nor may a later change hit an earlier funding beer (checked by c.beer === die).
  return out;
}

/** R8.5 to R8.8: every resolution of the listed options, as clicks build it. */
function resolveCommands(view: DuelView, me: string, legal: Extract<DuelLegalActions, { kind: "resolve" }>): DuelWire[] {
  const out: DuelWire[] = [];
  const mine0 = view.players.find((p) => p.id === me)!.hideout;
  const theirs0 = view.players.find((p) => p.id !== me)!.hideout;
  for (const changes of changeSets(view.dice, legal.beers)) {
    const changed = applyChanges(view.dice, changes);
    if ("code" in changed) continue;
    const dice = changed.dice;
    const t = duelTargets(view, me, dice);
    for (const dynamite of t.dynamite ?? [null]) {
      const base: DuelWire = { type: "resolve", ...(changes.length > 0 ? { changes } : {}), ...(dynamite ? { dynamite } : {}) };
      const mine = copy(mine0);
      if (dynamite) mine[dynamite.row][dynamite.column] = false;
      if (standing(mine) === 0 || t.molotov) {
        out.push(base);
        continue;
      }
      const shoot = (theirs: Hideout, ammo: number, used: number[], shots: { die: number; column: number }[]) => {
        const rows = (["near", "far"] as const).filter((row) => ammo > 0 && theirs[row].some(Boolean) && dice.some((f, i) => !used.includes(i) && rowOfShot(f) === row));
        if (rows.length === 0 || standing(theirs) === 0) return repair(copy(mine), standing(theirs) === 0, shots, []);
        for (const row of rows) {
          const die = dice.findIndex((f, i) => !used.includes(i) && rowOfShot(f) === row);
          theirs[row].forEach((up, column) => {
            if (!up) return;
            const next = copy(theirs);
            next[row][column] = false;
            shoot(next, ammo - 1, [...used, die], [...shots, { die, column }]);
          });
        }
      };
      const repair = (own: Hideout, over: boolean, shots: { die: number; column: number }[], repairs: number[]) => {
        const columns = repairableColumns(own);
        if (over || repairs.length === t.pairs || columns.length === 0) {
          out.push({ ...base, ...(shots.length > 0 ? { shots } : {}), ...(repairs.length > 0 ? { repairs } : {}) } as DuelWire);
          return;
        }
        for (const column of columns) {
          const next = copy(own);
          next[own.near[column] ? "far" : "near"][column] = true;
          repair(next, false, shots, [...repairs, column]);
        }
      };
      shoot(copy(theirs0), t.ammo, [], []);
    }
  }
  return out;
}

/** The commands the module lists for `me` (R8.2 to R8.9). */
function legalCommands(view: DuelView, me: string, legal: DuelLegalActions): DuelWire[] {
  switch (legal.kind) {
    case "none":
      return [];
    case "roll":
      return [{ type: "roll" }];
    case "reroll":
      return [...subsets(legal.rerollable).filter((s) => s.length > 0).map((indexes) => ({ type: "reroll" as const, indexes })), { type: "stop" }];
    case "pick":
      return legal.cards.map((card) => ({ type: "pick", card }));
    case "effect": {
      const pairs: CardRef[][] = [];
      const walk = (from: number, acc: CardRef[]) => {
        if (acc.length === Math.min(legal.count, legal.cards.length)) return void pairs.push(acc);
        for (let i = from; i < legal.cards.length; i++) walk(i + 1, [...acc, legal.cards[i]!]);
      };
      walk(0, []);
      return pairs.map((cards) => ({ type: "effect", cards }));
    }
    case "resolve":
      return resolveCommands(view, me, legal);
  }
}

function click(view: DuelView, me: string, d: DuelControlsDraft, input: DuelInput): DuelControlsDraft {
  expect(offersDuel(duelControls(view, me, d, names), input), `${JSON.stringify(input)} is offered`).toBe(true);
  return applyDuelInput(view, me, d, input);
}

/** Makes `want` with the controls as a player would, and returns what the matching button sends. */
function reach(view: DuelView, me: string, want: DuelWire): DuelWire | null {
  let d = emptyDraft();
  const send = (id: string) => duelControls(view, me, d, names).sends.find((s) => s.id === id)?.command ?? null;
  switch (want.type) {
    case "roll":
    case "stop":
      return send(want.type);
    case "pick":
      return send(`pick-${want.card}`);
    case "reroll": {
      const legal = duelLegalActions(view, me) as Extract<DuelLegalActions, { kind: "reroll" }>;
      for (const die of legal.rerollable) if (!want.indexes.includes(die)) d = click(view, me, d, { kind: "keep", die });
      return send("reroll");
    }
    case "effect": {
      const side = (duelLegalActions(view, me) as Extract<DuelLegalActions, { kind: "effect" }>).card === "sheriff" ? "mine" : "theirs";
      for (const c of want.cards) d = click(view, me, d, { kind: "card", side, row: c.row, column: c.column });
      return send("effect");
    }
    case "resolve": {
      for (const c of want.changes ?? []) d = click(view, me, d, { kind: "change", beer: c.beer, die: c.die, face: c.face });
      if (want.dynamite) d = click(view, me, d, { kind: "card", side: "mine", ...want.dynamite });
      const dice = duelControls(view, me, d, names).outcome!.dice;
      for (const s of want.shots ?? []) d = click(view, me, d, { kind: "card", side: "theirs", row: rowOfShot(dice[s.die]!)!, column: s.column });
      for (const column of want.repairs ?? []) {
        const mine = duelControls(view, me, d, names).outcome!.mine;
        d = click(view, me, d, { kind: "card", side: "mine", row: mine.near[column] ? "far" : "near", column });
      }
      return send("resolve");
    }
    case "pickTimeout":
      return null;
  }
}

/** Nothing not legal is offered: every enabled send is accepted by the module; a card is offered only when clicking it changes the draft. */
function checkOffer(state: DuelState, view: DuelView, me: string, d: DuelControlsDraft): void {
  const ctl = duelControls(view, me, d, names);
  for (const s of ctl.sends) {
    if (!s.command) continue;
    const r = applyDuelCommand(state, { ...s.command, by: me } as DuelCommand);
    expect(r.ok, `${s.id} ${JSON.stringify(s.command)}: ${r.ok ? "" : r.error.message}`).toBe(true);
  }
  for (const input of ctl.inputs) expect(JSON.stringify(applyDuelInput(view, me, d, input)), `${JSON.stringify(input)} changes something in ${JSON.stringify(d)} (dice ${view.dice})`).not.toBe(JSON.stringify(d));
}

function sample<T>(items: readonly T[], n: number, rng: ReturnType<typeof createBotRng>): T[] {
  if (items.length <= n) return [...items];
  const pool = [...items];
  return Array.from({ length: n }, () => pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
}

describe("the duel's controls", () => {
  it("R8.2 R8.4 R8.5 R8.6 R8.7 R8.8 R8.9: every legal action that the module lists for a state can be made through the table's controls, sending exactly that command, and nothing not legal is offered", () => {
    const seen = { states: 0, driven: 0, kinds: new Set<string>(), changes: 0, dynamite: 0, shots: 0, repairs: 0, molotov: 0 };
    for (let seed = 1; seed <= 12; seed++) {
      const created = createDuel({ players: [{ id: "a" }, { id: "b" }], seed });
      if (!created.ok) throw new Error(created.error.message);
      let state = created.state;
      const bots = new Map<string, Bot<DuelView, DuelCommand>>([["a", seed % 2 ? createHeuristicDuelBot(seed) : createRandomDuelBot(seed)], ["b", createRandomDuelBot(seed + 100)]]);
      const rng = createBotRng(seed);
      for (let step = 0; step < 1_500 && state.phase !== "gameOver"; step++) {
        for (const me of duelPlayersToAct(state)) {
          const view = duelView(state, { kind: "player", id: me });
          const legal = duelLegalActions(view, me);
          seen.states++;
          seen.kinds.add(legal.kind);
          for (const want of sample(legalCommands(view, me, legal), PER_STATE, rng)) {
            const r = applyDuelCommand(state, { ...want, by: me } as DuelCommand);
            expect(r.ok, `the module accepts the listed ${JSON.stringify(want)}: ${r.ok ? "" : r.error.message}`).toBe(true);
            expect(reach(view, me, want), `reach ${JSON.stringify(want)}`).toEqual(want);
            seen.driven++;
            if (want.type === "resolve") {
              if (want.changes) seen.changes++;
              if (want.dynamite) seen.dynamite++;
              if (want.shots) seen.shots++;
              if (want.repairs) seen.repairs++;
            }
          }
          // A random walk through the clicks offered.
          let d = emptyDraft();
          for (let k = 0; k < 10; k++) {
            checkOffer(state, view, me, d);
            const inputs = duelControls(view, me, d, names).inputs;
            if (inputs.length === 0) break;
            d = applyDuelInput(view, me, d, rng.pick(inputs));
            if (legal.kind === "resolve" && duelControls(view, me, d, names).outcome?.molotov) seen.molotov++;
          }
        }
        // The player who is not awaited is offered nothing.
        for (const other of state.players.map((p) => p.id).filter((id) => !duelPlayersToAct(state).includes(id))) {
          const ctl = duelControls(duelView(state, { kind: "player", id: other }), other, emptyDraft(), names);
          expect(ctl.inputs.length + ctl.sends.length).toBe(0);
        }
        const me = duelPlayersToAct(state)[0]!;
        const r = applyDuelCommand(state, bots.get(me)!.choose(duelView(state, { kind: "player", id: me }), me));
        if (!r.ok) throw new Error(`bot: ${r.error.message}`);
        state = r.state;
      }
      expect(state.phase).toBe("gameOver");
    }
    expect([...seen.kinds].sort()).toEqual(["effect", "pick", "reroll", "resolve", "roll"]);
    for (const k of ["changes", "dynamite", "shots", "repairs", "molotov"] as const) expect(seen[k], k).toBeGreaterThan(0);
    console.log(`duel controls: ${seen.states} states, ${seen.driven} legal commands made by clicks ${JSON.stringify(seen)}`);
  });
});
