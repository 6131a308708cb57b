/**
 * Accessibility checks of a page in the browser tests: axe-core (injected from the package) over a part
 * of the page, failing on any serious or critical violation (a control without a name, a contrast below
 * WCAG AA, a wrong ARIA attribute...), and keyboard helpers (Tab to a control as a keyboard user would).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** One axe violation, short: its rule, impact and the first elements it names. */
export interface Violation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** The serious and critical axe violations inside `selector` (WCAG 2 A and AA rules, best practices). */
export async function axeViolations(page: Page, selector: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE });
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(el: Element, o: object): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const root = document.querySelector(sel);
    if (!root) throw new Error(`no ${sel} on the page`);
    const r = await axe.run(root, { resultTypes: ["violations"], runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] } });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 4).map((n) => JSON.stringify(n.target)) }));
  }, selector);
}

/** Presses Tab until the focused element matches `selector` (at most `max` presses); true when it got there. */
export async function tabTo(page: Page, selector: string, max = 120): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return true;
  }
  return false;
}
