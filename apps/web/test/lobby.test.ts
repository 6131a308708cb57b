/** The lobby's "new table" form (apps/web/src/lib/lobby.ts) on the games of a server's catalog. */
import { tableOptions } from "@bang/protocol";
import { describe, expect, it } from "vitest";
import { defaultSeats, isMyRunningGame, PREFERRED_SEATS, seatChoices, seatsText, tableOptionsFor } from "../src/lib/lobby";

const wide = { seats: { min: 3, max: 8 } };
const pair = { seats: { min: 2, max: 2 } };
const small = { seats: { min: 2, max: 4 } };

describe("new table", () => {
  it("offers every seat count of the game's range, a table of five first where the game allows it", () => {
    expect(seatChoices(wide)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(seatChoices(pair)).toEqual([2]);
    expect(defaultSeats(wide)).toBe(PREFERRED_SEATS);
    expect(defaultSeats(pair)).toBe(2);
    expect(defaultSeats(small)).toBe(4);
    expect(defaultSeats({ seats: { min: 6, max: 8 } })).toBe(6);
  });

  it("offers only the seats a table with no game options may have (the card game's 8 need its option)", () => {
    const cards = { seats: { min: 4, max: 8 }, plainSeats: { min: 4, max: 7 } };
    expect(seatChoices(cards)).toEqual([4, 5, 6, 7]);
    expect(defaultSeats(cards)).toBe(PREFERRED_SEATS);
    expect(defaultSeats({ seats: { min: 4, max: 8 }, plainSeats: { min: 4, max: 4 } })).toBe(4);
    // The game's label says the same players as the seats offered (E1.2: 8 only with the option).
    expect(seatsText(cards)).toBe("4 to 7");
    expect(seatsText(wide)).toBe("3 to 8");
    expect(seatsText(pair)).toBe("2");
  });

  it("sends the game, its seats, the bots, the turn time and no game options, as the protocol takes them", () => {
    const options = tableOptionsFor("some_game", 4, "random", 45);
    expect(options).toEqual({ game: "some_game", seats: 4, botsAllowed: true, botKind: "random", turnSeconds: 45, gameOptions: {} });
    expect(tableOptions.parse(options)).toEqual(options);
    expect(tableOptionsFor("some_game", 2, "none", 60)).toMatchObject({ botsAllowed: false, gameOptions: {} });
  });
});

describe("your game in progress", () => {
  const seats = [
    { id: "ann", bot: null },
    { id: "bob", bot: "heuristic" },
    { id: "bot-1", bot: "random" },
  ];
  it("is offered only for a running game where the player has a seat of their own", () => {
    expect(isMyRunningGame({ status: "running", seats }, "ann")).toBe(true);
    // Watched, not seated.
    expect(isMyRunningGame({ status: "running", seats }, "zoe")).toBe(false);
    // A seat an admin gave to the bot: the player's commands are refused there.
    expect(isMyRunningGame({ status: "running", seats }, "bob")).toBe(false);
    expect(isMyRunningGame({ status: "finished", seats }, "ann")).toBe(false);
    expect(isMyRunningGame({ status: "abandoned", seats }, "ann")).toBe(false);
  });
});
