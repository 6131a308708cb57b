/** The player's table logic (apps/web/src/lib/table.ts) on views the engine makes. */
import { applyCommand, createGame, legalActions, playerView, type GameState, type PlayerView } from "@bang/engine";
import { describe, expect, it } from "vitest";
import { chooseTarget, describeEvent, initialChoices, prompt, rerollIndexes, resolveCommand, seatsAround, toggleKeep } from "../src/lib/table";

const names = new Map([
  ["a", "Ann"],
  ["b", "Bob"],
  ["c", "Cid"],
  ["d", "Dan"],
  ["e", "Eve"],
]);

function game(seed = 3): GameState {
  const created = createGame({ mode: "classic", players: [...names.keys()].map((id) => ({ id })), seed });
  if (!created.ok) throw new Error(created.error.message);
  return created.state;
}

/** Plays roll then stop for whoever acts until the game reaches `resolving` with a shot or a beer. */
function toResolving(): { state: GameState; view: PlayerView; me: string } {
  for (let seed = 1; seed < 200; seed++) {
    let s = game(seed);
    const me = s.players[s.turn]!.id;
    if (s.healPending) continue;
    const rolled = applyCommand(s, { type: "roll", by: me });
    if (!rolled.ok) continue;
    const stopped = applyCommand(rolled.state, { type: "stop", by: me });
    if (!stopped.ok || stopped.state.phase !== "resolving") continue;
    s = stopped.state;
    const view = playerView(s, { kind: "player", id: me });
    const legal = legalActions(view, me);
    if (legal.kind === "resolve" && legal.shots.length > 0 && legal.beers.length > 0) return { state: s, view, me };
  }
  throw new Error("no seed gives shots and beers");
}

describe("seatsAround", () => {
  it("starts with the viewer's seat and keeps the clockwise order; a spectator starts at seat 0", () => {
    const s = game();
    const view = playerView(s, { kind: "player", id: "c" });
    expect(seatsAround(view, "c", names).map((x) => x.name)).toEqual(["Cid", "Dan", "Eve", "Ann", "Bob"]);
    expect(seatsAround(view, "c", names)[0]!.isMe).toBe(true);
    expect(seatsAround(playerView(s, { kind: "spectator" }), null, names).map((x) => x.id)).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("R1.2: shows only the roles the view carries (own role and the sheriff's)", () => {
    const s = game();
    const view = playerView(s, { kind: "player", id: "c" });
    for (const seat of seatsAround(view, "c", names)) {
      const real = s.players.find((p) => p.id === seat.id)!;
      expect(seat.role).toBe(seat.id === "c" || real.role === "sheriff" ? real.role : null);
    }
  });
});

describe("click-to-keep", () => {
  it("R2.3: toggles only rerollable dice, and rerolls the rerollable dice not kept", () => {
    const rerollable = [0, 2, 3, 4];
    let kept = toggleKeep([], 2, rerollable);
    kept = toggleKeep(kept, 0, rerollable);
    expect(kept).toEqual([0, 2]);
    expect(toggleKeep(kept, 1, rerollable)).toEqual([0, 2]);
    expect(toggleKeep(kept, 2, rerollable)).toEqual([0]);
    expect(rerollIndexes(rerollable, kept)).toEqual([3, 4]);
  });
});

describe("targets of shots and beers", () => {
  it("R3.3: starts each die at a legal target, refuses an illegal one, and builds the resolve command", () => {
    const { view, me } = toResolving();
    const legal = legalActions(view, me);
    if (legal.kind !== "resolve") throw new Error("not resolving");
    const choices = initialChoices(legal, view, me);
    for (const s of legal.shots) expect(s.targets).toContain(choices.shots[s.die]);
    for (const b of legal.beers) expect(b.targets).toContain(choices.beers[b.die]);
    const shot = legal.shots[0]!;
    const illegal = [...names.keys()].find((id) => !shot.targets.includes(id))!;
    expect(chooseTarget(choices, legal, "shots", shot.die, illegal)).toBe(choices);
    const other = shot.targets.at(-1)!;
    const changed = chooseTarget(choices, legal, "shots", shot.die, other);
    expect(changed.shots[shot.die]).toBe(other);
    const command = resolveCommand(legal, changed)!;
    expect(command.type).toBe("resolve");
    // The engine takes the command as built.
    const { state } = toResolving();
    expect(applyCommand(state, { ...command, by: me } as never).ok).toBe(true);
    expect(resolveCommand(legal, { shots: {}, beers: {} })).toBeNull();
    expect(prompt(view, me, legal, names)).toContain("target");
  });
});

describe("describeEvent", () => {
  it("names the players of events", () => {
    expect(describeEvent({ type: "eliminated", player: "b", role: "outlaw", by: "a" }, names)).toBe("Bob is eliminated: they were outlaw.");
    expect(describeEvent({ type: "lifeLost", player: "c", amount: 2, cause: "shot", by: "a" }, names)).toBe("Cid loses 2 life (shot by Ann).");
    expect(describeEvent({ type: "gameOver", winner: { team: "law", players: ["a", "d"] } }, names)).toBe("Game over: law win (Ann, Dan).");
  });
});
