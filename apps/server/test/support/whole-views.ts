/**
 * Whole views from the frames one receiver got, as the SDK makes them (hello feature `viewChanges`): a
 * snapshot's or an event's `view` as it is, an event's `viewChanges` applied onto that receiver's view
 * of the same game at exactly seq - 1. For checkers that read every frame a client receives (the
 * secrets checks of DESIGN invariant 4): they check the view the client ends up with.
 */
type Json = Record<string, unknown>;

/** A frame of a game, in either form of an event. */
export interface GameFrameLike {
  type: string;
  gameId: string;
  seq: number;
  view?: unknown;
  viewChanges?: unknown;
}

export class WholeViews {
  private readonly last = new Map<string, { seq: number; view: Json }>();

  /**
   * The whole view `frame` stands for (recorded as its game's latest), or null for changes with no view
   * of seq - 1 here (the SDK takes them as a gap and resumes: there is no view to check).
   */
  of<V>(frame: GameFrameLike): V | null {
    let view: Json | undefined;
    if (frame.view !== undefined) view = frame.view as Json;
    else {
      const base = this.last.get(frame.gameId);
      if (base === undefined || base.seq !== frame.seq - 1) return null;
      view = { ...base.view, ...(frame.viewChanges as Json) };
    }
    this.last.set(frame.gameId, { seq: frame.seq, view });
    return view as V;
  }
}
