/**
 * The card game's terminal table (apps/cli/src/games/cards, RULES-cards.md part E): the text of a view,
 * typed moves and menus in-process, then a whole local game through the real `bang` process with a
 * scripted person, checked against the module's own replay of the saved log.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { playMatch, replay, type GameLog } from "@bang/game-core";
import { cards, legalActions, type Command, type GameSetup, type GameState, type PlayerView } from "@bang/game-cards";
import { rankingLines, renderTable } from "../src/games/cards/format.js";
import { formatCommand, parseMove } from "../src/games/cards/move.js";
import { cardsPrompt } from "../src/games/cards/prompt.js";
import { seatBots, tableSetup } from "../src/shell/match.js";
import { bang, drive, ensureBuilt, hasStack, tempDir } from "./bang.js";

const dir = tempDir("bang-cards-");

/** Every state a bot game of `players` seats from `seed` went through, in order, and its last one. */
function botGame(seed: number, players = 5): { states: GameState[]; last: GameState } {
  const setup = tableSetup(cards, players, seed);
  const bots = seatBots(cards, "heuristic", setup);
  const states: GameState[] = [];
  const { state } = playMatch(cards, setup, (id) => bots.get(id)!, { onStep: (s) => states.push(s as GameState) });
  return { states, last: state as GameState };
}

const view = (s: GameState, id: string): PlayerView => cards.view(s, { kind: "player", id });
const applied = (s: GameState, c: Command) => cards.apply(s, c);

describe("the card game's table (format)", () => {
  const { states } = botGame(4);

  it("E1.3 shows the viewer's own hand, lettered, and no card of another player's hand; roles: own, the sheriff's, the eliminated", () => {
    for (const s of states.filter((_, i) => i % 7 === 0)) {
      const text = renderTable(view(s, "p2"));
      const me = s.players[1]!;
      expect(text).toContain(`Your hand (${me.hand.length}): ${me.hand.map((c, i) => `${String.fromCharCode(97 + i)}) ${c}`).join("  ") || "none"}`);
      const shown = new Set(text.split(/[\s,]+/));
      for (const p of s.players.filter((p) => p.id !== "p2")) for (const card of p.hand) expect(shown.has(card), card).toBe(false);
      for (const p of s.players) {
        const row = text.split("\n").find((l) => new RegExp(`^ [> ] +\\d +${p.id}( \\(you\\))? `).test(l))!;
        const visible = p.id === "p2" || p.role === "sheriff" || !p.alive || s.winner !== null;
        expect(row.split(/\s+/)).toContain(visible ? p.role : "?");
      }
    }
  });

  it("E9 the ranking printed at the end is the module's result: the winners at place 1, every other side at place 2", () => {
    for (const seed of [1, 2, 3, 5, 8]) {
      const { last } = botGame(seed, seed % 2 === 0 ? 4 : 6);
      const result = cards.result(last)!;
      const printed = rankingLines(view(last, "p1")).slice(1).map((l) => l.trim().split(/\s{2,}/));
      expect(printed).toEqual(result.ranking.map((side) => [String(side.place), side.team, side.players.join(", ")]));
    }
  });
});

describe("the card game's moves (move, prompt)", () => {
  const { states } = botGame(6);

  it("E3 every legal command is offered in the menu and typed back by its own text (formatCommand, parseMove)", () => {
    let checked = 0;
    for (const s of states) {
      const me = cards.toAct(s)[0];
      if (me === undefined) continue;
      const v = view(s, me);
      const legal = legalActions(v, me);
      const prompt = cardsPrompt(v, me);
      legal.commands.forEach((wire, i) => {
        const command = { ...wire, by: me } as Command;
        expect(parseMove(formatCommand(command), v, me)).toEqual({ command });
        expect(prompt.read(String(i + 1), { ask: async () => null, say: () => {} })).toEqual({ command });
        expect(prompt.hint).toContain(`${String(i + 1).padStart(2)})  ${formatCommand(command)}`);
        checked++;
      });
      // Enter: the heuristic bot's move, which the rules accept.
      const enter = prompt.read("", { ask: async () => null, say: () => {} }) as { command: Command };
      expect(applied(s, enter.command).ok).toBe(true);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("reads hand letters, kinds, seat numbers, a card in play and 'as bang'; refuses what is no command with INVALID_COMMAND", () => {
    const s = states.find((x) => x.players[0]!.hand.length >= 3 && x.players[2]!.inPlay.length > 0)!;
    const v = view(s, "p1");
    const hand = s.players[0]!.hand;
    const target = s.players[2]!.inPlay[0]!;
    expect(parseMove("play b 3", v, "p1")).toEqual({ command: { type: "play", by: "p1", card: hand[1], target: "p3" } });
    expect(parseMove(`play ${hand[0]} at p3 ${target.split("_").slice(0, -1).join("_")}`, v, "p1")).toEqual({ command: { type: "play", by: "p1", card: hand[0], target: "p3", targetCard: target } });
    expect(parseMove("play a p4 as bang", v, "p1")).toEqual({ command: { type: "play", by: "p1", card: hand[0], target: "p4", as: "bang" } });
    expect(parseMove("discard a c", v, "p1")).toEqual({ command: { type: "discard", by: "p1", cards: [hand[0], hand[2]] } });
    expect(parseMove("draw discard", v, "p1")).toEqual({ command: { type: "draw", by: "p1", from: "discard" } });
    expect(parseMove("draw 4", v, "p1")).toEqual({ command: { type: "draw", by: "p1", from: "p4" } });
    for (const bad of ["play", "play zzz p3", "fly", "end now", "draw nowhere", "discard qq"]) {
      const read = parseMove(bad, v, "p1");
      expect("refusal" in read && read.refusal.code).toBe("INVALID_COMMAND");
    }
    const prompt = cardsPrompt(v, "p1");
    const far = prompt.read("999", { ask: async () => null, say: () => {} });
    expect(far && "refusal" in far && far.refusal.code).toBe("INVALID_COMMAND");
  });
});

/** The `Your hand (n): a) X  b) Y` lines of a transcript, as card lists. */
const handLines = (text: string): string[][] =>
  [...text.matchAll(/^Your hand \(\d+\): (.*)$/gm)].map((m) => (m[1] === "none" ? [] : m[1]!.split(/ {2}/).map((x) => x.replace(/^[a-z]\) /, ""))));

beforeAll(ensureBuilt, 300_000);

describe("bang play --game cards", () => {
  it("E1.2 --players 8 is a usage error: 8 players need the eightPlayers option, which the CLI does not set", async () => {
    const run = await bang(["play", "--game", "cards", "--players", "8"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--players: .*4 to 7/);
    expect(hasStack(run.stderr)).toBe(false);
  });

  it("E3 plays a whole local game with a scripted person: menus, numbers, typed moves, refusals; the hands shown are the person's own; the ending is the module's", async () => {
    const save = join(dir, "cards.json");
    let plays = 0;
    let refused = false;
    const run = await drive(["play", "--game", "cards", "--players", "4", "--seed", "21", "--seat", "2", "--save", save], (prompt) => {
      if (!prompt.startsWith("play>")) return "";
      plays++;
      if (!refused) {
        refused = true;
        return "99";
      }
      // Alternately the first menu item (a card, or end) and Enter (the suggestion); every 5th, end.
      return plays % 5 === 0 ? "end" : plays % 2 === 0 ? "1" : "";
    });
    expect(run.code).toBe(0);
    expect(hasStack(run.stderr)).toBe(false);
    const out = run.stdout;
    expect(out).toMatch(/^Bang! the card game, 4 players, heuristic bots, seed 21 \(play this deal again with --seed 21\)\. You are p2\./);
    expect(out).toMatch(/^INVALID_COMMAND: no item 99 in the menu \(1 to \d+\)$/m);
    // A number plays the menu's item of that number: `play> 1` is followed by the play of item 1.
    const lines = out.split("\n");
    let first: string | null = null;
    let picked = 0;
    for (const [i, line] of lines.entries()) {
      const item = /^ +1\) +(play \S+(?: p\d)?|end)\b/.exec(line);
      if (item) first = item[1]!;
      if (line !== "play> 1" || first === null) continue;
      if (first === "end") continue;
      const [, card, target] = /^play (\S+)(?: (p\d))?/.exec(first)!;
      expect(lines[i + 1]).toBe(`p2 plays ${card}${target ? ` at ${target}` : ""}`);
      picked++;
    }
    expect(picked).toBeGreaterThan(0);

    const log = JSON.parse(readFileSync(save, "utf8")) as GameLog<GameSetup, Command>;
    expect(log.game).toBe("cards");
    const states = replay(cards, log);
    const last = states.at(-1)!;
    const result = cards.result(last)!;
    expect(result).not.toBeNull();
    // The hands printed are p2's own, in the order the game went through them.
    const hands = handLines(out);
    expect(hands.length).toBeGreaterThan(3);
    let at = 0;
    for (const hand of hands) {
      while (at < states.length && JSON.stringify(states[at]!.players[1]!.hand) !== JSON.stringify(hand)) at++;
      expect(at, `hand ${hand.join(", ")} is not p2's at any later state`).toBeLessThan(states.length);
    }
    expect(hands.at(-1)).toEqual(last.players[1]!.hand);
    expect(out).not.toMatch(/^p\d's hand:/m);
    // The ending: the winners, every role, and the module's ranking.
    const won = result.winner!.players.includes("p2");
    expect(out).toMatch(new RegExp(`^Winner: .*\\(.*${result.winner!.players.join(", ")}\\)\\. ${won ? "You win!" : "You lose\\."}$`, "m"));
    expect(out).toContain(`Roles: ${last.players.map((p) => `${p.id} ${p.role}`).join(", ")}`);
    const ranking = out.slice(out.indexOf("Ranking (place, side, players):")).split("\n").slice(1).filter((l) => l.startsWith("  ")).map((l) => l.trim().split(/\s{2,}/));
    expect(ranking).toEqual(result.ranking.map((s) => [String(s.place), s.team, s.players.join(", ")]));
  }, 120_000);
});
