/**
 * The reducer of Ca$h 'n Guns: checks a command (validate.ts, F9.2), applies it to a draft and runs the
 * game on (flow.ts, F9.1) until it waits for a player or is over. Pure.
 */
import { seededSource, type PlayerId, type RandomSource } from "@bang/game-core";
import { afterAim, afterBulletChosen, afterCourage, afterShare } from "./flow.js";
import { putInFront } from "./rules/bullets.js";
import { aimAt, closeHoldUp } from "./rules/hold-up.js";
import { useClip, useFirstAidKit } from "./rules/items.js";
import { playerOf } from "./rules/seats.js";
import { NEW_GODFATHER, type CngApplyResult, type CngCommand, type CngEvent, type CngPlayer, type CngState } from "./types.js";
import { validateCommand } from "./validate.js";

/**
 * A copy of a seat. Its hand, discard and loot are shared with `p`: the rules never change them in
 * place, they replace them (bullets.ts `added`, items.ts, `take` below), which keeps the state `p`
 * belongs to as it was. Written out field by field, not with a spread: spreading a seat that was itself
 * spread made V8 copy it on a slow path, a quarter of a whole bot game's time (the games-per-second bench).
 */
function copySeat(p: CngPlayer): CngPlayer {
  return {
    id: p.id,
    alive: p.alive,
    wounds: p.wounds,
    status: p.status,
    hand: p.hand,
    discard: p.discard,
    loot: p.loot,
    bullet: p.bullet,
    shown: p.shown,
    aimed: p.aimed,
    aim: p.aim,
    courage: p.courage,
    woundedNow: p.woundedNow,
  };
}

/**
 * A copy of `s` whose mutable parts are fresh (the players, the table). The piles, and each seat's
 * hand, discard and loot, are shared: the rules never change them in place, they replace them.
 */
export function draftOf(s: CngState): CngState {
  // Field by field, as copySeat (a spread of the state cost as much as the rest of the copy).
  return {
    stateId: s.stateId,
    round: s.round,
    phase: s.phase,
    players: s.players.map(copySeat),
    godfather: s.godfather,
    piles: s.piles,
    table: s.table.slice(),
    tile: s.tile,
    tileTaker: s.tileTaker,
    order: s.order && { player: s.order.player, previous: s.order.previous },
    shareTurn: s.shareTurn,
    scoring: s.scoring && { totals: { ...s.scoring.totals }, diamondBonus: s.scoring.diamondBonus },
    winner: s.winner && { players: s.winner.players.slice(), reason: s.winner.reason },
    rng: s.rng,
  };
}

/**
 * Who the game waits for (F3.3, F3.5, F3.7: several at once in the simultaneous steps, in seat order,
 * those who have not chosen yet); the Godfather at the privilege, the ordered player at `retarget`,
 * the player whose share it is in `sharing`; nobody at `game_over`.
 */
export function playersToAct(s: CngState): PlayerId[] {
  // One loop per step, no intermediate lists: this runs for every command and every view.
  const out: PlayerId[] = [];
  switch (s.phase) {
    case "bullet_choice":
      for (const p of s.players) if (p.alive && p.bullet === null) out.push(p.id);
      return out;
    case "hold_up":
      for (const p of s.players) if (p.alive && !p.aimed) out.push(p.id);
      return out;
    case "courage":
      for (const p of s.players) if (p.alive && p.courage === null) out.push(p.id);
      return out;
    case "godfather_privilege":
      return [s.godfather];
    case "retarget":
      return s.order ? [s.order.player] : [];
    case "sharing":
      return s.shareTurn ? [s.shareTurn] : [];
    default:
      return [];
  }
}

/**
 * Applies command `c` to `state` and runs the game on; with `stop`, halts in the automatic phases
 * (`card_effects`, `loot`) for the statechart. Returns the refusal (nothing changed) or the new state
 * and its events. Ca$h 'n Guns draws nothing after the deal, so `random` is not used.
 */
export function runCommand(state: CngState, c: CngCommand, stop: boolean): CngApplyResult {
  const error = validateCommand(state, c);
  if (error) return { ok: false, error };
  const s = draftOf(state);
  const ev: CngEvent[] = [];
  const me = playerOf(s, c.by);
  switch (c.type) {
    case "choose_bullet":
      putInFront(me!, c.card);
      ev.push({ type: "bulletChosen", player: c.by });
      afterBulletChosen(s);
      break;
    case "aim":
      aimAt(me!, c.target);
      ev.push({ type: "aimed", player: c.by });
      afterAim(s, ev);
      break;
    case "close_hold_up":
      ev.push({ type: "holdUpClosed", slow: closeHoldUp(s) });
      afterAim(s, ev);
      break;
    case "order_change":
      s.order = { player: c.player, previous: playerOf(s, c.player)!.aim! };
      ev.push({ type: "orderGiven", godfather: c.by, player: c.player });
      s.phase = "retarget";
      break;
    case "pass":
      ev.push({ type: "privilegePassed", godfather: c.by });
      s.phase = "courage";
      break;
    case "retarget":
      me!.aim = c.target;
      ev.push({ type: "retargeted", player: c.by, from: s.order!.previous, target: c.target });
      s.phase = "courage";
      break;
    case "courage":
      me!.courage = c.choice;
      ev.push({ type: "courageChosen", player: c.by });
      afterCourage(s, ev, stop);
      break;
    case "take":
      if (c.card === NEW_GODFATHER) {
        s.tile = "taken";
        s.tileTaker = c.by;
        ev.push({ type: "newGodfatherTaken", player: c.by });
      } else {
        s.table.splice(s.table.indexOf(c.card), 1);
        ev.push({ type: "lootTaken", player: c.by, card: c.card });
        if (c.card === "clip") ev.push(useClip(me!));
        else if (c.card === "first_aid_kit") ev.push(useFirstAidKit(me!));
        else me!.loot = [...me!.loot, c.card];
      }
      afterShare(s, ev, stop, c.by);
      break;
  }
  s.stateId++;
  return { ok: true, state: s, events: ev };
}

/** The module's reducer (F9): applies `c` and runs the game on to the next player's choice or the end. */
export function applyCommand(state: CngState, c: CngCommand, _random: RandomSource = seededSource): CngApplyResult {
  return runCommand(state, c, false);
}
