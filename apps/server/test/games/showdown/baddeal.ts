/**
 * Showdown whose deal fails (a bug of a game, or a setup its rules refuse, that the table's checks did
 * not catch): the table option `fault` makes `create` refuse the setup ("refuse") or throw ("throw").
 * For the server's test that a game its module cannot deal is never stored and its table stays open.
 */
import { defineGame, type PlayerId, type Seed } from "@bang/game-core";
import { z } from "zod";
import { showdown, type Setup } from "./module.js";

type Fault = "refuse" | "throw";
type DealSetup = Setup & { fault?: Fault | undefined };

export default defineGame({
  ...showdown,
  id: "baddeal",
  name: "Showdown that cannot be dealt (a test game)",
  schemas: { ...showdown.schemas, setup: showdown.schemas.setup as unknown as z.ZodType<DealSetup>, options: z.object({ fault: z.enum(["refuse", "throw"]).optional() }).strict() as z.ZodType<{ fault?: Fault }> },
  setupFor: ({ players, seed, options }: { players: PlayerId[]; seed: Seed; options: { fault?: Fault } }): DealSetup => ({ players: players.map((id) => ({ id })), seed, fault: options.fault }),
  create: (setup: DealSetup) => {
    if (setup.fault === "throw") throw new Error("baddeal: a deal bug with a secret 0xC0FFEE");
    if (setup.fault === "refuse") return { ok: false as const, error: { code: "INVALID_SETUP", message: "players: baddeal refuses every table" } };
    return showdown.create(setup);
  },
});
