import { hash, verify } from "@node-rs/argon2";

/**
 * Admin passwords as argon2id hashes (@node-rs/argon2, its default parameters: 19 MiB, 2 passes, one
 * lane, as OWASP recommends). The PHC string carries the salt and parameters.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Does `password` match the PHC string `phc`? False (never a throw) for a malformed hash. */
export async function checkPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody has, checked when the name is unknown, so that a wrong name costs the
 * same time as a wrong password (no account discovery by timing).
 */
export function decoyHash(): Promise<string> {
  decoy ??= hash("no account has this password, it only costs time");
  return decoy;
}
let decoy: Promise<string> | null = null;
