// The specs' shared axe check (e2e/axe-helpers.ts) is not vacuous: on a page with a critical and a serious
// violation it reports both, whatever the options a spec passes, and leaves out only what those options say.
import { expect, test } from "@playwright/test";
import { seriousViolations, WCAG21AA } from "./axe-helpers";

const PAGE = `<!doctype html><html lang="en"><head><title>Two faults</title></head><body><main>
  <div id="picture"><img src="data:,"></div>
  <div id="words"><p style="color:#777;background:#888">Grey on grey</p></div>
</main></body></html>`;

const rules = (found: string[]) => found.map((f) => f.split(":")[0]).sort();

test("seriousViolations reports what axe finds, narrowed only by include, exclude and tags", async ({ page }) => {
  await page.setContent(PAGE);
  expect(rules(await seriousViolations(page))).toEqual(["color-contrast", "image-alt"]);
  expect(rules(await seriousViolations(page, { tags: WCAG21AA }))).toEqual(["color-contrast", "image-alt"]);
  expect(rules(await seriousViolations(page, { legacyMode: true }))).toEqual(["color-contrast", "image-alt"]);
  expect(rules(await seriousViolations(page, { include: "#words" }))).toEqual(["color-contrast"]);
  expect(rules(await seriousViolations(page, { exclude: ["#words"] }))).toEqual(["image-alt"]);
  expect(await seriousViolations(page, { exclude: "#words" })).toEqual([expect.stringMatching(/^image-alt: .*img/)]);
});
