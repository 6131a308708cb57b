/**
 * Vitest global setup of the server's end-to-end tests (the "server-e2e" project of vitest.config.ts):
 * builds the server once, before any test file starts one, when its dist is missing or stale.
 */
import { ensureServerBuilt } from "./build.js";

export default function setup(): void {
  ensureServerBuilt();
}
