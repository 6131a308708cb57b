/**
 * The dashboard page to return to after signing in (plain functions): the sign-in page is opened with
 * `?next=<path>`; while no admin account exists the path is also kept in the browser for an hour, so
 * that the first-run setup link (opened from the server's output, without `next`) returns there too. Only this site's dashboard pages
 * are accepted, never another site (an open redirect).
 */
import type { KeyValue } from "./storage";

export const NEXT_KEY = "bang.admin.next";
/** How long a remembered page counts, in ms. */
export const NEXT_TTL_MS = 60 * 60 * 1000;

/** `next` when it is a dashboard page of this site (`/admin...`, not the sign-in page), else null. */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || next.length > 512 || !next.startsWith("/admin") || next.startsWith("//") || /[\\\s]/.test(next)) return null;
  const page = next.split(/[?#]/)[0]!;
  if (page !== "/admin" && !page.startsWith("/admin/")) return null;
  if (page === "/admin/login" || page.startsWith("/admin/login/")) return null;
  return next;
}

/** The sign-in page's address for a visit to `path` (its `reason` too: expired, required). */
export function signInPath(path: string, reason?: string): string {
  const q = new URLSearchParams();
  if (reason) q.set("reason", reason);
  const next = safeNext(path);
  if (next && next !== "/admin") q.set("next", next);
  const text = q.toString();
  return text ? `/admin/login?${text}` : "/admin/login";
}

/** Keeps `next` (when safe) as the page to return to, `now` in ms. */
export function rememberNext(store: KeyValue, next: string | null, now = Date.now()): void {
  const safe = safeNext(next);
  if (safe) store.setItem(NEXT_KEY, JSON.stringify({ path: safe, at: now }));
}

/** The remembered page if it is recent and safe, else null; it is forgotten once read. */
export function takeNext(store: KeyValue, now = Date.now()): string | null {
  const raw = store.getItem(NEXT_KEY);
  store.removeItem(NEXT_KEY);
  try {
    const v = JSON.parse(raw ?? "null") as { path?: unknown; at?: unknown } | null;
    if (v && typeof v.path === "string" && typeof v.at === "number" && now - v.at >= 0 && now - v.at < NEXT_TTL_MS) return safeNext(v.path);
  } catch {
    // not ours: forgotten above
  }
  return null;
}
