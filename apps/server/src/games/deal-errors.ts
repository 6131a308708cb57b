import type { Refusal } from "@bang/game-core";
import type { ErrorCode } from "@bang/protocol";

/** A setup its game's module refused to deal (`create` answered a refusal): thrown while a room is built. */
export class SetupRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(`game setup refused: ${refusal.code}: ${refusal.message}`);
    this.name = "SetupRefused";
  }
}

/**
 * A new game that did not start because its module could not deal it (a refused setup, or a module
 * that threw while dealing). Nothing of it was stored: the table it came from may stay open. `code` is
 * stable (INVALID_SETUP); the message says why for people, without the module's internals.
 */
export class GameNotDealt extends Error {
  readonly code: ErrorCode = "INVALID_SETUP";
  constructor(message: string) {
    super(message);
    this.name = "GameNotDealt";
  }
}
