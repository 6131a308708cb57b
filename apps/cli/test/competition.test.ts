/**
 * `bang queue` and `bang tournament standings` against the REAL game server (child process, embedded
 * PGlite, the server's bots without delay).
 */
import { connect, createGuest, createTournament, fetchStandings, fetchTournament, organiseTournament, registerForTournament } from "@bang/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bang, drive, ensureBuilt, ensureServerBuilt, hasStack } from "./bang.js";
import { startServer, type RunningServer } from "./server.js";

const ORGANISER = "cli-organiser-token-0123456789";
let server: RunningServer;

beforeAll(async () => {
  ensureBuilt();
  ensureServerBuilt();
  server = await startServer({
    env: {
      MATCHMAKING_QUEUES: JSON.stringify([
        { id: "cli-bots", game: "dice", minSeats: 4, maxSeats: 4, botsAfterSeconds: 0.2, readySeconds: 10 },
        { id: "cli-duel", game: "dice_duel", minSeats: 2, maxSeats: 2, botsAfterSeconds: 0.2, readySeconds: 10 },
        { id: "cli-wait", game: "dice", minSeats: 4, maxSeats: 4, botsAfterSeconds: null, readySeconds: 10 },
      ]),
      MATCHMAKING_TICK_MS: "50",
      ORGANISER_TOKENS: `cli:${ORGANISER}`,
      DISCONNECT_GRACE_MS: "100",
    },
  });
}, 300_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

describe("bang queue", () => {
  it("lists the queues, then joins one, confirms the match and plays the game to its end with a bot", async () => {
    const list = await bang(["queue", "--server", server.url, "--list"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^cli-bots\s+dice 4 seats, 0 waiting, bots after 0.2 s; nobody matched in the last 15 min$/m);
    const run = await bang(["queue", "--server", server.url, "--queue", "cli-bots", "--name", "cli", "--bot", "heuristic"]);
    expect(run.stderr, server.output()).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Queued in cli-bots as cli/m);
    expect(run.stdout).toMatch(/^Match found: cli and 3 bot\(s\)\. Confirming\.\.\.$/m);
    expect(run.stdout).toMatch(/queue cli-bots: 4 players, 3 of them the server's bots/);
    expect(run.stdout).toMatch(/^Winner: the (law|outlaws|renegade) wins? \(.+\)\. You (win!|lose\.)$/m);
    expect(run.stdout).toMatch(/^Roles: p1 (sheriff|deputy|outlaw|renegade), p2 \w+, p3 \w+, p4 \w+$/m);
    // The list now has the wait of the one person matched (the bots do not wait): about the 0.2 s
    // the queue waits before it fills the seats with bots.
    const after = await bang(["queue", "--server", server.url, "--list"]);
    const waits = /^cli-bots\s+dice 4 seats, 0 waiting, bots after 0.2 s; waits median (\d+\.\d) s, p90 (\d+\.\d) s \(1 matched in the last 15 min\)$/m.exec(after.stdout);
    expect(waits, after.stdout).not.toBeNull();
    expect(Number(waits![1])).toBeGreaterThanOrEqual(0.2);
    expect(Number(waits![2])).toBe(Number(waits![1]));
  });

  it("joins a duel queue and plays the duel to its end (RULES.md part D) against the server's bot", async () => {
    const list = await bang(["queue", "--server", server.url, "--list"]);
    expect(list.stdout).toMatch(/^cli-duel\s+dice_duel 2 seats, 0 waiting, bots after 0.2 s; nobody matched in the last 15 min$/m);
    const run = await bang(["queue", "--server", server.url, "--queue", "cli-duel", "--name", "duellist", "--bot", "heuristic"]);
    expect(run.stderr, server.output()).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Match found: duellist and 1 bot\(s\)\. Confirming\.\.\.$/m);
    // The join's own "queued" status is not a match that fell through.
    expect(run.stdout).not.toContain("Back in queue");
    expect(run.stdout).toMatch(/^Winner: p[12] wins the duel\. You (win!|lose\.)$/m);
  });

  it("R8.9 a person plays a duel from the duel queue with the duel prompts: grids, secret picks, a winner", async () => {
    const picks = ["s", "o", "r"];
    let k = 0;
    const run = await drive(["queue", "--server", server.url, "--queue", "cli-duel", "--name", "typist"], (prompt) => (prompt.startsWith("pick>") ? picks[k++ % 3]! : ""));
    expect(hasStack(run.stderr)).toBe(false);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Bang! The Dice Game: the duel on .+, queue cli-duel: 2 players, 1 of them the server's bots\. You are p[12]\.$/m);
    expect(run.stdout).toMatch(/^ {2}p[12] {2}typist \(you\)$/m);
    expect(run.stdout).toMatch(/^ {2}near +[X.] [X.] [X.] [X.] +near +[X.] [X.] [X.] [X.]$/m);
    expect(run.stdout).toMatch(/^Winner: p[12] wins the duel\. You (win!|lose\.)$/m);
  }, 90_000);

  it("--list shows how long the oldest queued player has waited in a queue without bots", async () => {
    const guest = await createGuest(server.url, "patient");
    const client = await connect({ url: server.url, token: guest.token });
    try {
      await client.joinQueue("cli-wait");
      await new Promise((r) => setTimeout(r, 400));
      const list = await bang(["queue", "--server", server.url, "--list"]);
      const line = /^cli-wait\s+dice 4 seats, 1 waiting; longest wait now (\d+\.\d) s; nobody matched in the last 15 min$/m.exec(list.stdout);
      expect(line, list.stdout).not.toBeNull();
      expect(Number(line![1])).toBeGreaterThanOrEqual(0.4);
    } finally {
      await client.leaveQueue().catch(() => undefined);
      await client.close();
    }
  });

  it("an unknown queue is a clear error with its code (exit 1), a missing option a usage error (exit 2)", async () => {
    const run = await bang(["queue", "--server", server.url, "--queue", "nope", "--bot", "random"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^bang queue: QUEUE_NOT_FOUND: no queue "nope"/);
    expect(hasStack(run.stderr)).toBe(false);
    const usage = await bang(["queue", "--server", server.url]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--queue: required/);
  });
});

describe("bang tournament standings", () => {
  it("prints the standings of a finished tournament in the server's order", async () => {
    const t = await createTournament(server.url, ORGANISER, { name: "CLI cup", game: "dice", tableSize: 4, rounds: 1, startsAt: new Date().toISOString() });
    await organiseTournament(server.url, ORGANISER, t.id, { type: "open" });
    for (const n of ["ann", "bob", "cat", "dan"]) await registerForTournament(server.url, (await createGuest(server.url, n)).token, t.id);
    await organiseTournament(server.url, ORGANISER, t.id, { type: "start" });
    const deadline = Date.now() + 60_000;
    while ((await fetchTournament(server.url, t.id)).status !== "finished") {
      if (Date.now() > deadline) throw new Error("the tournament did not finish");
      await new Promise((r) => setTimeout(r, 200));
    }
    const expected = (await fetchStandings(server.url, t.id)).standings;
    const run = await bang(["tournament", "standings", t.id, "--server", server.url]);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toBe("CLI cup (finished)");
    expect(lines[1]).toMatch(/^\s+#\s+player\s+points\s+final\s+wins\s+games$/);
    expect(lines.slice(2).map((l) => l.trim().split(/\s+/).slice(0, 3))).toEqual(expected.map((s) => [String(s.place), s.name, String(s.points)]));
    const missing = await bang(["tournament", "standings", "nope", "--server", server.url]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^bang tournament: TOURNAMENT_NOT_FOUND/);
  });
});
