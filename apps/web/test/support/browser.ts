/**
 * Chromium through playwright-core (Debian's /usr/bin/chromium, ../shared/STACK.md), one fresh
 * profile per browser, and a screenshot helper writing to apps/web/test/screenshots/.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const SCREENSHOTS = resolve(import.meta.dirname, "../screenshots");

/** The Chromium binary, or an Error saying how to install it: the browser tests never skip. */
export function chromiumPath(): string {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}: the browser tests need it. Install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH).`);
  }
  return CHROMIUM;
}

const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** A browser with a fresh user-data dir; `close()` removes it. */
export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "bang-chromium-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), args: ARGS, headless: true, viewport: { width: 1280, height: 860 } });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Writes `name`.png of the page's viewport. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
}
