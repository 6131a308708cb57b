/**
 * The DESIGN 4 checker (support/secrets.ts) must not pass a frame it could not rebuild: an event
 * carrying `viewChanges` with no view of seq - 1 under it is checked as a partial view and its text
 * scanned, so a frame naming another living player's secret role is a violation, and one showing only
 * the receiver's own role is not.
 */
import { describe, expect, it } from "vitest";
import { checkFrame } from "./support/secrets.js";
import { WholeViews } from "./support/whole-views.js";

/** An event frame to player p1 carrying only `viewChanges`, with no view of seq - 1 under it. */
const changesFrame = (viewChanges: object): string =>
  JSON.stringify({ type: "event", gameId: "g1", game: "dice", seq: 5, by: "p2", command: { type: "stop" }, events: [], viewChanges });

describe("DESIGN 4 checker on view changes with nothing under them", () => {
  it("checks the seats the changes carry: another living player's secret role is a violation", () => {
    const leak = changesFrame({ players: [{ id: "p1", alive: true, role: "sheriff" }, { id: "p2", alive: true, role: "outlaw" }, { id: "p3", alive: true, role: "renegade" }] });
    const violations = checkFrame(leak, "p1", new WholeViews()).violations;
    expect(violations.some((v) => v.includes("the role of living p2 (outlaw) is shown"))).toBe(true);
    expect(violations.some((v) => v.includes("the role of living p3 (renegade) is shown"))).toBe(true);
  });

  it("passes changes that show only what the receiver may see", () => {
    const fine = changesFrame({ players: [{ id: "p1", alive: true, role: "deputy" }, { id: "p2", alive: true, role: null }, { id: "p3", alive: false, role: "renegade" }], dice: ["1", "2"] });
    expect(checkFrame(fine, "p1", new WholeViews()).violations).toEqual([]);
  });
});
