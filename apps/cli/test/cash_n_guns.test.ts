/**
 * Ca$h 'n Guns' terminal table (apps/cli/src/games/cash_n_guns, RULES-cash-n-guns.md part F): the text of
 * a view and its secrets, typed moves and menus in-process, then a whole local game through the real
 * `bang` process with a scripted person, checked against the module's own replay of the saved log.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { playMatch, replay, type GameLog } from "@bang/game-core";
import { cashNGuns, faceValue, legalActions, type CngCommand, type CngSetup, type CngState, type CngView } from "@bang/game-cash-n-guns";
import { describeEvents } from "../src/games/cash_n_guns/events.js";
import { lootText, lootWord, ranking, renderTable } from "../src/games/cash_n_guns/format.js";
import { formatCommand, parseMove } from "../src/games/cash_n_guns/move.js";
import { cngPrompt } from "../src/games/cash_n_guns/prompt.js";
import { seatBots, tableSetup } from "../src/shell/match.js";
import { drive, ensureBuilt, hasStack, tempDir } from "./bang.js";

const dir = tempDir("bang-cash_n_guns-");
const io = { ask: async () => null, say: () => {} };

/** Every state of a bot game of `players` seats from `seed`, in order, and its last one. */
function botGame(seed: number, players = 5, bots: "heuristic" | "random" = "heuristic"): { states: CngState[]; last: CngState } {
  const setup = tableSetup(cashNGuns, players, seed);
  const seats = seatBots(cashNGuns, bots, setup);
  const states: CngState[] = [];
  const { state } = playMatch(cashNGuns, setup, (id) => seats.get(id)!, { onStep: (s) => states.push(s as CngState) });
  return { states, last: state as CngState };
}

const view = (s: CngState, id: string): CngView => cashNGuns.view(s, { kind: "player", id });

/** The cells of seat `id`'s row in a rendered table: marks, seat, player, status, wounds, cards, bullet, aim, courage. */
function row(text: string, id: string): string[] {
  const line = text.split("\n").find((l) => new RegExp(`^ [G ]?[> ]? +\\d +${id}( \\(you\\))? `).test(l) || new RegExp(`^ +\\d +${id}( \\(you\\))? `).test(l))!;
  return line.replace(" (you)", "").trim().split(/\s+/);
}

describe("Ca$h 'n Guns' table (format)", () => {
  const { states } = botGame(3);

  it("F8.4, F8.5, F8.7 another player's bullet, aim and courage show as ? until revealed; the viewer's own as chosen; own bullets private (F8.3)", () => {
    let secretsSeen = 0;
    for (const s of states) {
      const text = renderTable(view(s, "p1"));
      for (const p of s.players) {
        const cells = row(text, p.id);
        const [bullet, aim, courage] = cells.slice(cells.indexOf(p.id) + 4, cells.indexOf(p.id) + 7);
        if (p.id === "p1") {
          expect(bullet).toBe(p.bullet ?? "-");
          continue;
        }
        if (!p.shown && p.bullet !== null) {
          expect(bullet).toBe("?");
          secretsSeen++;
        }
        if (s.phase === "hold_up" && p.aimed) expect(aim).toBe("?");
        if (["bullet_choice", "hold_up", "godfather_privilege", "retarget", "courage"].includes(s.phase) && p.courage !== null) expect(courage).toBe("?");
      }
      const me = s.players[0]!;
      expect(text).toContain(`Your bullets: ${me.hand.click} click, ${me.hand.bang} bang in hand; used: ${me.discard.click} click, ${me.discard.bang} bang.`);
      expect(text.match(/^Your bullets/gm)).toHaveLength(1);
      expect(text).not.toMatch(/^p\d's bullets/m);
    }
    expect(secretsSeen).toBeGreaterThan(10);
  });

  it("F1.3 F5.5 loot is printed in words with its value, never as a card id: on the table, in the events and in the share menu", () => {
    const ids = /\b(bill_\d+|diamond_\d+|first_aid_kit|new_godfather)\b/;
    let shares = 0;
    for (const s of states) {
      const text = renderTable(view(s, "p1"));
      expect(text).not.toMatch(ids);
      // Each seat's loot: its words, with the module's face values.
      for (const p of s.players) {
        for (const card of new Set(p.loot)) {
          const n = p.loot.filter((c) => c === card).length;
          const word = card.startsWith("bill_") || card.startsWith("diamond_") ? `$${faceValue(card).toLocaleString("en-US")} ${card.split("_")[0]}` : card.replaceAll("_", " ");
          expect(row(text, p.id).join(" ")).toContain(n > 1 ? `${word} x${n}` : word);
        }
      }
      for (const me of cashNGuns.toAct(s)) {
        const hint = cngPrompt(view(s, me), me).hint;
        expect(hint).not.toMatch(ids);
        if (s.phase !== "sharing") continue;
        // The share menu lists the table's loot in words, keyed 1, 2, ... in the module's order.
        const legal = legalActions(view(s, me), me);
        if (legal.kind === "take") expect(hint).toContain(`1) ${lootWord(legal.cards[0]!)}`);
        shares++;
      }
    }
    expect(shares).toBeGreaterThan(5);
    expect(lootText(["bill_10000", "bill_10000", "diamond_1000", "painting", "first_aid_kit"])).toBe("$10,000 bill x2, $1,000 diamond, painting, first aid kit");
    expect(describeEvents([{ type: "lootTaken", player: "p2", card: "bill_20000" }, { type: "newGodfatherTaken", player: "p3" }], view(states[0]!, "p1"))).toEqual(["p2 takes a $20,000 bill", "p3 takes the New Godfather tile"]);
    expect(lootWord("diamond_5000")).toBe("$5,000 diamond");
    // F7: the reason the game ended is said in words, not as the module's code.
    const over = (reason: "richest" | "last_survivor" | "all_dead", players: string[]) => describeEvents([{ type: "gameOver", winner: { players, reason }, totals: null, diamondBonus: null }], view(states[0]!, "p1"))[0];
    expect(over("richest", ["p2"])).toBe("Game over (the richest wins): p2 wins.");
    expect(over("last_survivor", ["p3"])).toBe("Game over (one gangster left standing): p3 wins.");
    expect(over("all_dead", [])).toBe("Game over (everyone is dead): nobody wins.");
  });

  it("F7 the ranking printed is the module's result (winners first, then by total and wounds, the dead last; all_dead: every seat at place 2)", () => {
    let dead = 0;
    const check = (state: CngState) => {
      const result = cashNGuns.result(state)!;
      expect(ranking(view(state, "p1")).map((r) => ({ team: r.player, players: [r.player], place: r.place }))).toEqual(result.ranking);
    };
    for (let seed = 1; seed <= 30; seed++) {
      const { last } = botGame(seed, 4 + (seed % 5), seed % 3 === 0 ? "heuristic" : "random");
      dead += last.players.filter((p) => !p.alive).length;
      check(last);
    }
    expect(dead).toBeGreaterThan(0);
    // Bots rarely end a game otherwise: the two other endings (F7.1, F7.2), set on a finished state.
    const { last } = botGame(2, 4, "random");
    const kill = (s: CngState, keep: string | null): CngState => ({ ...s, players: s.players.map((p) => (p.id === keep ? p : { ...p, alive: false, status: "dead", wounds: 3 })), scoring: null });
    check({ ...kill(last, "p3"), winner: { players: ["p3"], reason: "last_survivor" } });
    check({ ...kill(last, null), winner: { players: [], reason: "all_dead" } });
  });
});

describe("Ca$h 'n Guns' moves (move, prompt)", () => {
  const { states } = botGame(8, 6, "random");

  it("F9 every legal choice is in the menu under its key, and every command reads back from its own text", () => {
    let checked = 0;
    for (const s of states) {
      for (const me of cashNGuns.toAct(s)) {
        const v = view(s, me);
        const prompt = cngPrompt(v, me);
        const keys = [...prompt.hint.matchAll(/(\d+)\) (\S+)/g)].map((m) => m[1]!);
        expect(keys.length).toBeGreaterThan(0);
        for (const key of keys) {
          const read = prompt.read(key, io) as { command: CngCommand };
          expect(cashNGuns.apply(s, read.command).ok, `${key} -> ${formatCommand(read.command)}`).toBe(true);
          expect(parseMove(formatCommand(read.command), v, me)).toEqual(read);
          checked++;
        }
        const legal = legalActions(v, me);
        const offered = legal.kind === "none" ? 0 : legal.kind === "choose_bullet" ? legal.cards.length : legal.kind === "aim" || legal.kind === "retarget" ? legal.targets.length : legal.kind === "privilege" ? legal.players.length + 1 : legal.kind === "courage" ? 2 : legal.cards.length;
        expect(keys).toHaveLength(offered);
        const enter = prompt.read("", io) as { command: CngCommand };
        expect(cashNGuns.apply(s, enter.command).ok).toBe(true);
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("F8.4, F8.5, F8.7 the person's prompt stays the same while the others make their secret choices (the shell keeps it open)", () => {
    let compared = 0;
    for (const [i, s] of states.entries()) {
      const next = states[i + 1];
      if (!next || next.phase !== s.phase || next.round !== s.round || !["bullet_choice", "hold_up", "courage"].includes(s.phase)) continue;
      for (const me of cashNGuns.toAct(next)) {
        if (!cashNGuns.toAct(s).includes(me)) continue;
        const before = cngPrompt(view(s, me), me);
        const after = cngPrompt(view(next, me), me);
        expect([after.label, after.hint]).toEqual([before.label, before.hint]);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it("reads bare words and short forms; players by seat number at the aim; refuses a key not offered and what is no command", () => {
    const s = states.find((x) => x.phase === "hold_up" && cashNGuns.toAct(x).includes("p1"))!;
    const v = view(s, "p1");
    expect(parseMove("bang", v, "p1")).toEqual({ command: { type: "choose_bullet", by: "p1", card: "bang" } });
    expect(parseMove("bullet c", v, "p1")).toEqual({ command: { type: "choose_bullet", by: "p1", card: "click" } });
    expect(parseMove("lie down", v, "p1")).toEqual({ command: { type: "courage", by: "p1", choice: "lie_down" } });
    expect(parseMove("courage stand", v, "p1")).toEqual({ command: { type: "courage", by: "p1", choice: "stand" } });
    expect(parseMove("take tile", v, "p1")).toEqual({ command: { type: "take", by: "p1", card: "new_godfather" } });
    expect(parseMove("painting", v, "p1")).toEqual({ command: { type: "take", by: "p1", card: "painting" } });
    expect(parseMove("order 4", v, "p1")).toEqual({ command: { type: "order_change", by: "p1", player: "p4" } });
    const prompt = cngPrompt(v, "p1");
    expect(prompt.label).toBe("aim");
    expect(prompt.read("3", io)).toEqual({ command: { type: "aim", by: "p1", target: "p3" } });
    expect(prompt.read("p4", io)).toEqual({ command: { type: "aim", by: "p1", target: "p4" } });
    for (const bad of ["1", "9", "aim", "take gold", "fly away"]) {
      const read = prompt.read(bad, io);
      expect(read && "refusal" in read && read.refusal.code, bad).toBe("INVALID_COMMAND");
    }
  });
});

beforeAll(ensureBuilt, 300_000);

describe("bang play --game cash_n_guns", () => {
  it("F3 plays a whole local game with a scripted person: menu keys, typed words, a refusal; secrets stay ? until revealed; the ending is the module's", async () => {
    const save = join(dir, "cng.json");
    let asked = 0;
    const run = await drive(["play", "--game", "cash_n_guns", "--players", "5", "--seed", "9", "--save", save], (prompt, transcript) => {
      asked++;
      // After a refusal (a bang no longer held, a dead target), Enter: the bot's legal choice.
      const previous = transcript.split("\n").at(-2) ?? "";
      if (/^[A-Z_]+: /.test(previous) && !previous.startsWith("INVALID_COMMAND: 7 ")) return "";
      if (prompt.startsWith("bullet>")) return asked === 1 ? "7" : asked % 3 === 0 ? "bang" : "1";
      if (prompt.startsWith("aim>")) return asked % 2 === 0 ? "2" : "aim p3";
      if (prompt.startsWith("courage>")) return asked % 4 === 0 ? "lie down" : "stand";
      if (prompt.startsWith("take>")) return "1";
      return "";
    });
    expect(run.code).toBe(0);
    expect(hasStack(run.stderr)).toBe(false);
    const out = run.stdout;
    expect(out).toMatch(/^Ca\$h 'n Guns, 5 players, heuristic bots, seed 9 \(play this deal again with --seed 9\)\. You are p1\./);
    expect(out).toMatch(/^bullet> 7\nINVALID_COMMAND: 7 is not in the menu \(1(, 2)?\)$/m);
    // The person's aims are the ones typed: seat 2 or p3 (unless the target is dead).
    const aims = [...out.matchAll(/^Aims: (.*)$/gm)].map((m) => /p1 -> (p\d|nobody)/.exec(m[1]!)?.[1]);
    expect(aims.length).toBeGreaterThan(0);
    for (const aim of aims) expect(["p2", "p3"]).toContain(aim);

    const log = JSON.parse(readFileSync(save, "utf8")) as GameLog<CngSetup, CngCommand>;
    expect(log.game).toBe("cash_n_guns");
    const states = replay(cashNGuns, log);
    const last = states.at(-1)!;
    const result = cashNGuns.result(last)!;
    // Before "Aims:" of a round, no table shows another player's aim.
    for (const round of out.split(/^== Round /m).slice(1)) {
      const before = round.slice(0, Math.max(0, round.indexOf("\nAims: ")));
      for (const line of before.split("\n").filter((l) => /^ [G ]?[> ]? +\d +p[2-5] /.test(l))) {
        const cells = line.trim().split(/\s+/);
        expect(cells[cells.findIndex((c) => /^p\d$/.test(c)) + 5]).toMatch(/^[-?]$/);
      }
    }
    // The ending: the winners and the module's ranking, totals included.
    const mine = result.winner!.players.includes("p1");
    expect(out).toMatch(new RegExp(`^Winner: ${result.winner!.players.length === 0 ? "nobody" : result.winner!.players.join(" and ")}.* ${mine ? "You win!" : "You lose\\."}$`, "m"));
    const printed = out.slice(out.indexOf("Ranking (place, player, total, wounds):")).split("\n").slice(1).filter((l) => l.startsWith("  ")).map((l) => l.trim().split(/\s{2,}/));
    expect(printed.map((r) => [Number(r[0]), r[1]])).toEqual(result.ranking.map((side) => [side.place, side.team]));
    for (const r of printed) {
      const total = last.scoring?.totals[r[1]!];
      expect(r[2]).toBe(total === undefined ? "-" : `$${total.toLocaleString("en-US")}`);
    }
  }, 120_000);
});
