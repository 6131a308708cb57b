import type { LegalActions } from "../../legal.js";
import { gatlingFires } from "../../rules/dice.js";
import type { PlayerId } from "../../types.js";
import type { PlayerView, SeatView } from "../../view.js";
import type { Table } from "./knowledge.js";

type Resolve = Extract<LegalActions, { kind: "resolve" }>;

/** Bart Cassidy converts hits only at or below this life... */
const BART_LOW_LIFE = 4;
/** ...and only while the pile keeps at least this many arrows after it (R2.5: the last one brings the Indians). */
const BART_PILE_RESERVE = 3;

/**
 * C1: how many of this step's hits Bart Cassidy takes as arrows. All he may (`max`) when the hits could
 * finish him; when his life is low, as many as keep the pile from running nearly empty (an Indian
 * attack costs one life per arrow held, R4.1); otherwise none.
 */
export function bartArrows(view: PlayerView, me: SeatView, max: number): number {
  if (max <= 0) return 0;
  if (me.life <= max) return max;
  if (me.life > BART_LOW_LIFE) return 0;
  return Math.max(0, Math.min(max, view.arrowsInPile - BART_PILE_RESERVE));
}

/**
 * C7: Kit Carlson's arrow discards, at most one per `gatling` die (legal.arrowDiscards.max): his own
 * arrows first unless his Gatling fires (they return anyway, R3.8), then those of the players he cares
 * for, most arrows first. Enemies keep theirs (the Indians will punish them, R4.1). Never more per
 * player than that player holds. Undefined when there is nothing to discard.
 */
export function kitDiscards(t: Table, legal: Resolve): PlayerId[] | undefined {
  const offer = legal.arrowDiscards;
  if (!offer || offer.max === 0) return undefined;
  const ownReturn = gatlingFires(t.view.dice, t.me.character);
  const candidates: { id: PlayerId; arrows: number; weight: number }[] = [];
  for (const holder of offer.players) {
    const seat = t.players.findIndex((p) => p.id === holder.id);
    if (seat === t.meIndex) {
      if (!ownReturn) candidates.push({ id: holder.id, arrows: holder.arrows, weight: 2 });
    } else if (t.care[seat]! > 0) {
      candidates.push({ id: holder.id, arrows: holder.arrows, weight: t.care[seat]! });
    }
  }
  if (candidates.length === 0) return undefined;
  candidates.sort((a, b) => b.weight - a.weight || b.arrows - a.arrows);
  const out: PlayerId[] = [];
  for (const c of candidates) {
    for (let k = 0; k < c.arrows && out.length < offer.max; k++) out.push(c.id);
  }
  return out;
}
