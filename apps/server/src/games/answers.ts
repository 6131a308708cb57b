import { createHash } from "node:crypto";
import type { CommandBase } from "@bang/game-core";
import type { ErrorCode } from "@bang/protocol";
import type { StoredRefusal } from "../persistence/store.js";
import { canonicalJson } from "./canonical.js";
import type { Answer } from "./types.js";

/**
 * What a game remembers of a command id it answered (DESIGN 5): the answer, and what tells a repeat of
 * the same command from another command sent under that id. An accepted command keeps the command
 * itself (the object the game's log holds already, so it costs no memory), compared only when its id
 * comes again; a refusal keeps the stored fingerprint (its command is not kept anywhere else).
 */
export type KnownAnswer = { answer: Answer; command: CommandBase; fingerprint?: undefined } | { answer: Answer; fingerprint: string; command?: undefined };

/**
 * A short fingerprint of a command (sha1 of its canonical JSON, base64): what a stored refusal keeps to
 * tell a repeat from another command under the same id. Computed only when a command is refused or an
 * id comes again, never per accepted command.
 */
export function fingerprintOf(command: CommandBase): string {
  return createHash("sha1").update(canonicalJson(command)).digest("base64");
}

/**
 * The answer to a command id seen before (DESIGN 5): its first answer when `command` (with its `by`) is
 * the same command, whatever its keys' order (canonical JSON compared to the kept command, or its
 * fingerprint to a refusal's), COMMAND_ID_REUSED when it is another.
 */
export function repeatAnswer(prior: KnownAnswer, command: CommandBase, commandId: string): Answer {
  const same = prior.command !== undefined ? canonicalJson(prior.command) === canonicalJson(command) : prior.fingerprint === fingerprintOf(command);
  return same ? prior.answer : { ok: false, code: "COMMAND_ID_REUSED", message: `command id "${commandId}" was used for another command` };
}

/** A stored refusal as the answer it was (its code was a refusal code when it was stored). */
export function refusalAnswer(r: StoredRefusal): Answer {
  return { ok: false, code: r.code as ErrorCode, message: r.message };
}
