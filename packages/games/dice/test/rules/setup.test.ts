import { describe, expect, it } from "vitest";
import {
  CHARACTERS,
  CHARACTER_LIFE,
  ROLES_BY_COUNT,
  TOTAL_ARROWS,
  createGame,
  playerView,
  type Character,
  type GameSetup,
  type Role,
} from "../../src/index.js";
import { randomGame } from "./driver.js";
import { activeId, newGame, playAll, resolve, roll, seat, stop, to, totalArrows } from "./helpers.js";

const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i}` }));
const sortedRoles = (roles: readonly Role[]) => [...roles].sort();
const count = (roles: readonly Role[], role: Role) => roles.filter((r) => r === role).length;

describe("R1 setup", () => {
  it("R1.1 dealt roles match the player count: 4 = S R 2O, 5 = +D, 6 = S R 3O D, 7 = S R 3O 2D, 8 = S 2R 3O 2D", () => {
    const want: Record<number, Record<Role, number>> = {
      4: { sheriff: 1, renegade: 1, outlaw: 2, deputy: 0 },
      5: { sheriff: 1, renegade: 1, outlaw: 2, deputy: 1 },
      6: { sheriff: 1, renegade: 1, outlaw: 3, deputy: 1 },
      7: { sheriff: 1, renegade: 1, outlaw: 3, deputy: 2 },
      8: { sheriff: 1, renegade: 2, outlaw: 3, deputy: 2 },
    };
    for (let n = 4; n <= 8; n++) {
      for (let seed = 0; seed < 5; seed++) {
        const roles = newGame({ players: ids(n), seed }).players.map((p) => p.role);
        expect(roles).toHaveLength(n);
        for (const role of ["sheriff", "renegade", "outlaw", "deputy"] as const) {
          expect(count(roles, role), `${n} players, ${role}`).toBe(want[n]![role]);
        }
      }
    }
  });

  it("R1.1 three players are dealt deputy, outlaw and renegade (part C)", () => {
    for (let seed = 0; seed < 5; seed++) {
      expect(sortedRoles(newGame({ players: ids(3), seed }).players.map((p) => p.role))).toEqual(["deputy", "outlaw", "renegade"]);
    }
    expect(sortedRoles(ROLES_BY_COUNT[3]!)).toEqual(["deputy", "outlaw", "renegade"]);
  });

  it("R1.1 fewer than 3 or more than 8 players are refused with INVALID_SETUP", () => {
    for (const n of [0, 1, 2, 9, 10]) {
      const created = createGame({ players: ids(n) });
      expect(created.ok).toBe(false);
      if (!created.ok) expect(created.error.code).toBe("INVALID_SETUP");
    }
  });

  it("R1.1 explicit roles must follow the distribution of the player count (engine ruling), all seats or none", () => {
    const four = (roles: Role[]): GameSetup => ({
      players: roles.map((role, i) => seat(`p${i}`, role, CHARACTERS[i]!)),
    });
    expect(createGame(four(["sheriff", "renegade", "outlaw", "outlaw"])).ok).toBe(true);
    for (const wrong of [
      ["sheriff", "deputy", "outlaw", "outlaw"],
      ["sheriff", "sheriff", "outlaw", "renegade"],
      ["deputy", "renegade", "outlaw", "outlaw"],
    ] as Role[][]) {
      const created = createGame(four(wrong));
      expect(created.ok ? "accepted" : created.error.code, wrong.join(",")).toBe("INVALID_SETUP");
    }
    const partial = createGame({ players: [{ id: "a", role: "sheriff" }, { id: "b" }, { id: "c" }, { id: "d" }] });
    expect(partial.ok ? "accepted" : partial.error.code).toBe("INVALID_SETUP");
  });

  it("R1.1 an unknown role is refused with INVALID_SETUP", () => {
    const created = createGame({
      players: [{ id: "a", role: "marshal" as Role }, { id: "b", role: "outlaw" }, { id: "c", role: "outlaw" }, { id: "d", role: "renegade" }],
    });
    expect(created.ok ? "accepted" : created.error.code).toBe("INVALID_SETUP");
  });

  it("R1.1 a seat that is not an object, or a seed outside 32 bits, is refused with INVALID_SETUP naming the field", () => {
    const seats = createGame({ players: [null as unknown as { id: string }, { id: "b" }, { id: "c" }, { id: "d" }] });
    expect(seats.ok ? "accepted" : seats.error.message).toMatch(/^players\[0\]/);
    const seed = createGame({ players: ids(4), seed: 2 ** 40 });
    expect(seed.ok ? "accepted" : seed.error.message).toMatch(/^seed/);
    expect(createGame({ players: ids(4), seed: -(2 ** 31) }).ok).toBe(true);
  });

  it("R1.2 dealing is deterministic per seed and differs across seeds", () => {
    const deal = (seed: number) => newGame({ players: ids(7), seed }).players.map((p) => `${p.role}/${p.character}`).join(" ");
    expect(deal(42)).toBe(deal(42));
    expect(deal(0)).toBe(deal(0));
    const deals = new Set(Array.from({ length: 10 }, (_, seed) => deal(seed)));
    expect(deals.size).toBeGreaterThan(5);
    const sheriffSeats = new Set(Array.from({ length: 30 }, (_, seed) => newGame({ players: ids(5), seed }).players.findIndex((p) => p.role === "sheriff")));
    expect(sheriffSeats.size).toBeGreaterThan(1);
  });

  it("R1.2 roles are secret: a player sees their own role and the sheriff's, nobody else's", () => {
    const s = newGame({ players: ids(5), seed: 3 });
    const sheriff = s.players.find((p) => p.role === "sheriff")!.id;
    const viewer = s.players.find((p) => p.role !== "sheriff")!.id;
    const seen = playerView(s, { kind: "player", id: viewer }).players;
    for (const p of seen) {
      const real = s.players.find((x) => x.id === p.id)!.role;
      expect(p.role, p.id).toBe(p.id === viewer || p.id === sheriff ? real : null);
    }
    const spectator = playerView(s, { kind: "spectator" }).players;
    expect(spectator.filter((p) => p.role !== null).map((p) => p.id)).toEqual([sheriff]);
    expect(spectator.find((p) => p.id === sheriff)!.role).toBe("sheriff");
  });

  it("R1.3 life starts at the character's life points, +2 for the sheriff", () => {
    const s = newGame({
      players: [
        seat("a", "outlaw", "paul_regret"),
        seat("b", "sheriff", "el_gringo"),
        seat("c", "renegade", "bart_cassidy"),
        seat("d", "outlaw", "kit_carlson"),
      ],
    });
    expect(s.players.map((p) => [p.id, p.life, p.maxLife])).toEqual([
      ["a", 9, 9],
      ["b", 9, 9],
      ["c", 8, 8],
      ["d", 7, 7],
    ]);
    for (let seed = 0; seed < 10; seed++) {
      for (const p of newGame({ players: ids(6), seed }).players) {
        expect(p.maxLife).toBe(CHARACTER_LIFE[p.character] + (p.role === "sheriff" ? 2 : 0));
        expect(p.life).toBe(p.maxLife);
      }
    }
  });

  it("R1.3 dealt characters are distinct; fixed characters are kept and never dealt again", () => {
    for (let seed = 0; seed < 20; seed++) {
      const chars = newGame({ players: ids(8), seed }).players.map((p) => p.character);
      expect(new Set(chars).size).toBe(8);
    }
    for (let seed = 0; seed < 20; seed++) {
      const s = newGame({ players: [{ id: "a", character: "vulture_sam" }, { id: "b" }, { id: "c" }, { id: "d", character: "sid_ketchum" }, { id: "e" }], seed });
      const chars = s.players.map((p) => p.character);
      expect(chars[0]).toBe("vulture_sam");
      expect(chars[3]).toBe("sid_ketchum");
      expect(new Set(chars).size).toBe(5);
    }
  });

  it("R1.3 a character taken twice or an unknown character is refused with INVALID_SETUP", () => {
    const twice = createGame({ players: [{ id: "a", character: "el_gringo" }, { id: "b", character: "el_gringo" }, { id: "c" }, { id: "d" }] });
    expect(twice.ok ? "accepted" : twice.error.code).toBe("INVALID_SETUP");
    const unknown = createGame({ players: [{ id: "a", character: "billy_the_kid" as Character }, { id: "b" }, { id: "c" }, { id: "d" }] });
    expect(unknown.ok ? "accepted" : unknown.error.code).toBe("INVALID_SETUP");
  });

  it("R1.4 seats keep the given clockwise order and the turn passes to the next seat", () => {
    const s = newGame({
      players: [
        seat("n", "outlaw", "lucky_duke"),
        seat("e", "sheriff", "paul_regret"),
        seat("s", "renegade", "jesse_jones"),
        seat("w", "outlaw", "black_jack"),
      ],
    });
    expect(s.players.map((p) => p.id)).toEqual(["n", "e", "s", "w"]);
    expect(activeId(s)).toBe("e");
    const after = playAll(s, [[roll("e"), ["dynamite", "dynamite", "dynamite", "gatling", "gatling"]]]).state;
    expect(activeId(after)).toBe("s");
  });

  it("R1.5 the pile starts with 9 arrows; a setup whose pile and held arrows do not make 9 is refused", () => {
    expect(TOTAL_ARROWS).toBe(9);
    expect(newGame({ players: ids(5) }).arrowsInPile).toBe(9);
    const held = newGame({ players: [{ id: "a", arrows: 2 }, { id: "b", arrows: 3 }, { id: "c" }, { id: "d" }] });
    expect(held.arrowsInPile).toBe(4);
    const wrong = createGame({ players: [{ id: "a", arrows: 2 }, { id: "b" }, { id: "c" }, { id: "d" }], arrowsInPile: 9 });
    expect(wrong.ok ? "accepted" : wrong.error.code).toBe("INVALID_SETUP");
  });

  it("R1.5 an empty pile at setup is refused (engine ruling: arrowsInPile >= 1)", () => {
    const empty = createGame({ players: [{ id: "a", arrows: 5 }, { id: "b", arrows: 4 }, { id: "c" }, { id: "d" }], arrowsInPile: 0 });
    expect(empty.ok ? "accepted" : empty.error.code).toBe("INVALID_SETUP");
    const one = createGame({ players: [{ id: "a", arrows: 5 }, { id: "b", arrows: 3 }, { id: "c" }, { id: "d" }], arrowsInPile: 1 });
    expect(one.ok).toBe(true);
  });

  it("R1.5 arrows are conserved (pile + held = 9, pile never empty at rest) over seeded games of 3 to 8 players", () => {
    let commands = 0;
    let finished = 0;
    const problems: string[] = [];
    for (let players = 3; players <= 8; players++) {
      for (let seed = 1; seed <= 8; seed++) {
        const last = randomGame(seed, players, (s, c) => {
          commands++;
          const where = `${players} players, seed ${seed}, after ${c.type} #${commands}`;
          if (totalArrows(s) !== 9) problems.push(`${where}: pile + held = ${totalArrows(s)}`);
          if (s.arrowsInPile < 1) problems.push(`${where}: empty pile`);
          for (const p of s.players) {
            if (p.life < 0 || p.life > p.maxLife) problems.push(`${where}: ${p.id} life ${p.life}/${p.maxLife}`);
            if (p.alive !== p.life > 0) problems.push(`${where}: ${p.id} alive ${p.alive} at life ${p.life}`);
            if (!p.alive && p.arrows !== 0) problems.push(`${where}: eliminated ${p.id} holds ${p.arrows} arrows`);
          }
        });
        if (last.phase === "gameOver") finished++;
      }
    }
    expect(problems).toEqual([]);
    expect(commands).toBeGreaterThan(1000);
    expect(finished).toBeGreaterThan(24);
  });

  it("R1.6 the sheriff takes the first turn, wherever they sit", () => {
    for (let seed = 0; seed < 10; seed++) {
      const s = newGame({ players: ids(6), seed });
      expect(s.players[s.turn]!.role).toBe("sheriff");
      expect(s.phase).toBe("rolling");
      expect(s.rolls).toBe(0);
    }
  });

  it("R1.6 turns pass clockwise, skipping eliminated players, and wrap round the table", () => {
    const s = newGame({
      players: [
        seat("a", "sheriff", "paul_regret"),
        seat("b", "outlaw", "lucky_duke", { alive: false }),
        seat("c", "renegade", "jesse_jones", { life: 1 }),
        seat("d", "outlaw", "black_jack"),
        seat("e", "deputy", "rose_doolan"),
      ],
    });
    const quiet = ["dynamite", "dynamite", "arrow", "gatling", "gatling"] as const;
    const turns: string[] = [activeId(s)];
    let state = s;
    for (let k = 0; k < 4; k++) {
      const by = activeId(state);
      state = playAll(state, [[roll(by), [...quiet]], [stop(by)]]).state;
      turns.push(activeId(state));
    }
    expect(turns).toEqual(["a", "c", "d", "e", "a"]);
    // and a player eliminated during play is skipped from then on
    const shot = playAll(state, [
      [roll("a"), ["1", "dynamite", "dynamite", "gatling", "gatling"]],
      [stop("a")],
      [resolve("a", { shots: to([0, "c"]) })],
    ]).state;
    expect(activeId(shot)).toBe("d");
  });
});
