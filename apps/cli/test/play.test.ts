import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createGame, type GameSetup } from "@bang/game-dice";
import { gameById } from "@bang/games";
import { tableSetup } from "../src/shell/match.js";
import { bang, drive, ensureBuilt, hasStack, tempDir } from "./bang.js";

const dir = tempDir("bang-play-");

interface Row {
  active: boolean;
  id: string;
  you: boolean;
  character: string;
  life: number;
  maxLife: number;
  arrows: number;
  role: string;
  eliminated: boolean;
}

const ROW = /^ ([> ])\s+\d+\s+(p\d+)( \(you\))?\s+([a-z_]+)\s+(\d+)\/(\d+)\s+(\d+)\s+(\?|sheriff|deputy|outlaw|renegade)(\s+eliminated)?$/;

/** Every table printed in a transcript, as its seat rows. */
function tables(transcript: string): Row[][] {
  const out: Row[][] = [];
  let current: Row[] | null = null;
  for (const line of transcript.split("\n")) {
    const m = ROW.exec(line);
    if (!m) {
      current = null;
      continue;
    }
    if (!current) out.push((current = []));
    current.push({
      active: m[1] === ">",
      id: m[2]!,
      you: m[3] !== undefined,
      character: m[4]!,
      life: Number(m[5]),
      maxLife: Number(m[6]),
      arrows: Number(m[7]),
      role: m[8]!,
      eliminated: m[9] !== undefined,
    });
  }
  return out;
}

/** The line `Winner: ...` of a play or replay transcript. */
const winnerLine = (text: string) => /^Winner: (.+?)\.( You (win|lose)!?\.?)?$/m.exec(text)?.[1];

/**
 * R1.2, R5.1: before the game is over, the person sees their own role, the sheriff's, and the roles of
 * eliminated players, nothing else; at the end every role.
 */
function expectOnlyVisibleRoles(transcript: string, me: string, players: number): void {
  const all = tables(transcript);
  expect(all.length).toBeGreaterThan(1);
  const final = all.at(-1)!;
  expect(final.every((r) => r.role !== "?")).toBe(true);
  const roleOf = new Map(final.map((r) => [r.id, r.role]));
  for (const table of all.slice(0, -1)) {
    expect(table).toHaveLength(players);
    for (const row of table) {
      expect(row.you).toBe(row.id === me);
      const visible = row.you || row.eliminated || roleOf.get(row.id) === "sheriff" || players === 3;
      expect(row.role).toBe(visible ? roleOf.get(row.id) : "?");
    }
  }
}

beforeAll(ensureBuilt, 300_000);

describe("bang play", () => {
  const saved = join(dir, "game.json");
  let played = "";

  it("plays a game to its end on piped input (Enter for every answer), prints the winner and every role", async () => {
    const run = await bang(["play", "--players", "4", "--seed", "11", "--seat", "2", "--save", saved], "\n".repeat(3000));
    played = run.stdout;
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Bang! The Dice Game, 4 players, heuristic bots, seed 11 .*You are p2\./);
    expect(winnerLine(run.stdout)).toMatch(/^the (law|outlaws|renegade) wins? \(p\d(, p\d)*\)$/);
    expect(run.stdout).toMatch(/^Roles: p1 (sheriff|deputy|outlaw|renegade), p2 \w+, p3 \w+, p4 \w+$/m);
    expect(run.stdout).toMatch(/^Game over: /m);
    // The person's turns: the table, the dice with their indexes, the prompt.
    expect(run.stdout).toMatch(/^Dice: \[0\] \S+ {2}\[1\] \S+ {2}\[2\] \S+ {2}\[3\] \S+ {2}\[4\] \S+/m);
    expect(run.stdout).toMatch(/^roll> $/m);
    // Bots' turns, from the events.
    expect(run.stdout).toMatch(/^p\d rolls: (\S+ ){4}\S+$/m);
    expect(run.stdout).toMatch(/^p\d shoots p\d \(-\d\)$/m);
    expectOnlyVisibleRoles(run.stdout, "p2", 4);
  });

  it("--save writes the GameLog, and bang replay --all on it shows the same winner", async () => {
    expect(played).not.toBe("");
    const log = JSON.parse(readFileSync(saved, "utf8")) as { game: string; setup: { seed: number; players: { id: string }[] }; entries: { command: { type: string; by: string } }[] };
    expect(log.game).toBe("dice");
    expect(log.setup.seed).toBe(11);
    expect(log.setup.players.map((p) => p.id)).toEqual(["p1", "p2", "p3", "p4"]);
    expect(log.entries.length).toBeGreaterThan(3);
    expect(log.entries.some((e) => e.command.by === "p2")).toBe(true);
    const run = await bang(["replay", saved, "--all"]);
    expect(run.code).toBe(0);
    expect(winnerLine(run.stdout)).toBe(winnerLine(played));
    expect(run.stdout).toMatch(new RegExp(`^== entry ${log.entries.length - 1} of ${log.entries.length - 1}: `, "m"));
    // The admin view shows every role from the start.
    expect(tables(run.stdout)[0]!.every((r) => r.role !== "?")).toBe(true);
    expect(tables(run.stdout).at(-1)).toEqual(tables(played).at(-1)!.map((r) => ({ ...r, you: false })));
  });

  it("takes typed commands: refusals print their code and ask again; resolve in one line or die by die; C1 react", async () => {
    // Games where the person is Bart Cassidy (C1), until every kind of prompt was met. The deal comes
    // from the rules; the bots' play decides the rest, so the driver adapts to what it is shown.
    const seen = { locked: false, dieByDie: false, react: false };
    let games = 0;
    for (let seed = 1; seed <= 200 && !(seen.locked && seen.dieByDie && seen.react) && games < 30; seed++) {
      const dealt = createGame(tableSetup(gameById("dice"), 5, seed) as GameSetup);
      if (!dealt.ok) throw new Error(dealt.error.message);
      const seat = dealt.state.players.findIndex((p) => p.character === "bart_cassidy");
      if (seat < 0) continue;
      games++;
      const me = `p${seat + 1}`;
      let rollPrompts = 0;
      let rerolled = false;
      let oneLine = games % 2 === 0;
      let asked = 0;
      const run = await drive(["play", "--players", "5", "--seed", String(seed), "--seat", String(seat + 1), "--bots", "random"], (prompt, transcript) => {
        if (++asked > 2000) return null;
        if (prompt === "roll> ") {
          rerolled = false;
          rollPrompts++;
          if (rollPrompts === 1) return "stop"; // refused: the dice are not thrown yet
          if (rollPrompts === 2) return "fly"; // not a command
          return "roll";
        }
        if (prompt === "reroll> ") {
          const dice = [...transcript.matchAll(/^Dice: (.*)$/gm)].at(-1)![1]!;
          const locked = /\[(\d)\] dynamite \(locked\)/.exec(dice);
          // Try a locked die once (R2.3), unless that was just refused.
          if (locked && !/DIE_LOCKED: [^\n]*\nreroll> $/.test(transcript)) return `reroll ${locked[1]}`;
          if (rerolled) return "stop";
          rerolled = true;
          const free = /any of ([\d ]+);/.exec(transcript.slice(transcript.lastIndexOf("Your move")))![1]!.split(" ");
          return `reroll ${free.slice(0, 2).join(" ")}`;
        }
        if (prompt === "resolve> ") {
          oneLine = !oneLine;
          if (!oneLine) return "";
          return [...transcript.matchAll(/Type e\.g\. `(resolve[^`]*)`/g)].at(-1)![1]!;
        }
        const choice = /^die \d \((1|2|beer)\) (?:shoots|gives 1 life to) ([^[]+) \[(p\d)\]> $/.exec(prompt);
        if (choice) return choice[1] === "beer" ? "me" : /(\d)\) p\d\s*$/.exec(choice[2]!)![1]!; // the last one, by seat number
        if (prompt === "heal> ") return "me";
        if (prompt === "react> ") return "react 1";
        return ""; // Slab's double, Kit's discards: no
      });
      const out = run.stdout;
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(out).toContain(`You are ${me}, bart_cassidy, the `);
      expect(winnerLine(out)).toMatch(/^the (law|outlaws|renegade) wins?/);
      expectOnlyVisibleRoles(out, me, 5);
      expect(out).toMatch(/^roll> stop\nWRONG_PHASE: stop: throw the dice first \(roll\)\nroll> fly\nINVALID_COMMAND: unknown command "fly".*\nroll> roll$/m);
      // R2.3: a die showing dynamite is locked; the refusal is printed and the prompt comes back.
      if (/^reroll> reroll \d\nDIE_LOCKED: reroll\.indexes: die \d shows dynamite and cannot be rerolled \(R2\.3\)\nreroll> /m.test(out)) seen.locked = true;
      if (games % 2 === 0) expect(out).toMatch(/^resolve> resolve( \d:p\d)+$/m);
      // Die by die: the legal targets are offered, and the last one is taken.
      const pick = /^die \d \([12]\) shoots \d\) (p\d) {2}(?:\d\) p\d {2})*(\d)\) (p\d) \[\1\]> \2$/m.exec(out);
      if (pick) {
        seen.dieByDie = true;
        expect(pick[3]).toBe(`p${pick[2]}`);
        expect(out.slice(pick.index)).toMatch(new RegExp(`^${me} shoots ${pick[3]} \\(-\\d\\)$`, "m"));
      }
      // C1: Bart Cassidy is asked during the bots' turns and takes an arrow instead of a life point.
      if (out.includes("react> ")) {
        seen.react = true;
        expect(out).toMatch(new RegExp(`^You are hit: take up to \\d arrows? instead of life: react N.*\\nreact> react 1\\n${me} takes 1 arrow instead of life$`, "m"));
      }
    }
    expect(seen).toEqual({ locked: true, dieByDie: true, react: true });
  });

  it("R7.1: a 3-player game shows every role from the start and ends with one winner", async () => {
    const run = await bang(["play", "--players", "3", "--seed", "21", "--bots", "random"], "\n".repeat(3000));
    expect(run.code).toBe(0);
    expect(winnerLine(run.stdout)).toMatch(/^the (deputy|outlaw|renegade) wins \(p\d\)$/);
    expectOnlyVisibleRoles(run.stdout, "p1", 3);
  });

  it("end of input leaves the game cleanly (exit 0), and the partial log replays", async () => {
    const partial = join(dir, "partial.json");
    const run = await bang(["play", "--players", "4", "--seed", "11", "--seat", "4", "--save", partial], "roll\n");
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/Input closed: you left the game at turn \d+, before its end\./);
    expect(hasStack(run.stdout)).toBe(false);
    const replayed = await bang(["replay", partial, "--all"]);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout.trimEnd().split("\n").at(-1)).toMatch(/^The log ends at turn \d+, before the game is over\.$/);
  });

  it("quit leaves the game", async () => {
    const run = await bang(["play", "--players", "4", "--seed", "11", "--seat", "4"], "quit\n");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^You left the game at turn \d+/m);
  });

  const bad: [string[], string][] = [
    [["--players", "4", "--seat", "5"], '--seat: expected an integer from 1 to 4, got "5"'],
    [["--players", "1"], '--players: expected an integer from 3 to 8, got "1"'],
    [["--game", "dice", "--players", "9"], '--players: expected an integer from 3 to 8, got "9"'],
    [["--bots", "clever"], '--bots: expected one of heuristic, random, got "clever"'],
    [["--save", join(dir, "no/such/dir/game.json")], "--save: cannot write"],
  ];
  for (const [args, message] of bad) {
    it(`refuses ${args.join(" ")} with exit 2 and one line`, async () => {
      const run = await bang(["play", ...args]);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toContain(`bang play: ${message}`);
    });
  }
});

describe("bang replay", () => {
  /** A finished game's log, made by bang simulate. */
  async function aLog(): Promise<{ file: string; log: { setup: unknown; entries: { command: Record<string, unknown> }[] } }> {
    const logs = join(dir, "logs");
    const run = await bang(["simulate", "--games", "1", "--players", "5", "--seed", "9", "--save-dir", logs, "--json"]);
    expect(run.code).toBe(0);
    const file = join(logs, "game-1-seed-9.json");
    return { file, log: JSON.parse(readFileSync(file, "utf8")) as { setup: unknown; entries: { command: Record<string, unknown> }[] } };
  }

  function corrupt(name: string, change: (log: { setup: unknown; entries: { command: Record<string, unknown> }[] }) => void, from: { setup: unknown; entries: { command: Record<string, unknown> }[] }): string {
    const copy = structuredClone(from);
    change(copy);
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(copy));
    return file;
  }

  it("--step N prints the state after entry N; --json the state itself", async () => {
    const { file, log } = await aLog();
    const first = log.entries.findIndex((e) => e.command.type === "roll"); // 1 when the sheriff is Sid Ketchum (C12)
    const text = await bang(["replay", file, "--step", String(first)]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^== entry ${first} of ${log.entries.length - 1}: p\\d roll ==\\np\\d rolls: `));
    const json = await bang(["replay", file, "--step", String(first), "--json"]);
    const state = JSON.parse(json.stdout) as { rolls: number; dice: string[]; stateId: number; players: unknown[] };
    expect(state.stateId).toBe(first + 1);
    expect(state.rolls).toBe(1);
    expect(state.dice).toHaveLength(5);
    expect(state.players).toHaveLength(5);
    const out = await bang(["replay", file, "--step", String(log.entries.length)]);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(`bang replay: --step: expected an integer from 0 to ${log.entries.length - 1}`);
  });

  it("reads a log saved before games were modules (setup.mode \"classic\", no game): the same game to the same end", async () => {
    const { file, log } = await aLog();
    const { game: _game, ...old } = log as typeof log & { game?: string };
    const oldFile = join(dir, "old-classic.json");
    writeFileSync(oldFile, JSON.stringify({ ...old, setup: { mode: "classic", ...(log.setup as object) } }));
    const [now, before] = await Promise.all([bang(["replay", file, "--all"]), bang(["replay", oldFile, "--all"])]);
    expect(before.stderr).toBe("");
    expect(before.code).toBe(0);
    expect(before.stdout).toBe(now.stdout);
    expect(winnerLine(before.stdout)).toMatch(/^the (law|outlaws|renegade) wins? \(/);
  });

  it("a corrupt log: exit 2, a message naming the entry and the error code", async () => {
    const { log } = await aLog();
    const first = log.entries.findIndex((e) => e.command.type === "roll");
    const cases: [string, string, RegExp][] = [
      [corrupt("unknown.json", (l) => (l.entries[5]!.command.type = "fly"), log), "unknown command", /entry 5 does not replay \(INVALID_COMMAND\)/],
      [corrupt("twice.json", (l) => l.entries.splice(first + 1, 0, structuredClone(l.entries[first]!)), log), "rolled twice", new RegExp(`entry ${first + 1} does not replay \\(WRONG_PHASE\\)`)],
      [corrupt("turn.json", (l) => (l.entries[0]!.command.by = l.entries[0]!.command.by === "p1" ? "p2" : "p1"), log), "out of turn", /entry 0 does not replay \(NOT_YOUR_TURN\)/],
      [corrupt("setup.json", (l) => (l.setup = { players: [{ id: "a" }, { id: "b" }] }), log), "a 2-seat setup", /the setup is refused \(INVALID_SETUP\): .*players/],
      [corrupt("shape.json", (l) => (l.entries = "none" as never), log), "entries not a list", /: entries: expected a list/],
      [corrupt("game.json", (l) => ((l as { game?: string }).game = "triel"), log), "an unknown game", /: game: unknown game "triel" \(one of dice, dice_duel, cards, cash_n_guns\)/],
    ];
    for (const [file, what, message] of cases) {
      const run = await bang(["replay", file, "--all"]);
      expect(run.code, what).toBe(2);
      expect(run.stdout, what).toBe("");
      expect(run.stderr, what).toMatch(message);
      expect(run.stderr.startsWith(`${file}: `), what).toBe(true);
      expect(hasStack(run.stderr), what).toBe(false);
    }
    const broken = join(dir, "broken.json");
    writeFileSync(broken, '{"setup": {');
    const run = await bang(["replay", broken]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${broken}: not valid JSON`);
  });
});
