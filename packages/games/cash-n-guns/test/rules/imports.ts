/** The package's API and game-core's seeding, for the rule tests. */
export * from "../../src/index.js";
export { seedRng, type Viewer } from "@bang/game-core";
