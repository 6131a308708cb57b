import { checkSeats, stepCommand, type PlayerId, type ScenarioFormat, type Viewer } from "@bang/game-core";
import type { CngSetup } from "../setup.js";
import type { BulletCount, CngCommand, CngState } from "../types.js";
import { cngView } from "../view.js";
import { cngScenarioSchema, type CngScenario, type CngScenarioStep } from "./schema.js";

/** A seat as a scenario's `views` expectation reads it (SCENARIOS-cash-n-guns.md "Expectations"). */
interface SeatSeen {
  bullet: string | null;
  aim: string | null;
  courage: string | null;
  hand: BulletCount | { size: number };
}

/** What `viewer` is shown of each seat, reduced to the scenario fields (F8). */
function viewsFor(s: CngState, viewer: Viewer): { players: Record<PlayerId, SeatSeen> } {
  const view = cngView(s, viewer);
  const players: Record<PlayerId, SeatSeen> = {};
  for (const p of view.players) players[p.id] = { bullet: p.bullet, aim: p.aim, courage: p.courage, hand: p.hand ?? { size: p.handSize } };
  return { players };
}

/** The state printed after a scenario ("Output printed"), before the runner's `rejected` and `events`. */
export function cngScenarioOutput(s: CngState) {
  const views: Record<string, { players: Record<PlayerId, SeatSeen> }> = {};
  for (const p of s.players) views[p.id] = viewsFor(s, { kind: "player", id: p.id });
  views.spectator = viewsFor(s, { kind: "spectator" });
  return {
    players: s.players.map((p) => ({
      id: p.id,
      alive: p.alive,
      status: p.status,
      wounds: p.wounds,
      hand: p.alive ? { ...p.hand } : null,
      discard: p.alive ? { ...p.discard } : null,
      loot: p.loot.slice(),
      score: s.scoring?.totals[p.id] ?? null,
    })),
    round: s.round,
    phase: s.phase,
    godfather: s.godfather,
    turn: s.phase === "sharing" ? s.shareTurn : s.phase === "retarget" ? (s.order?.player ?? null) : null,
    table: s.table.slice(),
    newGodfatherAvailable: s.tile === "available",
    diamondBonus: s.scoring?.diamondBonus ?? null,
    winner: s.winner && { players: s.winner.players.slice(), reason: s.winner.reason },
    views,
  };
}
type Output = ReturnType<typeof cngScenarioOutput>;

const sorted = <T>(items: readonly T[] | undefined) => (items === undefined ? undefined : [...items].sort());

/**
 * Ca$h 'n Guns scenario files (SCENARIOS-cash-n-guns.md): no draws (the loot order is given and every
 * choice is a command); `loot`, `table` and the winners compared as multisets; a `views` entry of a
 * player or `spectator` checks the fields that viewer is shown (F8).
 */
export const cngScenarios: ScenarioFormat<CngSetup, CngCommand, CngState, CngScenario, Output> = {
  file: cngScenarioSchema,
  setup(file) {
    const { game: _game, ...setup } = file.setup;
    const godfather = setup.godfather ?? setup.players.find((p) => p.alive !== false)?.id;
    return { ...setup, godfather };
  },
  step(step: CngScenarioStep) {
    return { command: stepCommand(step) as CngCommand, draws: [] };
  },
  references(file) {
    const e = file.expect;
    return [
      ...Object.keys(e.players ?? {}).map((id) => ({ field: `expect.players.${id}`, id })),
      ...(e.turn ? [{ field: "expect.turn", id: e.turn }] : []),
      ...(e.godfather ? [{ field: "expect.godfather", id: e.godfather }] : []),
      ...(e.diamondBonus ? [{ field: "expect.diamondBonus", id: e.diamondBonus }] : []),
      ...(e.winner?.players ?? []).map((id, i) => ({ field: `expect.winner.players[${i}]`, id })),
      ...Object.entries(e.views ?? {}).flatMap(([viewer, v]) => [
        ...(viewer === "spectator" ? [] : [{ field: `expect.views.${viewer}`, id: viewer }]),
        ...Object.keys(v.players ?? {}).map((id) => ({ field: `expect.views.${viewer}.players.${id}`, id })),
      ]),
    ];
  },
  output: cngScenarioOutput,
  // SCENARIOS-cash-n-guns.md: a file whose steps reach a round whose pile it does not give is invalid.
  reached(file, state) {
    const first = file.setup.round ?? 1;
    const last = first + file.setup.lootPiles.length - 1;
    return state.round > last ? `steps: they reach round ${state.round}, but setup.lootPiles gives the piles of rounds ${first} to ${last} only` : null;
  },
  check(file, output, found) {
    const e = file.expect;
    const want = Object.fromEntries(Object.entries(e.players ?? {}).map(([id, p]) => [id, { ...p, loot: sorted(p.loot) }]));
    const got = output.players.map((p) => ({ ...p, loot: sorted(p.loot) }));
    checkSeats(found, want, got, ["wounds", "alive", "status", "hand", "discard", "loot", "score"]);
    found.check("round", e.round, output.round);
    found.check("phase", e.phase, output.phase);
    found.check("godfather", e.godfather, output.godfather);
    found.check("turn", e.turn, output.turn);
    found.check("table", sorted(e.table), sorted(output.table));
    found.check("newGodfatherAvailable", e.newGodfatherAvailable, output.newGodfatherAvailable);
    found.check("diamondBonus", e.diamondBonus, output.diamondBonus);
    if (e.winner !== undefined) found.check("winner", e.winner && { players: sorted(e.winner.players), reason: e.winner.reason }, output.winner && { players: sorted(output.winner.players), reason: output.winner.reason });
    for (const [viewer, expected] of Object.entries(e.views ?? {})) {
      const seen = output.views[viewer];
      if (!seen) {
        found.add(`views.${viewer}: no such viewer`);
        continue;
      }
      for (const [pid, fields] of Object.entries(expected.players ?? {})) {
        const seat = seen.players[pid];
        if (!seat) {
          found.add(`views.${viewer}.players.${pid}: no such player`);
          continue;
        }
        for (const key of ["bullet", "aim", "courage", "hand"] as const) found.check(`views.${viewer}.players.${pid}.${key}`, fields[key], seat[key]);
      }
    }
  },
};
