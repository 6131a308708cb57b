/**
 * The Ca$h 'n Guns table's reads of a view (apps/web/src/games/cash_n_guns: table.ts, reveal.ts,
 * loot.ts) on views the module makes from whole bot games: the "has chosen" mark never depends on
 * what was chosen, the share order is the module's, the showdown tells each revealed card and the
 * wounds it made, the ranking is the module's result, and loot is summed as F7 counts it.
 */
import { applyCommand, cashNGuns, cngResult, cngView, eligiblePlayers, firstShare, lootTotal, nextShare, type CngEvent, type CngState, type CngView } from "@bang/game-cash-n-guns";
import { describe, expect, it } from "vitest";
import { dollars, lootFace, lootGroups, lootName, lootSummary } from "../../../src/games/cash_n_guns/loot";
import { EMPTY_MEMORY, remember, showdownFromEvents, showdownOf, showdownOnOpen, skippedShowdown, type Memory } from "../../../src/games/cash_n_guns/reveal";
import { BULLET_WORDS } from "../../../src/games/cash_n_guns/controls";
import { roundLine } from "../../../src/games/cash_n_guns/seatline";
import { aimersOf, choiceMark, ranking, shareOrder } from "../../../src/games/cash_n_guns/table";
import { playGame, type PlayedStep } from "./games";

const games = [4, 5, 6, 7, 8, 4, 6, 8, 5, 7].map((n, i) => playGame(200 + i, n));
const steps: PlayedStep[] = games.flat();
const spectator = (s: CngState): CngView => cngView(s, { kind: "spectator" });
/** The first game's events up to its first courage step, and the state then. */
function g0Round1(): { events: CngEvent[]; state: CngState } {
  const upTo = games[0]!.findIndex((x) => x.after.phase === "courage");
  return { events: games[0]!.slice(0, upTo + 1).flatMap((x) => x.events), state: games[0]![upTo]!.after };
}

describe("what each seat shows of a secret step", () => {
  it("F8.4 F8.5 F8.7: the chosen mark is the same for every viewer and comes from whom the game waits for, never from the choice", () => {
    let marks = 0;
    for (const { after: s } of steps) {
      const views = [spectator(s), ...s.players.map((p) => cngView(s, { kind: "player", id: p.id }))];
      for (const p of s.players) {
        const seen = views.map((v) => choiceMark(v, v.players.find((q) => q.id === p.id)!));
        expect(new Set(seen).size, `${p.id} in ${s.phase}`).toBe(1);
        if (["bullet_choice", "hold_up", "courage"].includes(s.phase) && p.alive) {
          marks++;
          const chosen = s.phase === "bullet_choice" ? p.bullet !== null : s.phase === "hold_up" ? p.aimed : p.courage !== null;
          expect(seen[0]).toBe(chosen ? "chosen" : "choosing");
        } else expect(seen[0]).toBeNull();
      }
    }
    expect(marks).toBeGreaterThan(500);
  });

  it("F8.5: before the reveal nobody is shown as aiming at anyone; after it, the aimers of each player are the module's aims", () => {
    for (const { after: s } of steps) {
      const v = spectator(s);
      for (const p of s.players) {
        const aimers = aimersOf(v, p.id);
        if (s.phase === "bullet_choice" || s.phase === "hold_up") expect(aimers).toEqual([]);
        else if (s.phase !== "game_over" && s.phase !== "sharing") expect(aimers).toEqual(s.players.filter((q) => q.alive && q.aim === p.id).map((q) => q.id));
      }
    }
  });
});

describe("what a seat says of its round", () => {
  it("F8.4 F8.5 F8.7: a secret choice is said on its seat to its author and to an admin (the inspector), never to a spectator or another player", () => {
    const names = new Map<string, string>();
    const said = { bullet: 0, aim: 0, courage: 0 };
    for (const { after: s } of steps.filter((x) => ["bullet_choice", "hold_up", "courage"].includes(x.after.phase))) {
      const admin = cngView(s, { kind: "admin" });
      const watching = spectator(s);
      const other = cngView(s, { kind: "player", id: s.players[0]!.id });
      for (const p of s.players.filter((q) => q.alive && q.id !== s.players[0]!.id)) {
        const line = (v: CngView, isMe: boolean) => roundLine(v, v.players.find((q) => q.id === p.id)!, isMe, null, names).join(" · ");
        const [asAdmin, asSpectator, asOther, asSelf] = [line(admin, false), line(watching, false), line(other, false), line(cngView(s, { kind: "player", id: p.id }), true)];
        // Whatever the viewer, the others learn only that a choice was made.
        expect(asSpectator).toBe(asOther);
        expect(asSpectator).not.toMatch(/loaded (Click|Bang!)|aims? at|stands|lies down|you /);
        if (p.bullet !== null) {
          expect(asAdmin).toContain(`loaded ${BULLET_WORDS[p.bullet]}`);
          expect(asSelf).toContain(`loaded ${BULLET_WORDS[p.bullet]}`);
          said.bullet++;
        }
        if (s.phase === "hold_up" && p.aimed && p.aim) {
          expect(asAdmin).toContain(`aims at ${p.aim}`);
          expect(asSelf).toContain(`you aim at ${p.aim}`);
          said.aim++;
        }
        if (s.phase === "courage" && p.courage) {
          expect(asAdmin).toContain(p.courage === "stand" ? "stands" : "lies down");
          expect(asSelf).toContain(p.courage === "stand" ? "you stand" : "you lie down");
          said.courage++;
        }
      }
    }
    expect(Math.min(said.bullet, said.aim, said.courage)).toBeGreaterThan(50);
  });
});

describe("sharing", () => {
  it("F5.1 F5.2: the share order starts with the module's first share, goes on as its next shares, and holds exactly the eligible players", () => {
    let checked = 0;
    for (const { after: s } of steps.filter((x) => x.after.phase === "sharing")) {
      const order = shareOrder(spectator(s));
      expect(new Set(order)).toEqual(new Set(eligiblePlayers(s)));
      expect(order[0]).toBe(firstShare(s));
      for (let i = 0; i + 1 < order.length; i++) expect(nextShare(s, order[i]!)).toBe(order[i + 1]);
      expect(order).toContain(s.shareTurn);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
    expect(shareOrder(spectator(steps[0]!.before))).toEqual([]);
  });
});

describe("the showdown", () => {
  it("F4.1 F4.2 F4.3 F8.8: in sharing, each revealed card shows to everyone and a face-down one to its owner only; the wounds are the revealed Bang! cards at each player", () => {
    let bangs = 0;
    let faceDown = 0;
    for (const { before, after: s, events } of steps) {
      if (before.phase === "sharing" || (s.phase !== "sharing" && s.phase !== "game_over")) continue;
      if (!events.some((e) => e.type === "courageRevealed")) continue;
      const shown = showdownOf(spectator(s))!;
      expect(shown.round).toBe(s.round);
      for (const e of events) {
        if (e.type === "bulletRevealed") {
          expect(shown.rows.find((r) => r.player === e.player)).toMatchObject({ card: e.card, target: e.target, own: null });
          if (e.card === "bang") bangs++;
        }
        if (e.type === "bulletDiscarded") {
          expect(shown.rows.find((r) => r.player === e.player)).toMatchObject({ card: "face_down", own: null });
          // Its owner's page says which card it was (F8.8).
          const own = showdownOf(cngView(s, { kind: "player", id: e.player }));
          if (s.players.find((p) => p.id === e.player)!.alive) expect(own?.rows.find((r) => r.player === e.player)?.own).toBe(e.card);
          faceDown++;
        }
      }
      for (const r of shown.rows) {
        const wounded = events.find((e) => e.type === "wounded" && e.player === r.player);
        expect(r.wounds, `${r.player}'s wounds`).toBe(wounded && wounded.type === "wounded" ? wounded.amount : 0);
        expect(r.died).toBe(events.some((e) => e.type === "died" && e.player === r.player));
      }
    }
    expect(bangs).toBeGreaterThan(10);
    expect(faceDown).toBeGreaterThan(10);
  });

  it("F10.11: when nobody can share and the round ends at once, the showdown keeps the revealed aims and the wounds and deaths", () => {
    // At courage, some stand and the others lie down: a round where every one standing is hit by one of
    // them (two gangsters who shoot each other) leaves nobody to share.
    let step: { before: CngState; after: CngState; events: CngEvent[]; log: CngEvent[] } | null = null;
    const courageSteps = games.flatMap((g) => g.flatMap((x, j) => (x.after.phase === "courage" && x.before.phase !== "courage" ? [{ s: x.after, prior: g.slice(0, j + 1).flatMap((y) => y.events) }] : [])));
    for (const { s, prior } of courageSteps) {
      const alive = s.players.filter((p) => p.alive);
      for (let mask = 1; mask < 1 << alive.length && !step; mask++) {
        let state = s;
        let events: CngEvent[] = [];
        const log = [...prior];
        for (const [i, p] of alive.entries()) {
          const r = applyCommand(state, { type: "courage", by: p.id, choice: mask & (1 << i) ? "stand" : "lie_down" });
          if (!r.ok) throw new Error(r.error.message);
          state = r.state;
          events = r.events;
          log.push(...r.events);
        }
        if (events.some((e) => e.type === "lootDiscarded") && events.some((e) => e.type === "wounded") && state.phase === "bullet_choice") step = { before: s, after: state, events, log };
      }
      if (step) break;
    }
    if (!step) throw new Error("no round of the played games could end with nobody sharing and a wound: choose other seeds");
    const prev = spectator(step.before);
    const next = spectator(step.after);
    const s = skippedShowdown(prev, next);
    expect(s).toMatchObject({ round: step.before.round, complete: false, lootLost: true });
    for (const r of s.rows) {
      const p = step.before.players.find((q) => q.id === r.player)!;
      expect(r.target).toBe(p.aim);
      const wounded = step.events.find((e) => e.type === "wounded" && e.player === r.player);
      expect(r.wounds).toBe(wounded && wounded.type === "wounded" ? wounded.amount : 0);
    }
    // The table's memory builds it when the view goes straight to the next round.
    const m = remember(remember(EMPTY_MEMORY, prev), next);
    expect(m.showdown).toEqual(s);
    // After a reload the log tells the whole showdown: the same aims, wounds and deaths, and each card.
    const rebuilt = showdownOnOpen(next, step.log.map((event, seq) => ({ seq, by: "", event })))!;
    expect(rebuilt).toMatchObject({ round: s.round, complete: true, lootLost: true });
    expect(rebuilt.rows.map((r) => [r.player, r.target, r.wounds, r.died])).toEqual(s.rows.map((r) => [r.player, r.target, r.wounds, r.died]));
    for (const r of rebuilt.rows) {
      const shown = step.events.find((e) => (e.type === "bulletRevealed" || e.type === "bulletDiscarded") && e.player === r.player);
      expect(r.card).toBe(shown?.type === "bulletRevealed" ? shown.card : "face_down");
      const revealed = step.events.find((e) => e.type === "courageRevealed");
      expect(r.courage).toBe(revealed?.type === "courageRevealed" ? revealed.choices.find((c) => c.player === r.player)!.choice : "none");
    }
  });

  it("F4 F8.8: after a reload in the next round, the last round's showdown rebuilt from the viewer's log is the one the page showed live", () => {
    let same = 0;
    for (const g of games) {
      for (const viewer of [{ kind: "spectator" as const }, { kind: "player" as const, id: "p1" }]) {
        let memory: Memory = remember(EMPTY_MEMORY, cngView(g[0]!.before, viewer));
        for (const [i, { before, after }] of g.entries()) {
          memory = remember(memory, cngView(after, viewer));
          if (after.phase !== "bullet_choice" || before.phase === "bullet_choice" || after.round < 2) continue;
          // The page reloads here: its history is every entry so far as this viewer may see it now.
          const log = g.slice(0, i + 1).flatMap((x, seq) => cashNGuns.viewEvent({ command: x.command, events: x.events, state: x.after }, viewer, after).events.map((event) => ({ seq, by: x.command.by, event })));
          const rebuilt = showdownOnOpen(cngView(after, viewer), log);
          const live = memory.showdown!;
          expect(live.round).toBe(after.round - 1);
          // (A round nobody could share is checked in the F10.11 test above.)
          if (!live.complete) continue;
          expect(rebuilt).toEqual(live);
          same++;
          // A face-down card's kind is its owner's alone (F8.8).
          for (const r of rebuilt!.rows) if (r.own !== null) expect(viewer.kind === "player" && r.player === viewer.id).toBe(true);
        }
      }
    }
    expect(same).toBeGreaterThan(20);
    // Before the cards take effect there is nothing to rebuild; a view in the round itself needs no log.
    const early = g0Round1();
    expect(showdownFromEvents(early.events, 1)).toBeNull();
    expect(showdownOnOpen(spectator(early.state), [])).toBeNull();
  });

  it("the memory draws lines when the aims are revealed and when the cards are revealed, keeps the last showdown into the next round, and names the tile's taker", () => {
    let aimLines = 0;
    let cardLines = 0;
    let takers = 0;
    for (const g of games) {
      let memory: Memory = remember(EMPTY_MEMORY, spectator(g[0]!.before));
      for (const { before, after, events } of g) {
        memory = remember(memory, spectator(after));
        if (events.some((e) => e.type === "aimsRevealed") && after.players.some((p) => p.alive && p.aim)) {
          expect(memory.lines.every((l) => l.kind === "aim")).toBe(true);
          expect(memory.lines.length).toBe(after.players.filter((p) => p.alive && p.aim).length);
          expect(memory.linesToken).toBe(after.stateId);
          aimLines++;
        }
        const revealed = events.filter((e) => e.type === "bulletRevealed");
        if (revealed.length > 0 && (after.phase === "sharing" || after.phase === "game_over")) {
          expect(memory.lines.map((l) => `${l.from}>${l.to}:${l.kind}`).sort()).toEqual(revealed.map((e) => e.type === "bulletRevealed" && `${e.player}>${e.target}:${e.card}`).sort());
          cardLines++;
        }
        if (after.phase === "bullet_choice" && before.phase === "sharing") expect(memory.showdown?.round).toBe(before.round);
        const tile = events.find((e) => e.type === "newGodfatherTaken");
        if (tile && tile.type === "newGodfatherTaken" && after.round === before.round) {
          expect(memory.tileTaker).toBe(tile.player);
          takers++;
        }
      }
      // A step back (a replay scrubbed backwards) draws nothing.
      expect(remember(memory, spectator(g[3]!.after)).lines).toEqual([]);
    }
    expect(aimLines).toBeGreaterThan(3);
    expect(cardLines).toBeGreaterThan(1);
    expect(takers).toBeGreaterThan(0);
  });
});

describe("the end", () => {
  it("F7.1 F7.2 F7.7 F10.5: the ranking's places are the module's result, winners first, the dead without a total", () => {
    const reasons = new Set<string>();
    for (const g of games) {
      const s = g.at(-1)!.after;
      const lines = ranking(spectator(s))!;
      const result = cngResult(s)!;
      reasons.add(s.winner!.reason);
      for (const side of result.ranking) expect(lines.find((l) => l.id === side.players[0])?.place, side.team).toBe(side.place);
      expect(lines.filter((l) => l.winner).map((l) => l.id).sort()).toEqual([...result.winner.players].sort());
      for (const l of lines) {
        const p = s.players.find((q) => q.id === l.id)!;
        expect(l.total).toBe(p.alive && s.scoring ? s.scoring.totals[p.id] : null);
      }
      // In the order shown, places never go down.
      expect(lines.map((l) => l.place)).toEqual([...lines.map((l) => l.place)].sort((a, b) => a - b));
    }
    expect(reasons.size).toBeGreaterThanOrEqual(1);
    expect(ranking(spectator(steps[0]!.before))).toBeNull();
  });
});

describe("loot in words", () => {
  it("F1.3 F7.5 F7.6: a collection's worth is the module's total without the bonus; cards are named by kind and value", () => {
    const loot = ["painting", "bill_10000", "painting", "diamond_1000", "clip", "bill_10000"] as const;
    const s = lootSummary([...loot]);
    expect(s).toMatchObject({ count: 6, worth: 12_000 + 20_000 + 1_000, diamonds: 1, paintings: 2 });
    expect(s.worth).toBe(lootTotal([...loot], false));
    expect(s.list).toBe("2 × $10,000 bill, $1,000 diamond, 2 × painting, clip");
    expect(lootGroups([...loot])).toEqual([{ card: "bill_10000", count: 2 }, { card: "diamond_1000", count: 1 }, { card: "painting", count: 2 }, { card: "clip", count: 1 }]);
    expect([lootName("bill_20000"), lootName("first_aid_kit"), lootFace("diamond_5000"), lootFace("new_godfather"), dollars(60_000)]).toEqual(["a $20,000 bill", "a first aid kit", "◆ $5k", "New Godfather", "$60,000"]);
    expect(lootSummary([]).list).toBe("nothing yet");
  });
});
