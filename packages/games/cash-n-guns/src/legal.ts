import { BULLETS, COURAGE_CHOICES, NEW_GODFATHER, type Bullet, type Courage, type LootCard, type PlayerId } from "./types.js";
import type { CngView } from "./view.js";

/** What a player may do now, read from their own view (the only input bots and UI hints use). */
export type CngLegalActions =
  | { kind: "none" }
  | { kind: "choose_bullet"; cards: Bullet[] }
  | { kind: "aim"; targets: PlayerId[] }
  | { kind: "privilege"; players: PlayerId[] }
  | { kind: "retarget"; targets: PlayerId[] }
  | { kind: "courage"; choices: Courage[] }
  | { kind: "take"; cards: (LootCard | typeof NEW_GODFATHER)[] };

/**
 * F3.3 to F3.7, F5.3: the legal actions of `me` in their view: the kinds of bullet they hold; the
 * other living players to aim at; for the Godfather, the players he may order (F3.6: others who hold
 * someone up and have a different target available; `pass` is always possible); for the ordered player,
 * the new targets (not themselves, not the previous one); the courage choices; for the player whose
 * share it is, each kind of loot on the table and the tile when `available`.
 */
export function legalActions(view: CngView, me: PlayerId): CngLegalActions {
  if (!view.waitingFor.includes(me)) return { kind: "none" };
  const mine = view.players.find((p) => p.id === me);
  const alive = view.players.filter((p) => p.alive);
  switch (view.phase) {
    case "bullet_choice":
      return { kind: "choose_bullet", cards: BULLETS.filter((k) => (mine?.hand?.[k] ?? 0) > 0) };
    case "hold_up":
      return { kind: "aim", targets: alive.filter((p) => p.id !== me).map((p) => p.id) };
    case "godfather_privilege": {
      const players = alive
        .filter((p) => p.id !== view.godfather && typeof p.aim === "string" && p.aim !== "hidden")
        .filter((p) => alive.some((q) => q.id !== p.id && q.id !== p.aim))
        .map((p) => p.id);
      return { kind: "privilege", players };
    }
    case "retarget":
      return { kind: "retarget", targets: alive.filter((p) => p.id !== me && p.id !== view.order?.previous).map((p) => p.id) };
    case "courage":
      return { kind: "courage", choices: [...COURAGE_CHOICES] };
    case "sharing": {
      const cards: (LootCard | typeof NEW_GODFATHER)[] = [...new Set(view.table)];
      if (view.tile === "available") cards.push(NEW_GODFATHER);
      return { kind: "take", cards };
    }
    default:
      return { kind: "none" };
  }
}
