/**
 * `bang play --server --game cards|cash_n_guns` against the REAL game server (apps/server/dist/main.js,
 * started on a free port with a fresh PGlite): a whole game with the person on piped input, checked
 * against the game's log as the server stored it, replayed here by the module (the admin's replay API).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replay, type AnyGameModule, type CommandBase, type GameLog, type StateBase } from "@bang/game-core";
import { cards, type GameState } from "@bang/game-cards";
import { cashNGuns, type CngState } from "@bang/game-cash-n-guns";
import { bang, ensureBuilt, ensureServerBuilt, hasStack } from "./bang.js";
import { startServer, type RunningServer } from "./server.js";

const ADMIN_TOKEN = "cli-tables-admin-token-0123456789";
let server: RunningServer;

beforeAll(async () => {
  ensureBuilt();
  ensureServerBuilt();
  server = await startServer({ env: { ADMIN_TOKEN } });
}, 300_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

interface Replayed {
  seed: number | string;
  entries: { by: string; command: Record<string, unknown> & { type: string } }[];
  view: { players: { id: string }[] };
}

/**
 * The last finished game of `module` on the server, replayed by the module from the stored log: its
 * last state, and its seat ids in seat order (the terminal's p1..pN).
 */
async function storedGame(module: AnyGameModule): Promise<{ state: StateBase; seats: string[] }> {
  const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const list = (await (await fetch(`${server.url}/api/games?status=finished&limit=50`, { headers: auth })).json()) as { id: string; game: string }[];
  const game = list.find((g) => g.game === module.id);
  if (!game) throw new Error(`no finished ${module.id} game on the server: ${JSON.stringify(list)}`);
  const stored = (await (await fetch(`${server.url}/api/games/${game.id}/replay`, { headers: auth })).json()) as Replayed;
  const seats = stored.view.players.map((p) => p.id);
  const log: GameLog = {
    game: module.id,
    setup: module.setupFor({ players: seats, seed: stored.seed, options: {} }),
    entries: stored.entries.map((e) => ({ command: { ...e.command, by: e.by } as CommandBase })),
  };
  return { state: replay(module, log).at(-1)!, seats };
}

/** A server id in the terminal's seat ids. */
const local = (seats: string[]) => (id: string) => `p${seats.indexOf(id) + 1}`;

/** The lines under a heading of the transcript, as cells (two spaces or more apart). */
function block(out: string, heading: string): string[][] {
  return out
    .slice(out.indexOf(heading))
    .split("\n")
    .slice(1)
    .filter((l) => l.startsWith("  "))
    .map((l) => l.trim().split(/\s{2,}/));
}

describe("bang play --server, the card game", () => {
  it("E9 plays a whole game of cards against the server's bots (Enter for every answer): the hand shown is the person's; the ranking is the stored game's", async () => {
    const run = await bang(["play", "--server", server.url, "--game", "cards", "--players", "4", "--name", "alice"], "\n".repeat(4000));
    expect(run.stderr, server.output()).toBe("");
    expect(hasStack(run.stderr)).toBe(false);
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/^Bang! the card game on http:\/\/127\.0\.0\.1:\d+, table [A-Z0-9]{8}: 4 players, 3 of them the server's bots\. You are p1\.$/m);
    expect(out).toMatch(/^Your move/m);

    const { state, seats } = await storedGame(cards);
    const last = state as GameState;
    const p = local(seats);
    const result = cards.result(last)!;
    // The person's last hand is seat 1's at the end of the stored game, and no other hand was printed.
    const hands = [...out.matchAll(/^Your hand \(\d+\): (.*)$/gm)].map((m) => m[1]!);
    expect(hands.at(-1)).toBe(last.players[0]!.hand.map((c, i) => `${String.fromCharCode(97 + i)}) ${c}`).join("  ") || "none");
    expect(out).not.toMatch(/^p\d's hand:/m);
    // Roles: the first table shows only the person's own and the sheriff's.
    const first = out.split("\n").filter((l) => /^ [> ] +\d +p\d/.test(l)).slice(0, 4);
    last.players.forEach((seat, i) => expect(first[i]!.split(/\s+/)).toContain(i === 0 || seat.role === "sheriff" ? seat.role : "?"));
    // The ending: the stored game's winners and ranking.
    expect(out).toMatch(new RegExp(`^Winner: .*\\(.*${result.winner!.players.map(p).join(", ")}\\)\\. You (win!|lose\\.)$`, "m"));
    expect(block(out, "Ranking (place, side, players):")).toEqual(result.ranking.map((s) => [String(s.place), s.team, s.players.map(p).join(", ")]));
  }, 240_000);
});

describe("bang play --server, Ca$h 'n Guns", () => {
  it("F7 plays a whole game of cash_n_guns against the server's bots (Enter for every answer): the person's bullets are seat 1's; the ranking and totals are the stored game's", async () => {
    const run = await bang(["play", "--server", server.url, "--game", "cash_n_guns", "--players", "5", "--name", "bob"], "\n".repeat(4000));
    expect(run.stderr, server.output()).toBe("");
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/^Ca\$h 'n Guns on http:\/\/127\.0\.0\.1:\d+, table [A-Z0-9]{8}: 5 players, 4 of them the server's bots\. You are p1\.$/m);
    expect(out).toMatch(/^bullet> $/m);

    const { state, seats } = await storedGame(cashNGuns);
    const last = state as CngState;
    const p = local(seats);
    const result = cashNGuns.result(last)!;
    const me = last.players[0]!;
    const bullets = [...out.matchAll(/^Your bullets: (.*)$/gm)].map((m) => m[1]);
    expect(bullets.at(-1)).toBe(`${me.hand.click} click, ${me.hand.bang} bang in hand; used: ${me.discard.click} click, ${me.discard.bang} bang.`);
    const ranking = block(out, "Ranking (place, player, total, wounds):");
    expect(ranking.map((r) => [Number(r[0]), r[1]])).toEqual(result.ranking.map((s) => [s.place, p(s.team)]));
    for (const r of ranking) {
      const total = last.scoring?.totals[seats[Number(r[1]!.slice(1)) - 1]!];
      expect(r[2]).toBe(total === undefined ? "-" : `$${total.toLocaleString("en-US")}`);
    }
    const winners = result.winner!.players.map(p);
    expect(out).toMatch(new RegExp(`^Winner: ${winners.length === 0 ? "nobody" : winners.join(" and ")}.* You (win!|lose\\.)$`, "m"));
  }, 240_000);
});
