// The specs' accessibility check: axe-core's serious and critical findings on a page. One function, so every
// spec counts the same impacts and reports the same way; what a spec leaves out (rules outside WCAG 2.1 AA, an
// email's own markup in its frame, a part of the page) it says at the call, so no spec checks less than it says.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** WCAG 2.0 and 2.1, levels A and AA: the rules most specs hold the dashboard to. */
export const WCAG21AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export type AxeOptions = {
  /** Only the rules of these tags; without it, every rule axe runs by default (best practices too). */
  tags?: string[];
  /** Only inside these selectors; without it, the whole page. */
  include?: string | string[];
  /** Not inside these selectors: what is not the dashboard's own (an email in its frame, a marketer's colours). */
  exclude?: string | string[];
  /**
   * Frames checked from the page itself (axe's legacy mode): the newer frame pass opens a blank tab, which
   * Chromium refuses on some pages here ("Failed to open a new tab", e2e/sending.spec.ts).
   */
  legacyMode?: boolean;
};

/** axe's serious and critical violations as "<rule>: <each node's target>"; [] when there is none. */
export async function seriousViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (options.tags) builder.withTags(options.tags);
  for (const selector of [options.include ?? []].flat()) builder.include(selector);
  for (const selector of [options.exclude ?? []].flat()) builder.exclude(selector);
  if (options.legacyMode) builder.setLegacyMode(true);
  // Next streams a page's metadata after its content: a check made as soon as the content shows can run
  // before the <title> arrives (document-title). Wait for it a moment; a page without one still fails below.
  await page.waitForFunction(() => document.title.trim() !== "", undefined, { timeout: 5_000 }).catch(() => {});
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
