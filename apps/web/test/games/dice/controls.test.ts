/**
 * Every legal action that the module lists for a state can be made through the dice game's table
 * controls (apps/web/src/games/dice/controls.ts), each by clicks that send exactly that command, and
 * the controls never offer anything the module refuses. The states come from whole seeded games played
 * by the module's bots, with all 16 characters (part B) among the seats and 3-player games (part C).
 */
import { createBotRng, type Bot } from "@bang/game-core";
import { applyCommand, CHARACTERS, createGame, createHeuristicBot, createRandomBot, dice, legalActions, playerView, type Character, type Command, type GameState, type LegalActions, type PlayerView } from "@bang/game-dice";
import { describe, expect, it } from "vitest";
import { applyInput, diceControls, initialDraft, offers, type DiceCommand, type DiceDraft, type DiceInput } from "../../../src/games/dice/controls";

/** At most this many legal commands of one state are driven through the controls (a deterministic sample beyond). */
const PER_STATE = 40;
const names = new Map<string, string>();

/** Every subset of `items`, in order. */
const subsets = <T>(items: readonly T[]): T[][] => items.reduce<T[][]>((all, x) => [...all, ...all.map((s) => [...s, x])], [[]]);

/** Every list of `k` of `choices` (a cartesian power), as a lazy product. */
function product<T>(lists: readonly (readonly T[])[]): T[][] {
  return lists.reduce<T[][]>((acc, list) => acc.flatMap((a) => list.map((x) => [...a, x])), [[]]);
}

/** C7: every multiset of discards, in seat order, of at most `max` arrows, nobody beyond what they hold. */
function discardSets(view: PlayerView, players: readonly { id: string; arrows: number }[], max: number): string[][] {
  const seats = view.players.map((p) => p.id).filter((id) => players.some((p) => p.id === id));
  const out: string[][] = [];
  const walk = (i: number, acc: string[]) => {
    if (i === seats.length) return void out.push(acc);
    const holds = players.find((p) => p.id === seats[i])!.arrows;
    for (let n = 0; n <= Math.min(holds, max - acc.length); n++) walk(i + 1, [...acc, ...Array.from({ length: n }, () => seats[i]!)]);
  };
  walk(0, []);
  return out;
}

/**
 * The commands the module's `legalActions` lists, one per distinct choice (R2.1, R2.2, R3.3, R3.7, R3.9,
 * C1, C7, C12, C13): heal targets, roll, every non-empty reroll subset and stop, every resolution
 * (targets, Slab's double with each beer, Kit's discards in seat order), every answer of Bart.
 */
function legalCommands(view: PlayerView, legal: LegalActions): DiceCommand[] {
  switch (legal.kind) {
    case "none":
      return [];
    case "heal":
      return legal.targets.map((target) => ({ type: "heal", target }));
    case "roll":
      return [{ type: "roll" }];
    case "reroll":
      return [...subsets(legal.rerollable).filter((s) => s.length > 0).map((indexes) => ({ type: "reroll" as const, indexes })), { type: "stop" }];
    case "react":
      return Array.from({ length: legal.max + 1 }, (_, arrows) => ({ type: "react" as const, arrows }));
    case "resolve": {
      const slabs: ({ beer: number; shot: number } | null)[] = [null, ...(legal.slab ? product([legal.slab.beers, legal.slab.shots]).map(([beer, shot]) => ({ beer: beer!, shot: shot! })) : [])];
      const discards = legal.arrowDiscards ? discardSets(view, legal.arrowDiscards.players, legal.arrowDiscards.max) : [[]];
      const out: DiceCommand[] = [];
      for (const slab of slabs) {
        const beers = legal.beers.filter((b) => b.die !== slab?.beer);
        for (const shotTargets of product(legal.shots.map((s) => s.targets)))
          for (const beerTargets of product(beers.map((b) => b.targets)))
            for (const arrowDiscards of discards) {
              const c: DiceCommand = { type: "resolve", shots: legal.shots.map((s, i) => ({ die: s.die, target: shotTargets[i]! })), beers: beers.map((b, i) => ({ die: b.die, target: beerTargets[i]! })) };
              if (slab) c.slab = slab;
              if (arrowDiscards.length > 0) c.arrowDiscards = arrowDiscards;
              out.push(c);
            }
      }
      return out;
    }
  }
}

/** Clicks `input` on the controls of `draft`, failing unless the controls offer it. */
function click(view: PlayerView, me: string, draft: DiceDraft, input: DiceInput): DiceDraft {
  const ctl = diceControls(view, me, draft, names);
  expect(offers(ctl, input), `${JSON.stringify(input)} is offered`).toBe(true);
  return applyInput(draft, input);
}

/** Makes `want` with the controls as a player would, and returns what the matching button sends. */
function reach(view: PlayerView, me: string, want: DiceCommand): DiceCommand | null {
  let d = initialDraft(view, me);
  const sends = () => diceControls(view, me, d, names).sends;
  switch (want.type) {
    case "heal":
    case "roll":
    case "stop":
    case "react":
      return sends().find((s) => JSON.stringify(s.command) === JSON.stringify(want))?.command ?? null;
    case "reroll": {
      const legal = legalActions(view, me) as Extract<LegalActions, { kind: "reroll" }>;
      for (const die of legal.rerollable) if (!want.indexes.includes(die)) d = click(view, me, d, { kind: "keep", die });
      return sends().find((s) => s.id === "reroll")!.command;
    }
    case "resolve": {
      if (want.slab) {
        d = click(view, me, d, { kind: "double", shot: want.slab.shot });
        const giveUp: DiceInput = { kind: "giveUp", beer: want.slab.beer };
        if (diceControls(view, me, d, names).inputs.some((i) => i.kind === "giveUp")) d = click(view, me, d, giveUp);
      }
      for (const t of [...want.shots, ...want.beers]) {
        const row = diceControls(view, me, d, names).rows.find((r) => r.die === t.die)!;
        if (row.target !== t.target) d = click(view, me, d, { kind: "target", die: t.die, player: t.target });
      }
      for (const player of want.arrowDiscards ?? []) d = click(view, me, d, { kind: "discard", player, change: 1 });
      return sends().find((s) => s.id === "resolve")!.command;
    }
  }
}

/** The inputs a draft may meet on a random walk through the controls. */
function walk(state: GameState, view: PlayerView, me: string, rng: ReturnType<typeof createBotRng>, steps: number): void {
  let d = initialDraft(view, me);
  for (let k = 0; k <= steps; k++) {
    const ctl = diceControls(view, me, d, names);
    checkOffer(state, view, me, ctl);
    if (ctl.inputs.length === 0) return;
    d = applyInput(d, rng.pick(ctl.inputs));
  }
}

/** Nothing not legal is offered: every enabled send is accepted by the module, and a click is offered only where there is a choice. */
function checkOffer(state: GameState, view: PlayerView, me: string, ctl: ReturnType<typeof diceControls>): void {
  for (const s of ctl.sends) {
    if (!s.command) continue;
    const r = applyCommand(state, { ...s.command, by: me } as Command);
    expect(r.ok, `${s.id} ${JSON.stringify(s.command)}: ${r.ok ? "" : r.error.message}`).toBe(true);
  }
  const legal = ctl.legal;
  for (const input of ctl.inputs) {
    if (input.kind === "keep") expect(legal.kind === "reroll" && legal.rerollable.includes(input.die)).toBe(true);
    if (input.kind === "target") {
      expect(legal.kind).toBe("resolve");
      const options = legal.kind === "resolve" ? [...legal.shots, ...legal.beers].find((x) => x.die === input.die)!.targets : [];
      expect(options).toContain(input.player);
      expect(options.length, "a target choice only with two or more targets").toBeGreaterThan(1);
    }
    if (input.kind === "double" || input.kind === "giveUp") expect(legal.kind === "resolve" && legal.slab !== null).toBe(true);
    if (input.kind === "giveUp") expect(legal.kind === "resolve" && legal.slab!.beers.length).toBeGreaterThan(1);
    if (input.kind === "discard") expect(legal.kind === "resolve" && legal.arrowDiscards?.players.some((p) => p.id === input.player)).toBe(true);
  }
}

/** A seeded sample of `items` (all of them when few). */
function sample<T>(items: readonly T[], n: number, rng: ReturnType<typeof createBotRng>): T[] {
  if (items.length <= n) return [...items];
  const pool = [...items];
  return Array.from({ length: n }, () => pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
}

interface Seen {
  states: number;
  driven: number;
  resolvers: Set<Character>;
  slab: number;
  discards: number;
  kinds: Set<string>;
  threePlayer: number;
}

/** Plays one seeded game with the module's bots, checking the controls at every decision. */
function playGame(players: { id: string; character?: Character }[], seed: number, seen: Seen): void {
  const created = createGame({ players, seed });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  const bots = new Map<string, Bot<PlayerView, Command>>(players.map((p, i) => [p.id, (seed + i) % 2 === 0 ? createHeuristicBot(seed * 31 + i) : createRandomBot(seed * 17 + i)]));
  const rng = createBotRng(seed);
  for (let step = 0; step < 3_000 && state.phase !== "gameOver"; step++) {
    const me = dice.toAct(state)[0]!;
    const view = playerView(state, { kind: "player", id: me });
    const legal = legalActions(view, me);
    seen.states++;
    seen.kinds.add(legal.kind);
    if (players.length === 3) seen.threePlayer++;
    const all = legalCommands(view, legal);
    for (const want of sample(all, PER_STATE, rng)) {
      const r = applyCommand(state, { ...want, by: me } as Command);
      expect(r.ok, `the module accepts the listed ${JSON.stringify(want)}`).toBe(true);
      expect(reach(view, me, want), `reach ${JSON.stringify(want)}`).toEqual(want);
      seen.driven++;
      if (want.type === "resolve" && want.slab) seen.slab++;
      if (want.type === "resolve" && want.arrowDiscards) seen.discards++;
    }
    if (legal.kind === "resolve") seen.resolvers.add(view.players.find((p) => p.id === me)!.character);
    walk(state, view, me, rng, 12);
    // Nobody else is offered anything.
    const other = state.players.find((p) => p.id !== me)!.id;
    const ctl = diceControls(playerView(state, { kind: "player", id: other }), other, initialDraft(view, other), names);
    expect(ctl.inputs.length + ctl.sends.length).toBe(0);
    const r = applyCommand(state, bots.get(me)!.choose(view, me));
    if (!r.ok) throw new Error(`bot: ${r.error.message}`);
    state = r.state;
  }
  expect(state.phase).toBe("gameOver");
}

describe("the dice game's controls", () => {
  it("R2.1 R2.2 R2.3 R3.3 R3.7 R3.9 C1 C7 C12 C13 R7.1: every legal action that the module lists for a state can be made through the table's controls, sending exactly that command, and nothing not legal is offered", () => {
    const seen: Seen = { states: 0, driven: 0, resolvers: new Set(), slab: 0, discards: 0, kinds: new Set(), threePlayer: 0 };
    const half = (k: number) => CHARACTERS.slice(k * 8, k * 8 + 8);
    let seed = 1;
    // Every character seated (two casts of 8), twice each; then dealt tables of 3 to 7.
    for (let round = 0; round < 2; round++)
      for (const cast of [half(0), half(1)]) playGame(cast.map((character, i) => ({ id: `p${i}`, character })), seed++, seen);
    for (const n of [3, 3, 4, 5, 6, 7]) playGame(Array.from({ length: n }, (_, i) => ({ id: `p${i}` })), seed++, seen);
    expect([...seen.resolvers].sort()).toEqual([...CHARACTERS].sort());
    expect([...seen.kinds].sort()).toEqual(["heal", "none", "react", "reroll", "resolve", "roll"].filter((k) => k !== "none").sort());
    expect(seen.slab).toBeGreaterThan(0);
    expect(seen.discards).toBeGreaterThan(0);
    expect(seen.threePlayer).toBeGreaterThan(0);
    console.log(`dice controls: ${seen.states} states, ${seen.driven} legal commands made by clicks (${seen.slab} with Slab's double, ${seen.discards} with Kit's discards)`);
  });

  it("R3.7 C5: beers start on the viewer only while the viewer can still gain life from them (no beer aimed at a full life), counting Jesse Jones's double", () => {
    const roles = ["outlaw", "sheriff", "renegade", "outlaw"] as const;
    const players: { id: string; character?: Character; role: (typeof roles)[number] }[] = [{ id: "a", character: "jesse_jones", role: roles[0] }, { id: "b", role: roles[1] }, { id: "c", role: roles[2] }, { id: "d", role: roles[3] }];
    const created = createGame({ players, seed: 5 });
    if (!created.ok) throw new Error(created.error.message);
    const s: GameState = structuredClone(created.state);
    Object.assign(s, { turn: 0, phase: "resolving", dice: ["beer", "beer", "beer", "beer", "beer"], rolls: 3, healPending: false });
    const a = s.players[0]!;
    expect(a.maxLife).toBe(9);
    const at = (life: number) => {
      a.life = life;
      const view = playerView(s, { kind: "player", id: "a" });
      return { view, targets: initialDraft(view, "a").targets };
    };
    // 7 of 9: two beers fill him; the other three wait for the player's choice.
    expect(at(7).targets).toEqual({ 0: "a", 1: "a" });
    // 4 of 9: 4 -> 6 (C5: 2 at 4 or less) -> 7 -> 8 -> 9: four beers, not five.
    expect(Object.keys(at(4).targets)).toHaveLength(4);
    // Full life: no beer starts aimed, so Resolve waits for a choice (R3.9).
    const full = at(9).view;
    const ctl = diceControls(full, "a", initialDraft(full, "a"), names);
    expect(ctl.rows.every((r) => r.target === null)).toBe(true);
    expect(ctl.sends.find((x) => x.id === "resolve")!.command).toBeNull();
  });
});
