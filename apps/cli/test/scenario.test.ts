import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { bang, ensureBuilt, hasStack, jsonDocuments, ROOT, SCENARIOS, tempDir } from "./bang.js";

const WORKED_EXAMPLE = join(SCENARIOS, "01-seed-worked-example.json");
/** The duel's own scenarios, beside its module. */
const DUEL_SCENARIOS = join(ROOT, "packages/games/dice-duel/scenarios");
const dir = tempDir("bang-scenario-");

interface Output {
  game: string;
  players: { id: string; role: string; character: string; life: number; maxLife: number; arrows: number; alive: boolean }[];
  arrowsInPile: number;
  turn: string;
  phase: string;
  winner: unknown;
  rejected: unknown;
  events: { type: string }[];
}

/** The parts of a scenario file the tests change (on purpose, sometimes to the wrong type). */
interface ScenarioJson {
  setup: { mode?: string; game?: string; players: Record<string, unknown>[] };
  steps: { by?: string; dice?: string[] }[];
  expect: { players: Record<string, Record<string, unknown>>; [field: string]: unknown };
}

/** A copy of the worked example with `change` applied, written to a temporary file. */
function variant(name: string, change: (scenario: ScenarioJson) => void): string {
  const scenario = JSON.parse(readFileSync(WORKED_EXAMPLE, "utf8")) as ScenarioJson;
  change(scenario);
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(scenario, null, 2));
  return file;
}

beforeAll(ensureBuilt, 300_000);

describe("bang scenario", () => {
  it("runs the shared worked example (R2.5, R4.1, R3.8): exit 0, the final state as JSON", async () => {
    const run = await bang(["scenario", WORKED_EXAMPLE]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const [output, ...more] = jsonDocuments(run.stdout) as Output[];
    expect(more).toEqual([]);
    expect(output!.players.map((p) => [p.id, p.role, p.character, p.life, p.maxLife, p.arrows, p.alive])).toEqual([
      ["a", "sheriff", "jesse_jones", 4, 11, 0, true],
      ["b", "outlaw", "paul_regret", 6, 9, 0, true],
      ["c", "renegade", "lucky_duke", 4, 8, 0, true],
      ["d", "outlaw", "suzy_lafayette", 5, 8, 0, true],
    ]);
    expect(output!.arrowsInPile).toBe(9);
    expect(output!.turn).toBe("b");
    expect(output!.phase).toBe("rolling");
    expect(output!.winner).toBeNull();
    expect(output!.events.some((e) => e.type === "indianAttack")).toBe(true);
    expect(output!.game).toBe("dice");
    expect(run.stdout.startsWith('{\n  "game": "dice",\n  "players": [\n    {\n      "id": "a"')).toBe(true);
  });

  it("passes every shared scenario, printing one JSON document per file", async () => {
    const files = ["01-seed-worked-example.json", "02-dynamite-explosion-stops-rolling.json", "12-invalid-target.json"].map((f) => join(SCENARIOS, f));
    const run = await bang(["scenario", ...files]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(jsonDocuments(run.stdout)).toHaveLength(3);
  });

  it('a file may name its game "game": "dice" instead of the older "mode": "classic": the same run', async () => {
    const file = variant("game-dice.json", (s) => {
      delete s.setup.mode;
      s.setup.game = "dice";
    });
    const [now, before] = await Promise.all([bang(["scenario", file]), bang(["scenario", WORKED_EXAMPLE])]);
    expect(now.code).toBe(0);
    expect(now.stdout).toBe(before.stdout);
  });

  it("runs the duel's own scenarios (RULES.md part D) with the same runner; their output names the game", async () => {
    const files = readdirSync(DUEL_SCENARIOS).filter((f) => f.endsWith(".json")).sort().map((f) => join(DUEL_SCENARIOS, f));
    expect(files.length).toBeGreaterThanOrEqual(20);
    const run = await bang(["scenario", ...files]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const outputs = jsonDocuments(run.stdout) as Output[];
    expect(outputs).toHaveLength(files.length);
    expect(new Set(outputs.map((o) => o.game))).toEqual(new Set(["dice_duel"]));
  });

  it("exits 1 on a wrong expectation, naming the field and both values on stderr", async () => {
    const file = variant("wrong.json", (s) => {
      s.expect.players.a!.life = 5;
      s.expect.arrowsInPile = 7;
    });
    const run = await bang(["scenario", file]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n")).toEqual([`${file}: players.a.life: expected 5, got 4`, `${file}: arrowsInPile: expected 7, got 9`]);
    expect((jsonDocuments(run.stdout)[0] as Output).players[0]!.life).toBe(4);
  });

  it("exits 1 when one file of several fails, 2 when one is invalid", async () => {
    const wrong = variant("wrong-turn.json", (s) => (s.expect.turn = "c"));
    const failed = await bang(["scenario", WORKED_EXAMPLE, wrong]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`${wrong}: turn: expected "c", got "b"`);
    expect(jsonDocuments(failed.stdout)).toHaveLength(2);
    const invalid = await bang(["scenario", WORKED_EXAMPLE, wrong, join(dir, "missing.json")]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain("missing.json: cannot read the file");
  });

  const invalidFiles: [string, () => string, RegExp][] = [
    [
      "malformed JSON",
      () => {
        const file = join(dir, "malformed.json");
        writeFileSync(file, '{ "name": "cut short", "setup": ');
        return file;
      },
      /: not valid JSON: /,
    ],
    ["a roll with 4 dice", () => variant("dice4.json", (s) => s.steps[0]!.dice!.pop()), /: steps\[0\]\.dice: a roll throws 5 dice/],
    ["an unknown character", () => variant("character.json", (s) => (s.setup.players[1]!.character = "doc_holyday")), /: setup\.players\[1\]\.character: /],
    ["a life given as text", () => variant("life.json", (s) => (s.setup.players[0]!.life = "six")), /: setup\.players\[0\]\.life: /],
    ["an unknown field", () => variant("field.json", (s) => (s.expect.score = 3)), /: expect: .*score/],
    [
      "an expectation about a player the setup does not have",
      () =>
        variant("expect-player.json", (s) => {
          s.expect.players.zed = { life: 3 };
          s.expect.turn = "yves";
        }),
      /: expect\.players\.zed: "zed" is not a player of the setup \(a, b, c, d\)\n[^\n]*: expect\.turn: "yves" is not a player/,
    ],
    ["a winner the setup does not have", () => variant("expect-winner.json", (s) => (s.expect.winner = { team: "law", players: ["a", "zed"] })), /: expect\.winner\.players\[1\]: "zed" is not a player/],
    ["roles the rules refuse (R1.1)", () => variant("roles.json", (s) => (s.setup.players[1]!.role = "sheriff")), /: setup: players\[\]\.role: 4 players take/],
    ["an unknown game", () => variant("game.json", (s) => (s.setup.mode = "triel")), /: setup\.mode: unknown game "triel" \(one of dice, dice_duel, cards, cash_n_guns\)/],
  ];
  for (const [what, make, message] of invalidFiles) {
    it(`exits 2 on ${what}, naming the field, without a stack trace`, async () => {
      const file = make();
      const run = await bang(["scenario", file]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr.startsWith(`${file}: `)).toBe(true);
      expect(run.stderr).toMatch(message);
      expect(hasStack(run.stderr)).toBe(false);
    });
  }

  it("a step by a stranger is the rules' refusal (INVALID_COMMAND), which a file may pin: exit 0 with expect.rejected, 1 without", async () => {
    const pinned = variant("stranger-pinned.json", (s) => {
      s.steps[0]!.by = "zed";
      s.expect = { players: {}, rejected: { step: 0, code: "INVALID_COMMAND" } };
    });
    const run = await bang(["scenario", pinned]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { rejected: { step: number; code: string } }).rejected).toMatchObject({ step: 0, code: "INVALID_COMMAND" });
    const unpinned = variant("stranger.json", (s) => (s.steps[0]!.by = "zed"));
    const failed = await bang(["scenario", unpinned]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/steps\[0\]: refused with INVALID_COMMAND/);
  });

  it("reads a scenario from standard input with -", async () => {
    const run = await bang(["scenario", "-"], readFileSync(WORKED_EXAMPLE, "utf8"));
    expect(run.code).toBe(0);
    expect((jsonDocuments(run.stdout)[0] as Output).turn).toBe("b");
  });
});
