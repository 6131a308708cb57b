/**
 * defineGame (module.ts) checks a module once, when it is built or registered (boardgame.io's
 * ProcessGameConfig): a malformed module throws then, naming the module and the member.
 */
import { describe, expect, it } from "vitest";
import { COMMON_REFUSALS, defineGame, seatRangeFor, type AnyGameModule } from "../src/index.js";
import { race } from "./support/race.js";

/** The race module with some members replaced (or removed with undefined). */
const changed = (over: Record<string, unknown>): AnyGameModule => ({ ...(race as unknown as AnyGameModule), ...over }) as AnyGameModule;

describe("defineGame", () => {
  it("returns a well-formed module as it is", () => {
    const module = race as unknown as AnyGameModule;
    expect(defineGame(module)).toBe(module);
    expect(defineGame(changed({ rankedSeats: { min: 3, max: 4 } })).rankedSeats).toEqual({ min: 3, max: 4 });
  });

  it("refuses an id that is not 1 to 32 lower-case letters, digits or _ starting with a letter", () => {
    for (const id of ["", "Race", "1race", "_race", "race-two", "race two", "r".repeat(33), undefined, 7]) {
      expect(() => defineGame(changed({ id })), String(id)).toThrow(/id must be 1 to 32 lower-case letters/);
    }
    for (const id of ["r", "race_2", "r".repeat(32)]) expect(defineGame(changed({ id })).id).toBe(id);
  });

  it("refuses an empty name", () => {
    expect(() => defineGame(changed({ name: " " }))).toThrow(/game module "race": name is empty/);
    expect(() => defineGame(changed({ name: undefined }))).toThrow(/name is empty/);
  });

  it("refuses seats with min > max, below 1 or not integers; rankedSeats likewise and within seats", () => {
    for (const seats of [{ min: 4, max: 2 }, { min: 0, max: 2 }, { min: 1.5, max: 2 }, { min: 2, max: Infinity }]) {
      expect(() => defineGame(changed({ seats })), JSON.stringify(seats)).toThrow(/seats must be 1 <= min <= max/);
    }
    expect(() => defineGame(changed({ rankedSeats: { min: 3, max: 2 } }))).toThrow(/rankedSeats must be 1 <= min <= max/);
    expect(() => defineGame(changed({ rankedSeats: { min: 2, max: 5 } }))).toThrow(/rankedSeats must lie within seats/);
    expect(() => defineGame(changed({ rankedSeats: { min: 1, max: 4 } }))).toThrow(/rankedSeats must lie within seats/);
  });

  it("seatsFor: optional; a non-function is refused; seatRangeFor answers it within seats, else seats", () => {
    expect(() => defineGame(changed({ seatsFor: { min: 2, max: 3 } }))).toThrow(/game module "race": seatsFor must be a function/);
    const plain = race as unknown as AnyGameModule;
    expect(seatRangeFor(plain, { anything: true })).toEqual(plain.seats);
    const optioned = defineGame(changed({ seatsFor: (o: { more?: boolean }) => (o.more ? plain.seats : { min: plain.seats.min, max: plain.seats.min }) }));
    expect(seatRangeFor(optioned, {})).toEqual({ min: plain.seats.min, max: plain.seats.min });
    expect(seatRangeFor(optioned, { more: true })).toEqual(plain.seats);
    // A module answering a range outside its seats is a bug of the module: said, never trusted.
    const wide = (o: { more?: boolean }) => (o.more ? { min: plain.seats.min, max: plain.seats.max + 1 } : plain.seats);
    expect(() => seatRangeFor(defineGame(changed({ seatsFor: wide })), { more: true })).toThrow(/game module "race": seatsFor answered .* not a range within seats/);
    // Asked of the default options when the module is defined: a bad answer throws then.
    expect(() => defineGame(changed({ seatsFor: () => ({ min: plain.seats.min, max: plain.seats.max + 1 }) }))).toThrow(/game module "race": seatsFor answered/);
    expect(() => defineGame(changed({ seatsFor: () => null }))).toThrow(/seatsFor answered null/);
  });

  it("refuses a refusal code that is not UPPER_SNAKE_CASE", () => {
    for (const code of ["must_roll", "Must-Roll", "1CODE", ""]) {
      expect(() => defineGame(changed({ refusals: [code] })), code).toThrow(/is not UPPER_SNAKE_CASE/);
    }
    expect(defineGame(changed({ refusals: ["MUST_ROLL", "A2_B"] })).refusals).toEqual(["MUST_ROLL", "A2_B"]);
    for (const code of COMMON_REFUSALS) expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });

  it("refuses a module without both bots", () => {
    expect(() => defineGame(changed({ bots: undefined }))).toThrow(/bots\.heuristic is missing/);
    expect(() => defineGame(changed({ bots: { heuristic: race.bots.heuristic } }))).toThrow(/bots\.random is missing/);
    expect(() => defineGame(changed({ bots: { random: race.bots.random, heuristic: "smart" } }))).toThrow(/bots\.heuristic is missing/);
  });

  it("refuses a module missing any of its functions, naming it", () => {
    for (const method of ["setupFor", "create", "apply", "view", "viewEvent", "toAct", "onTimeout", "result", "machine", "legal", "summary", "facets"]) {
      expect(() => defineGame(changed({ [method]: undefined })), method).toThrow(new RegExp(`game module "race": ${method} is missing`));
    }
  });
});
