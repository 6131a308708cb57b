import { createBotRng, type Bot, type Seed, type WireCommand } from "@bang/game-core";
import { legalActions } from "../legal.js";
import { explodesDynamite, isHeart, kindOf } from "../rules/deck.js";
import { reachOf } from "../rules/table.js";
import { WEAPON_REACH, type CardId, type Command, type Kind, type PlayerId, type Weapon } from "../types.js";
import type { PlayerView, SeatView } from "../view.js";

/** How much the bot wants to keep a card (higher: keep; phase 3 discards the lowest first). */
const CARD_VALUE: Readonly<Record<string, number>> = { missed: 6, beer: 7, bang: 5, barrel: 6, mustang: 4, scope: 3, panic: 4, cat_balou: 4, wells_fargo: 5, stagecoach: 4, gatling: 4, indians: 4, duel: 3, general_store: 3, saloon: 3, jail: 3, dynamite: 0 };
const value = (card: CardId): number => CARD_VALUE[kindOf(card)] ?? 3;

/**
 * How much `me` wants to hurt seat `p`, by what its role knows (lower is better; Infinity: never): an
 * outlaw aims at the sheriff first; the sheriff at anyone; a deputy never at the sheriff; a renegade at
 * everyone but the sheriff while more than two players are left, then at the sheriff.
 */
export function hostility(view: PlayerView, me: SeatView, p: SeatView): number {
  if (p.id === me.id || !p.alive) return Infinity;
  const alive = view.players.filter((x) => x.alive).length;
  switch (me.role) {
    case "outlaw":
      return p.role === "sheriff" ? 0 : p.role === "outlaw" ? Infinity : 1;
    case "deputy":
      return p.role === "sheriff" ? Infinity : 1;
    case "renegade":
      return p.role === "sheriff" ? (alive > 2 ? Infinity : 0) : 1;
    default:
      return 1;
  }
}

/** Does an attack on every other player hurt `me`'s side more than it helps (a deputy or renegade with a weak sheriff)? */
function spareSheriff(view: PlayerView, me: SeatView): boolean {
  const sheriff = view.players.find((p) => p.role === "sheriff")!;
  if (me.role === "deputy") return sheriff.life <= 2;
  if (me.role === "renegade") return sheriff.life <= 2 && view.players.filter((p) => p.alive).length > 2;
  return false;
}

type Play = Extract<WireCommand<Command>, { type: "play" }>;

/** Phase 2 for the heuristic: the first command of the first priority that has one, else `end`. */
function playTurn(view: PlayerView, me: SeatView, commands: WireCommand<Command>[]): WireCommand<Command> {
  // Each play's kind and each target's hostility are read once, not once per priority and comparison.
  const plays: { c: Play; k: Kind }[] = [];
  for (const c of commands) if (c.type === "play") plays.push({ c, k: kindOf(c.card) });
  const hostilities = new Map<PlayerId, number>();
  const hostilityTo = (id: PlayerId): number => {
    let h = hostilities.get(id);
    if (h === undefined) hostilities.set(id, (h = hostility(view, me, view.players.find((p) => p.id === id)!)));
    return h;
  };
  const hostile = (c: Play) => c.target !== undefined && hostilityTo(c.target) < Infinity;
  const find = (test: (k: Kind, c: Play) => boolean): Play | undefined => plays.find((p) => test(p.k, p.c))?.c;
  /** The first hostile play of the wanted kind with the lowest hostility (a stable sort's first). */
  const best = (test: (k: Kind, c: Play) => boolean): Play | undefined => {
    let chosen: Play | undefined;
    let lowest = Infinity;
    for (const { c, k } of plays) {
      if (!test(k, c) || !hostile(c)) continue;
      const h = hostilityTo(c.target!);
      if (chosen === undefined || h < lowest) [chosen, lowest] = [c, h];
    }
    return chosen;
  };
  const hurt = me.life < me.maxLife;
  const order: (() => WireCommand<Command> | undefined)[] = [
    () => (hurt && view.players.filter((p) => p.alive).length > 2 ? find((k) => k === "beer") : undefined),
    () => find((k) => k === "stagecoach" || k === "wells_fargo"),
    () => find((k) => k === "barrel" || k === "mustang" || k === "scope"),
    () => {
      const reach = reachOf(me);
      return find((k) => k in WEAPON_REACH && WEAPON_REACH[k as Weapon] > reach);
    },
    () => best((k) => k === "jail"),
    () => best((k) => k === "panic" || k === "cat_balou"),
    () => best((k, c) => k === "bang" || c.as === "bang"),
    () => (me.hand!.some((h) => kindOf(h) === "bang") ? best((k) => k === "duel") : undefined),
    () => (spareSheriff(view, me) ? undefined : find((k) => k === "gatling" || k === "indians")),
    () => find((k) => k === "general_store"),
    () => (hurt ? find((k) => k === "saloon") : undefined),
  ];
  for (const option of order) {
    const chosen = option();
    if (chosen) return chosen;
  }
  return { type: "end" };
}

/**
 * The heuristic bot: plays its role (outlaws shoot the sheriff, deputies never hurt him, the renegade
 * waits for the end), answers every shot with a Barrel first and a Missed! next, every Duel and
 * Indians! with a BANG!, saves itself with a Beer (or Sid Ketchum's ability), never drinks a Beer at
 * full life, equips useful blue cards, and in phase 3 throws the cards it values least. Reads only its
 * own view; its generator (seeded with `seed`) breaks the remaining ties.
 */
export function createHeuristicBot(seed: Seed): Bot<PlayerView, Command> {
  const rng = createBotRng(seed);
  return {
    kind: "heuristic",
    choose(view: PlayerView, me: PlayerId): Command {
      const legal = legalActions(view, me);
      const seat = view.players.find((p) => p.id === me)!;
      const hand = seat.hand ?? [];
      const by = <C extends WireCommand<Command>>(c: C) => ({ ...c, by: me }) as Command;
      if (legal.discard) {
        const cards = [...legal.discard.cards].sort((a, b) => value(a) - value(b)).slice(0, legal.discard.count);
        return { type: "discard", by: me, cards };
      }
      if (legal.commands.length === 0) throw new Error(`heuristic bot: the game does not wait for "${me}"`);
      const pending = view.pending;
      const find = (type: string) => legal.commands.find((c) => c.type === type);
      switch (view.phase) {
        case "response": {
          if (pending?.kind === "dying" && !find("respond") && legal.ability) return { type: "ability", by: me, cards: [...hand].sort((a, b) => value(a) - value(b)).slice(0, 2) };
          return by(find("barrel") ?? find("respond") ?? { type: "pass" });
        }
        case "choice": {
          if (pending?.kind === "lucky") {
            const good = legal.commands.find((c) => c.type === "choose" && isHeart(c.card)) ?? legal.commands.find((c) => c.type === "choose" && !explodesDynamite(c.card));
            return by(good ?? legal.commands[0]!);
          }
          const keeps = legal.commands.filter((c): c is Extract<WireCommand<Command>, { type: "keep" }> => c.type === "keep");
          const score = (c: { cards: CardId[] }) => c.cards.reduce((n, x) => n + value(x), 0);
          return by([...keeps].sort((a, b) => score(b) - score(a))[0]!);
        }
        case "generalStore": {
          const picks = legal.commands.filter((c): c is Extract<WireCommand<Command>, { type: "pick" }> => c.type === "pick");
          return by([...picks].sort((a, b) => value(b.card) - value(a.card))[0]!);
        }
        case "play":
          if (legal.ability && seat.life < seat.maxLife - 1 && hand.length >= 4) return { type: "ability", by: me, cards: [...hand].sort((a, b) => value(a) - value(b)).slice(0, 2) };
          return by(playTurn(view, seat, legal.commands));
        default:
          return by(rng.pick(legal.commands));
      }
    },
  };
}
