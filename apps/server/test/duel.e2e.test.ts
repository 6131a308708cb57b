/**
 * The duel (game `dice_duel`, RULES.md part D) end to end: two SDK clients create a private duel table and play full
 * duels over WebSocket against the real server (embedded PGlite), each choosing only from its own view.
 * In the first duel of the game both pick the same card, so the duel is played again; in that replay
 * one player does not pick and the table's timer sends `pickTimeout` (the card drawn from the game's
 * seeded source). No frame either player received holds the other's pick before the reveal; bad duel
 * input is refused with its code and changes nothing; the replay shows both picks after the reveal.
 */
import { ClientError, newCommandId, type EventMessage } from "@bang/client";
import { replay, type GameLog } from "@bang/game-core";
import { diceDuel, type DuelCommand, type DuelSetup, type DuelView } from "@bang/game-dice-duel";
import { afterAll, describe, expect, it } from "vitest";
import { playDuelSeat, scanForEarlyPicks, type PickScript } from "./support/duelists.js";
import { closeAll, connectPlayer, replayOf, type Player } from "./support/players.js";
import { useServer } from "./support/server.js";

/** Seconds the duel table gives a person (also the pick timer): the smallest the protocol allows. */
const TURN_SECONDS = 5;

describe("the duel over WebSocket", () => {
  const server = useServer({ backend: "pglite" });
  const players: Player[] = [];
  afterAll(() => closeAll(players));

  it("R8.9 two clients play whole duels: equal picks play the duel again, a missing pick times out from the seeded source, and no pick reaches the other player early", async () => {
    const srv = server();
    const [anna, bert] = [await connectPlayer(srv.url, "anna"), await connectPlayer(srv.url, "bert")];
    players.push(anna, bert);
    const events = new Map<string, EventMessage[]>([[anna.id, []], [bert.id, []]]);
    for (const p of players) p.client.on("event", (e) => events.get(p.id)!.push(e));

    /** One whole duel game on a new private duel table; returns what the checks below need. */
    const playGame = async () => {
      // A private duel table: 2 seats, game dice_duel.
      const created = await anna.client.createTable({ game: "dice_duel", seats: 2, turnSeconds: TURN_SECONDS, botsAllowed: false });
      expect(created.options.game).toBe("dice_duel");
      expect(created.seats).toHaveLength(2);
      await bert.client.joinTable(created.code);
      await bert.client.setReady(created.code, true);
      const table = await anna.client.startGame(created.code);
      const gameId = table.gameId!;
      await Promise.all(players.map((p) => p.client.waitFor((_v, id) => id === gameId, 20_000)));
      expect(anna.client.game(gameId)!.game).toBe("dice_duel");
      const first = anna.client.view(gameId) as DuelView;
      expect(first.players.map((p) => [p.id, p.cards, p.ammo])).toEqual([[anna.id, 8, 3], [bert.id, 8, 3]]);

      // Bad input: a pick outside a duel is WRONG_PHASE, and the log does not move.
      const idle = first.turn === anna.id ? bert : anna;
      await expect(idle.client.send(gameId, { type: "pick", card: "outlaw" })).rejects.toMatchObject({ code: "WRONG_PHASE" });
      expect(idle.client.lastSeq(gameId)).toBe(0);

      // The script: the game's first duel is equal (both outlaw); in its replay bert lets his pick time out.
      let firstDuelTurn: number | null = null;
      let secondPickChecked = false;
      let timedOut = false;
      const script = (who: Player): PickScript => (view, me) => {
        const duel = view.duel!;
        if (firstDuelTurn === null) firstDuelTurn = view.turnNumber;
        if (view.turnNumber !== firstDuelTurn) return "bot";
        if (duel.round === 1) {
          // The starter picks first; the other waits until the starter's second pick was refused.
          if (me === duel.starter) return "outlaw";
          return secondPickChecked ? "outlaw" : "skip";
        }
        if (duel.round === 2 && who === bert && !timedOut) return "skip";
        return "bot";
      };
      const seats = new Map<string, ReturnType<typeof playDuelSeat>>();
      for (const [i, p] of players.entries()) {
        seats.set(
          p.id,
          playDuelSeat(p, gameId, {
            seed: 11 + i,
            picks: script(p),
            afterAck: async (command) => {
              const view = p.client.view(gameId) as DuelView;
              if (command.type !== "pick" || secondPickChecked || view.phase !== "duel" || view.duel!.starter !== p.id) return;
              // Bad input: a second pick in the same duel is ALREADY_PICKED, and the log does not move.
              const before = p.client.lastSeq(gameId);
              const second = await p.client.send(gameId, { type: "pick", card: "sheriff" }, { id: newCommandId() }).catch((e: unknown) => e);
              expect(second).toBeInstanceOf(ClientError);
              expect((second as ClientError).code).toBe("ALREADY_PICKED");
              expect(p.client.lastSeq(gameId)).toBe(before);
              secondPickChecked = true;
              for (const s of seats.values()) setImmediate(() => s.poke());
            },
          }),
        );
      }
      // bert's skipped pick ends with the server's pickTimeout: note it so that bert's script moves on.
      bert.client.on("event", (e) => {
        if (e.gameId === gameId && e.command.type === "pickTimeout") {
          timedOut = true;
          setImmediate(() => seats.get(bert.id)!.poke());
        }
      });
      const finals = await Promise.all([...seats.values()].map((s) => s.done));
      return { gameId, seats, finals, firstDuelTurn: firstDuelTurn as number | null, secondPickChecked, timedOut };
    };
    // About 1 bot duel game in 9 has no duel at all (no two gatling): play until one has.
    let game = await playGame();
    for (let tries = 1; game.firstDuelTurn === null && tries < 6; tries++) {
      for (const e of events.values()) e.length = 0;
      game = await playGame();
    }
    const { gameId, seats, finals, secondPickChecked, timedOut } = game;
    expect(game.firstDuelTurn).not.toBeNull();

    // One winner, the same for both, and the loser has no card left (R8.10).
    const winner = finals[0]!.winner!;
    expect(winner.team).toBe("duel");
    for (const v of finals) expect(v.winner).toEqual(winner);
    expect(finals[0]!.players.find((p) => p.id !== winner.players[0])!.cards).toBe(0);

    // The first duel was played again after equal picks, and bert's pick timed out in its replay.
    const seen = events.get(anna.id)!;
    const reveals = seen.flatMap((e) => e.events).filter((e) => e.type === "duelRevealed");
    expect(reveals[0]).toMatchObject({ round: 1, outcome: "again", picks: [{ card: "outlaw" }, { card: "outlaw" }] });
    const timeout = seen.find((e) => e.command.type === "pickTimeout")!;
    expect(timeout.by).toBe(bert.id);
    expect(timeout.events[0]).toEqual({ type: "duelPicked", player: bert.id, timedOut: true });
    expect(timedOut).toBe(true);
    expect(secondPickChecked).toBe(true);

    // No frame to either player held the other's pick before the reveal (and there were pending picks to check).
    let pending = 0;
    for (const p of players) {
      const { leaks, pendingSeen } = scanForEarlyPicks(p, gameId);
      expect(leaks).toEqual([]);
      pending += pendingSeen;
      expect(p.errors).toEqual([]);
    }
    // The first duel's other player waited while the starter's pick was pending (the script's order).
    expect(pending).toBeGreaterThan(0);
    for (const s of seats.values()) expect(s.refusals).toEqual([]);

    // The replay endpoint: every pick in full after the reveal; the log replays to the clients' end.
    const body = await replayOf(srv.url, gameId, anna.guest.token);
    const picks = body.entries.filter((e) => e.command.type === "pick");
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const e of picks) expect(e.command).toHaveProperty("card");
    expect(body.game).toBe("dice_duel");
    const log: GameLog<DuelSetup, DuelCommand> = { game: "dice_duel", setup: { players: [{ id: anna.id }, { id: bert.id }], seed: body.seed as string }, entries: body.entries.map((e) => ({ command: { ...e.command, by: e.by } as DuelCommand })) };
    const last = replay(diceDuel, log).at(-1)!;
    expect(last.winner).toEqual(winner);
    expect(body.view).toEqual({ ...finals[0], viewer: body.view.viewer });
  }, 120_000);
});
