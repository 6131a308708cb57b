/**
 * Issue 18: the web app's security headers (apps/web/next.config.ts). Every page refuses to be framed
 * (frame-ancestors 'none', X-Frame-Options DENY), forbids MIME sniffing, sends only its origin as
 * Referer elsewhere, and carries a Content-Security-Policy the app works under: a player picks a name
 * (HTTP to the game server), opens a table (WebSocket to it) and fills it with bots, and the browser
 * reports no violation but zod's probe for `new Function` (refused: zod then parses without compiling).
 * Another site that frames the app shows nothing of it.
 */
import { describe, expect, it } from "vitest";
import { useServer } from "../../server/test/support/server.js";
import { useWebApp } from "./support/web.js";

const server = useServer({ backend: "postgresql" });
const app = useWebApp(() => server().url, 1);

describe("the web app's security headers", () => {
  it("every page says: no framing, no sniffing, origin-only referrers, and a CSP that lets it reach the game server", async () => {
    for (const path of ["/", "/play", "/admin", "/no-such-page"]) {
      const res = await fetch(`${app().web.url}${path}`);
      await res.arrayBuffer();
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toMatch(/connect-src [^;]*\bws:/);
    }
  });

  it("the app works under its CSP: a name, a table, bots, with no violation reported", async () => {
    const page = await app().browsers[0]!.context.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${app().web.url}/play`);
    await page.fill('[data-testid="name"]', "Cora");
    await page.click('[data-testid="pick-name"]');
    await page.click('[data-testid="create-table"]');
    await page.waitForSelector('[data-testid="lobby"]');
    await page.click('[data-testid="fill-bots"]');
    await page.waitForSelector("text=bot (heuristic)");
    // zod probes once whether it may compile its parsers (`new Function`): refused, it validates without.
    expect(violations.filter((v) => v !== "Content Security Policy violation: script-src eval")).toEqual([]);
    await page.close();
  });

  it("a page of another origin that frames the app shows nothing of it", async () => {
    const page = await app().browsers[0]!.context.newPage();
    // Any other origin will do: the game server's.
    await page.goto(`${server().url}/healthz`);
    await page.evaluate((src) => {
      const frame = document.createElement("iframe");
      frame.src = src;
      document.body.append(frame);
    }, `${app().web.url}/play`);
    const framed = await page.waitForEvent("framenavigated", { predicate: (f) => f !== page.mainFrame(), timeout: 20_000 });
    // The browser refuses the frame's document: its error page stands in (a framed app would be at its URL).
    expect(framed.url()).toMatch(/^chrome-error:/);
    expect(await framed.$('[data-testid="name"]').catch(() => null)).toBeFalsy();
    await page.close();
  });
});
