import { SetIndex } from "../set-index.js";
import type { RoomSeat } from "./types.js";

/**
 * A map of games by id, also indexed by the people seated in them (bot seats are not indexed). Every
 * hello asks for a player's games: a scan of every game per hello made connecting quadratic in the
 * games a node holds. `seatsOf` gives a value's seats, which must not change while it is in the map.
 */
export class SeatedMap<V> extends Map<string, V> {
  private readonly byPlayer = new SetIndex<string, V>();

  constructor(private readonly seatsOf: (value: V) => readonly RoomSeat[]) {
    super();
  }

  override set(id: string, value: V): this {
    const old = this.get(id);
    if (old !== undefined) this.unindex(old);
    super.set(id, value);
    for (const s of this.seatsOf(value)) if (!s.bot) this.byPlayer.add(s.playerId, value);
    return this;
  }

  override delete(id: string): boolean {
    const old = this.get(id);
    if (old !== undefined) this.unindex(old);
    return super.delete(id);
  }

  override clear(): void {
    this.byPlayer.clear();
    super.clear();
  }

  /** The values where `playerId` has a seat (a person's seat), in no particular order. */
  of(playerId: string): V[] {
    return this.byPlayer.of(playerId);
  }

  private unindex(value: V): void {
    for (const s of this.seatsOf(value)) this.byPlayer.delete(s.playerId, value);
  }
}
