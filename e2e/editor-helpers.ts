// Helpers for the editor specs: sign up a fresh user, drag with the mouse the way dnd-kit expects
// (press, move past the activation distance, move in steps, release), and screenshots.
import fs from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { newOwner, signUp as signUpOwner } from "./account-helpers";

export const SHOTS = "artifacts/screenshots";

export async function shoot(page: Page, name: string, fullPage = false) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `editor-${name}.png`), fullPage });
}

/** Signs up a fresh owner (`editor-<tag>-<run>@example.com`, brand "Editor brand <tag>-<run>"). */
export async function signUp(page: Page, tag: string) {
  await signUpOwner(page, newOwner("editor", "Editor brand", `${tag}-${Date.now().toString(36)}`));
}

/** Drags `source` onto `target`; `where` picks the spot inside the target (fractions of its box). */
export async function drag(page: Page, source: Locator, target: Locator, where: { x?: number; y?: number } = {}) {
  await dragOver(page, source, target, where);
  await page.mouse.up();
  // dnd-kit swallows every click for 50 ms after a drop (so the release is not also a click on the
  // source); a person's next click comes later than that, and so does the test's.
  await page.waitForTimeout(100);
}

/** `drag` without the release: the pointer is down over the target, for checks during the drag. */
export async function dragOver(page: Page, source: Locator, target: Locator, where: { x?: number; y?: number } = {}) {
  await source.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  if (!from) throw new Error("drag source not visible");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  const to = await target.boundingBox();
  if (!to) throw new Error("drag target not visible");
  const x = to.x + to.width * (where.x ?? 0.5);
  const y = to.y + to.height * (where.y ?? 0.5);
  await page.mouse.move(x, y, { steps: 12 });
  await page.mouse.move(x, y + 1, { steps: 2 });
}

export function canvas(page: Page) {
  return page.getByTestId("canvas");
}

export function blocks(page: Page) {
  // Not the locked blocks of the read-only badge section free-plan templates carry.
  return canvas(page).locator(".ed-block:not([data-locked])");
}

export async function expectSaved(page: Page) {
  await expect(page.getByTestId("save-status")).toHaveText(/All changes saved/, { timeout: 15_000 });
}

/**
 * Picks up the focused drag handle (or palette item) with Space and waits until the arrow keys move it.
 * dnd-kit announces the pick-up at once but listens for the arrow keys only from a timer task after it;
 * Chromium runs input before timers, so on a busy machine an arrow key pressed right after the
 * announcement was lost. A timer of our own queued now runs after dnd-kit's.
 */
export async function pickUpWithKeyboard(page: Page, announcement: string | RegExp) {
  await page.keyboard.press("Space");
  await expect(page.locator("[id^='DndLiveRegion']").first()).toContainText(announcement);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
