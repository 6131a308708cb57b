/**
 * Small waits and answers of the HTTP tests (tournaments): a call's refusal as its code and status, and
 * a poll until a condition holds.
 */
import { ClientError } from "@bang/client";

/** Null when `p` resolves; its code and HTTP status when it rejects with a ClientError; else the error. */
export const refusal = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e instanceof ClientError ? { code: e.code, status: e.status } : e));

/**
 * Polls `check` every 250 ms until it holds; throws naming `what` after `timeoutMs`, with `context()`
 * (a server's last output, say) when given.
 */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs: number, context?: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}${context ? `\n${context()}` : ""}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
