import { describe, expect, it } from "vitest";
import { aim, bullet, courage, pass, play, refused, round, seat, table } from "./helpers.js";

describe("F3: bullet choice, hold-up, the Godfather's privilege, courage", () => {
  it("F3.3: each living player puts one card of a kind they hold in front of them; the hold-up starts when all have", () => {
    let s = play(table(), bullet("a", "bang"), bullet("b", "click"), bullet("c", "click")).state;
    expect(s.phase).toBe("bullet_choice");
    expect(seat(s, "a").hand).toEqual({ click: 5, bang: 2 });
    expect(seat(s, "a").bullet).toBe("bang");
    s = play(s, bullet("d", "click")).state;
    expect(s.phase).toBe("hold_up");
  });

  it("F3.3, F10.16: a choice is final (ALREADY_CHOSEN); a kind not held is refused (NO_SUCH_CARD)", () => {
    const s = play(table(4, { round: 8, players: ["a", "b", "c", "d"].map((id) => ({ id, hand: { click: 1, bang: 0 } })) }), bullet("a", "click")).state;
    refused(s, bullet("a", "click"), "ALREADY_CHOSEN");
    refused(s, bullet("b", "bang"), "NO_SUCH_CARD");
  });

  it("F3.4: at the start of round r a living player holds 9 − r cards; hand + discard + the card in front make 5 click + 3 bang", () => {
    let s = table();
    for (let r = 1; r <= 3; r++) {
      expect(s.round).toBe(r);
      for (const p of s.players) expect(p.hand.click + p.hand.bang).toBe(9 - r);
      s = round(s, { a: "bang" }, { a: "b", b: "c", c: "d", d: "a" }, ["a", "b", "c", "d"]).state;
    }
    expect(seat(s, "a").hand).toEqual({ click: 5, bang: 0 });
    expect(seat(s, "a").discard).toEqual({ click: 0, bang: 3 });
  });

  it("F3.5: a player aims at another living player: never themselves (INVALID_TARGET), never a stranger (INVALID_TARGET)", () => {
    const s = play(table(), bullet("a", "click"), bullet("b", "click"), bullet("c", "click"), bullet("d", "click")).state;
    refused(s, aim("a", "a"), "INVALID_TARGET");
    refused(s, aim("a", "zed"), "INVALID_TARGET");
    const after = play(s, aim("a", "b")).state;
    refused(after, aim("a", "c"), "ALREADY_CHOSEN");
  });

  it("F3.5, F4.5: a dead player cannot be aimed at", () => {
    const s0 = table(5, { players: [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }, { id: "e", alive: false }] });
    const s = play(s0, bullet("a", "click"), bullet("b", "click"), bullet("c", "click"), bullet("d", "click")).state;
    refused(s, aim("a", "e"), "INVALID_TARGET");
  });

  it("F3.5, F10.15: a hold-up closed on its timer: the slow players hold nobody up, still choose courage, and their card is discarded face down", () => {
    let s = play(table(), bullet("a", "bang"), bullet("b", "click"), bullet("c", "click"), bullet("d", "click"), aim("b", "a"), aim("c", "a"), aim("d", "a")).state;
    const closed = play(s, { type: "close_hold_up", by: "system" });
    expect(closed.events).toContainEqual({ type: "holdUpClosed", slow: ["a"] });
    s = closed.state;
    expect(seat(s, "a").aim).toBeNull();
    s = play(s, pass("a")).state;
    expect(s.phase).toBe("courage");
    const done = play(s, courage("a", "stand"), courage("b", "stand"), courage("c", "stand"), courage("d", "stand"));
    expect(done.events).toContainEqual({ type: "bulletDiscarded", player: "a", card: "bang" });
    expect(done.state.shareTurn).toBe("a");
  });

  it("F3.5: close_hold_up outside the hold-up is WRONG_PHASE", () => {
    refused(table(), { type: "close_hold_up", by: "system" }, "WRONG_PHASE");
  });

  it("F3.6, F10.9: the Godfather orders any other player who holds someone up; the ordered player names a new target, which may be the Godfather, not the previous one", () => {
    let s = play(table(), bullet("a", "click"), bullet("b", "click"), bullet("c", "click"), bullet("d", "click"), aim("a", "b"), aim("b", "c"), aim("c", "d"), aim("d", "b")).state;
    expect(s.phase).toBe("godfather_privilege");
    refused(s, { type: "order_change", by: "b", player: "c" }, "NOT_YOUR_TURN");
    refused(s, { type: "order_change", by: "a", player: "a" }, "INVALID_TARGET");
    s = play(s, { type: "order_change", by: "a", player: "b" }).state;
    expect(s.phase).toBe("retarget");
    expect(seat(s, "b").aim).toBe("c");
    refused(s, { type: "retarget", by: "c", target: "a" }, "NOT_YOUR_TURN");
    refused(s, { type: "retarget", by: "b", target: "c" }, "INVALID_TARGET");
    refused(s, { type: "retarget", by: "b", target: "b" }, "INVALID_TARGET");
    s = play(s, { type: "retarget", by: "b", target: "a" }).state;
    expect(seat(s, "b").aim).toBe("a");
    expect(s.phase).toBe("courage");
  });

  it("F3.6: an order to a player who holds nobody up is INVALID_TARGET; with nobody to order the step is skipped", () => {
    const slow = play(table(), bullet("a", "click"), bullet("b", "click"), bullet("c", "click"), bullet("d", "click"), aim("a", "b"), aim("c", "d"), aim("d", "a"), { type: "close_hold_up", by: "system" }).state;
    expect(slow.phase).toBe("godfather_privilege");
    refused(slow, { type: "order_change", by: "a", player: "b" }, "INVALID_TARGET");
    // Two living players: nobody has a different target, so no order is possible (F3.6).
    const two = table(4, { players: [{ id: "a" }, { id: "b" }, { id: "c", alive: false }, { id: "d", alive: false }] });
    const s = play(two, bullet("a", "click"), bullet("b", "click"), aim("a", "b"), aim("b", "a")).state;
    expect(s.phase).toBe("courage");
  });

  it("F3.7, F8.7: courage is chosen in secret and revealed at once; nobody's status turns to lying_down before the reveal", () => {
    let s = play(table(), bullet("a", "click"), bullet("b", "click"), bullet("c", "click"), bullet("d", "click"), aim("a", "b"), aim("b", "c"), aim("c", "d"), aim("d", "a"), pass("a")).state;
    s = play(s, courage("b", "lie_down"), courage("a", "stand"), courage("c", "stand")).state;
    expect(seat(s, "b").status).toBe("standing");
    refused(s, courage("b", "stand"), "ALREADY_CHOSEN");
    const done = play(s, courage("d", "stand"));
    expect(done.events).toContainEqual({ type: "courageRevealed", choices: [{ player: "a", choice: "stand" }, { player: "b", choice: "lie_down" }, { player: "c", choice: "stand" }, { player: "d", choice: "stand" }] });
    expect(seat(done.state, "b").status).toBe("lying_down");
  });

  it("F3.8, F10.21: a player who lies down does not shoot, even at a target who stands, and takes no share", () => {
    const { state, events } = round(table(), { b: "bang" }, { a: "b", b: "c", c: "d", d: "a" }, ["b"]);
    expect(seat(state, "c").wounds).toBe(0);
    expect(events).toContainEqual({ type: "bulletDiscarded", player: "b", card: "bang" });
    expect(state.phase).toBe("sharing");
    refused(state, { type: "take", by: "b", card: "bill_5000" }, "NOT_ELIGIBLE");
  });
});
