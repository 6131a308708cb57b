/**
 * Every legal command that the card game's module lists for a state can be made through the web table's
 * controls (apps/web/src/games/cards/controls.ts) by clicks (a hand card, a seat, a card in play, the
 * picks of a discard), each sending exactly that command, and the controls never offer anything the
 * module refuses. The states come from whole seeded games of 4 to 7 players played by the module's bots,
 * with all 16 characters (E10) among the seats over the games.
 */
import { createBotRng, type Bot, type WireCommand } from "@bang/game-core";
import { applyCommand, CHARACTERS, createGame, createHeuristicBot, createRandomBot, cards, legalActions, playerView, type Character, type Command, type GameState, type PlayerView } from "@bang/game-cards";
import { describe, expect, it } from "vitest";
import { applyInput, cardsControls, initialDraft, offers, type CardsCommand, type CardsControls, type CardsDraft, type CardsInput } from "../../../src/games/cards/controls";

const names = new Map<string, string>();
/** At most this many legal commands of one state are driven through the controls (a seeded sample beyond). */
const PER_STATE = 30;

/** Every send of the controls: the bar's buttons and the seats' buttons. */
const allSends = (ctl: CardsControls) => [...ctl.sends, ...ctl.seats.flatMap((s) => (s.send ? [s.send] : []))];

/** Clicks `input`, failing unless the controls offer it. */
function click(view: PlayerView, me: string, draft: CardsDraft, input: CardsInput): CardsDraft {
  const ctl = cardsControls(view, me, draft, names);
  expect(offers(ctl, input), `${JSON.stringify(input)} is offered`).toBe(true);
  return applyInput(draft, input);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The commands a player can make with `legal` (E3.4 discards and E10.12 pairs sampled from their shapes). */
function legalCommands(view: PlayerView, me: string, rng: ReturnType<typeof createBotRng>): CardsCommand[] {
  const legal = legalActions(view, me);
  const out: CardsCommand[] = [...legal.commands];
  if (legal.discard) {
    const pool = [...legal.discard.cards];
    out.push({ type: "discard", cards: Array.from({ length: legal.discard.count }, () => pool.splice(rng.int(0, pool.length - 1), 1)[0]!) });
  }
  if (legal.ability) {
    const pool = [...legal.ability.cards];
    out.push({ type: "ability", cards: [pool.splice(rng.int(0, pool.length - 1), 1)[0]!, pool.splice(rng.int(0, pool.length - 1), 1)[0]!] });
  }
  return out;
}

/** Makes `want` with the controls as a player would, and returns what the matching button sends. */
function reach(view: PlayerView, me: string, want: CardsCommand): CardsCommand | null {
  let d = initialDraft();
  const find = () => allSends(cardsControls(view, me, d, names)).find((s) => s.command !== null && same(s.command, want))?.command ?? null;
  switch (want.type) {
    case "play": {
      d = click(view, me, d, { kind: "card", card: want.card });
      if (want.target === undefined) return find();
      const seat = cardsControls(view, me, d, names).seats.find((s) => s.player === want.target);
      if (!seat) return null;
      if (seat.input) d = click(view, me, d, seat.input);
      return find();
    }
    case "discard":
      for (const card of want.cards) d = click(view, me, d, { kind: "pick", card });
      return find();
    case "ability":
      if (view.phase !== "discard") d = click(view, me, d, { kind: "sid" });
      for (const card of want.cards) d = click(view, me, d, { kind: "pick", card });
      return find();
    default:
      return find();
  }
}

/** Nothing illegal is offered: every enabled send is accepted by the module; hand taps only on usable cards. */
function checkOffer(state: GameState, me: string, ctl: CardsControls): void {
  for (const s of allSends(ctl)) {
    if (!s.command) {
      expect(s.why, `${s.id} says why it is disabled`).toBeTruthy();
      continue;
    }
    const r = applyCommand(state, { ...s.command, by: me } as Command);
    expect(r.ok, `${s.id} ${JSON.stringify(s.command)}: ${r.ok ? "" : r.error.message}`).toBe(true);
  }
  for (const h of ctl.hand) if (h.input?.kind === "card") expect(ctl.legal.commands.some((c) => c.type === "play" && c.card === h.card)).toBe(true);
}

/** A random walk through the controls' clicks, checking every offer on the way. */
function walk(state: GameState, view: PlayerView, me: string, rng: ReturnType<typeof createBotRng>, steps: number): void {
  let d = initialDraft();
  for (let k = 0; k <= steps; k++) {
    const ctl = cardsControls(view, me, d, names);
    checkOffer(state, me, ctl);
    if (ctl.inputs.length === 0) return;
    d = applyInput(d, rng.pick(ctl.inputs));
  }
}

function sample<T>(items: readonly T[], n: number, rng: ReturnType<typeof createBotRng>): T[] {
  if (items.length <= n) return [...items];
  const pool = [...items];
  return Array.from({ length: n }, () => pool.splice(rng.int(0, pool.length - 1), 1)[0]!);
}

interface Seen {
  states: number;
  driven: number;
  types: Set<string>;
  pending: Set<string>;
  characters: Set<Character>;
  panicInPlay: number;
}

/** Plays one seeded game with the module's bots, checking the controls at every decision. */
function playGame(n: number, seed: number, characters: Character[], seen: Seen): void {
  const players = Array.from({ length: n }, (_, i) => ({ id: `p${i}`, character: characters[i] }));
  const created = createGame({ players, seed });
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  const bots = new Map<string, Bot<PlayerView, Command>>(players.map((p, i) => [p.id, (seed + i) % 3 === 0 ? createRandomBot(seed * 17 + i) : createHeuristicBot(seed * 31 + i)]));
  const rng = createBotRng(seed);
  for (let step = 0; step < 4_000 && state.winner === null; step++) {
    const me = cards.toAct(state)[0]!;
    const view = playerView(state, { kind: "player", id: me });
    seen.states++;
    if (view.pending) seen.pending.add(view.pending.kind);
    seen.characters.add(view.players.find((p) => p.id === me)!.character);
    for (const want of sample(legalCommands(view, me, rng), PER_STATE, rng)) {
      expect(reach(view, me, want), `reach ${JSON.stringify(want)} in ${view.phase}`).toEqual(want);
      seen.driven++;
      seen.types.add(want.type);
      if (want.type === "play" && want.targetCard !== undefined) seen.panicInPlay++;
    }
    walk(state, view, me, rng, 6);
    // Nobody else is offered anything, and the prompt says whom the game waits for.
    const other = state.players.find((p) => p.id !== me && p.alive)!.id;
    const ctl = cardsControls(playerView(state, { kind: "player", id: other }), other, initialDraft(), names);
    expect(ctl.inputs.length + allSends(ctl).length).toBe(0);
    expect(ctl.prompt).toMatch(/^Waiting: /);
    const r = applyCommand(state, { ...(bots.get(me)!.choose(view, me) as WireCommand<Command>), by: me } as Command);
    if (!r.ok) throw new Error(`bot: ${r.error.message}`);
    state = r.state;
  }
  expect(state.winner).not.toBeNull();
}

describe("the card game's controls", () => {
  it("E3.2 E3.3 E3.4 E5 E6 E7.1 E7.4 E10: every legal command of a state can be made through the table's controls, sending exactly that command, and nothing not legal is offered", () => {
    const seen: Seen = { states: 0, driven: 0, types: new Set(), pending: new Set(), characters: new Set(), panicInPlay: 0 };
    for (let g = 0; g < 8; g++) {
      const n = 4 + (g % 4);
      // Rotate the 16 characters so each one sits at a table.
      const chars = Array.from({ length: n }, (_, i) => CHARACTERS[(g * 5 + i) % CHARACTERS.length]!);
      playGame(n, 100 + g, [...new Set(chars)], seen);
    }
    console.log(`cards controls: ${seen.states} states, ${seen.driven} commands made by clicks`);
    expect(seen.states).toBeGreaterThan(200);
    for (const t of ["draw", "play", "end", "respond", "pass", "discard", "pick"]) expect(seen.types, `a ${t} was driven`).toContain(t);
    for (const k of ["shot", "duel", "indians", "store"]) expect(seen.pending, `a ${k} window was met`).toContain(k);
    expect(seen.characters.size).toBe(16);
    expect(seen.panicInPlay).toBeGreaterThan(0);
  }, 120_000);
});
