// Errors in a marketer's words and dates in the viewer's format (issues 17 and 18): a bad image address in
// the editor is pinned on its block as "Image: enter a web address …" (no pointer, no schema text); the
// segment form lists every error, moves focus to the list and drops each error when its field is fixed;
// brand settings likewise; the v4 usage notice shows its dates and count in the viewer's locale and time
// zone through the shared formatter. Screenshots at 1440x900 and 390x844 in artifacts/screenshots/words-*.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { newOwner, signUp } from "./account-helpers";
import { blocks, expectSaved } from "./editor-helpers";
import { newAccount, recordV4Calls, signInViaApi } from "./oauth-helpers";

const SHOTS = "artifacts/screenshots";
const run = Date.now().toString(36);

async function shoot(page: Page, name: string, widths: number[] = [1440, 390]) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize(width === 1440 ? { width: 1440, height: 900 } : { width: 390, height: 844 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SHOTS, `words-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    // The autosave's 400 for the bad address is the test; the panel's thumbnail of an example.com image
    // cannot load on a machine without the internet, and the page's Content-Security-Policy refuses to
    // load the bad (ftp:) address at all.
    const expected =
      /400 \(Bad Request\)|ERR_NAME_NOT_RESOLVED|ERR_UNKNOWN_URL_SCHEME|image 'ftp:[^']*' violates the following Content Security Policy/;
    if (m.type() === "error" && !expected.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test("a bad image address in the editor is pinned on its block in a marketer's words", async ({ browser, baseURL }) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors = watchConsole(page);
  await signUp(page, newOwner("words-ed", "Words editor", run));
  const id = () => randomBytes(12).toString("hex");
  const doc = {
    name: "Words",
    sections: [
      {
        id: id(),
        rows: [
          {
            id: id(),
            columns: [
              { id: id(), blocks: [{ id: id(), type: "image", image: { source: "https://example.com/spring.png", altText: "Spring" } }] },
            ],
          },
        ],
      },
    ],
  };
  const created = await page.request.post("/api/email-templates", {
    headers: { "Service-Version": "2026-03-15", Origin: baseURL! },
    data: doc,
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(`/templates/${(await created.json()).id}`);

  const image = blocks(page).first();
  await image.click();
  const source = page.getByRole("complementary", { name: "Properties" }).getByLabel("Image", { exact: true });
  await source.fill("ftp://example.com/spring.png");
  await expect(page.getByTestId("save-status")).toHaveText(/Not saved/, { timeout: 15_000 });

  const pinned = image.getByTestId("node-error");
  const words = "Image: enter a web address starting with https://, or choose an image from your library.";
  await expect(pinned).toHaveText(words);
  await expect(pinned.locator("code")).toHaveCount(0);
  await expect(pinned).not.toContainText("image/source");
  await expect(pinned).not.toContainText("must be");
  await expect(image).toHaveAttribute("aria-describedby", (await pinned.getAttribute("id"))!);
  // The panel field says it too, tied to the input.
  await expect(source).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await source.getAttribute("aria-describedby"))!.split(" ");
  const fieldError = page.locator(`[id="${describedBy[describedBy.length - 1]}"]`);
  await expect(fieldError).toHaveText("Enter a web address starting with https://, or choose an image from your library.");
  await shoot(page, "editor-image-error", [1440]);

  await source.fill("https://example.com/summer.png");
  await expectSaved(page);
  await expect(pinned).toHaveCount(0);
  await expect(source).not.toHaveAttribute("aria-invalid", "true");
  expect(errors).toEqual([]);
  await page.close();
});

test("the segment form lists every error, takes focus, and drops each error when its field is fixed", async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signUp(page, newOwner("words-seg", "Words segments", run));
  await page.goto("/segments/new");
  const filter = page.getByRole("listitem", { name: "Group 1, condition 1, contact filter 1" });
  await filter.getByLabel("Contact property", { exact: true }).selectOption("dateAdded");
  const howMany = filter.getByLabel("How many", { exact: true });
  await howMany.fill("0");
  await page.getByRole("button", { name: "Create segment" }).click();

  const summary = page.locator("#segment-errors");
  await expect(summary).toBeFocused();
  await expect(summary).toHaveAttribute("role", "alert");
  await expect(summary.locator("strong")).toHaveText("2 things need fixing before the segment can be created:");
  await expect(summary.getByRole("listitem")).toHaveText([
    "Segment name: enter a segment name.",
    "Group 1, condition 1, contact filter 1: How many: enter a whole number, 1 or more.",
  ]);
  await expect(page.getByLabel("Segment name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(howMany).toHaveAttribute("aria-invalid", "true");
  await expect(summary.getByRole("link", { name: /How many/ })).toHaveAttribute("href", `#${await howMany.getAttribute("id")}`);
  await shoot(page, "segment-errors");

  // Fixing the number drops its error from the list at once, without saving again.
  await howMany.fill("7");
  await expect(summary.getByRole("listitem")).toHaveText(["Segment name: enter a segment name."]);
  await expect(summary.locator("strong")).toHaveText("One thing needs fixing before the segment can be created:");
  await expect(howMany).not.toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Segment name", { exact: true }).fill(`Recent ${run}`);
  await expect(summary).toHaveCount(0);
  await expect(page.getByLabel("Segment name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page).toHaveURL(/\/segments\/[0-9a-f]{24}$/);
  await page.close();
});

test("brand settings: a field error in plain words, tied to its field, gone when edited", async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signUp(page, newOwner("words-brand", "Words brand", run));
  await page.goto("/settings/brand");
  const name = page.getByLabel("Brand name", { exact: true });
  await name.fill("");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const summary = page.locator("#brand-form-errors");
  await expect(summary).toBeFocused();
  await expect(summary).toHaveAttribute("role", "alert");
  await expect(summary.getByRole("listitem")).toHaveText(["Brand name: name the brand."]);
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(`[id="${(await name.getAttribute("aria-describedby"))!.split(" ").pop()}"]`)).toHaveText("Name the brand.");
  await shoot(page, "brand-error");
  await name.fill(`Words brand ${run}`);
  await expect(summary).toHaveCount(0);
  await expect(name).not.toHaveAttribute("aria-invalid", "true");

  // API keys: a new key's "Created" in the shared format.
  await page.goto("/settings/api-keys");
  await page.getByLabel("Key name").fill("Checkout");
  await page.getByRole("button", { name: "Create key" }).click();
  await page.getByRole("dialog", { name: "Your new API key" }).getByRole("button", { name: "I have saved it" }).click();
  const createdCell = page
    .getByRole("row", { name: /Checkout/ })
    .getByRole("cell")
    .nth(1);
  await expect(createdCell).not.toBeEmpty();
  // This minute or the one before (the key was made a moment ago).
  const minutes = await page.evaluate(() =>
    [0, 60_000].map((ago) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(Date.now() - ago)),
    ),
  );
  expect(minutes).toContain(await createdCell.textContent());
  await shoot(page, "api-keys");
  await page.close();
});

test("the v4 usage notice shows its dates and count in the viewer's locale and time zone", async ({ browser }) => {
  test.setTimeout(120_000); // tsx fixtures one after another (account, v4 calls, operator) on a loaded machine
  const account = newAccount();
  const lastCall = new Date(Date.now() - 3 * 3600_000);
  lastCall.setUTCSeconds(0, 0);
  recordV4Calls(account.brandID, 1234, lastCall);
  // A viewer in Tokyo reading German: nothing of the server's (UTC, en) may show.
  const context = await browser.newContext({ locale: "de-DE", timezoneId: "Asia/Tokyo", viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInViaApi(page, account.email, account.password);
  await page.goto("/settings");
  const notice = page.getByTestId("v4-usage-notice");
  // What the shared formatter (components/ui/format.ts: dateStyle medium, timeStyle short) gives here.
  const [last, sunset, calls] = await page.evaluate(
    ([lastIso]) => {
      const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
      return [
        dateTime.format(new Date(lastIso)),
        dateTime.format(new Date("2027-06-15T00:00:00Z")),
        new Intl.NumberFormat(undefined).format(1234),
      ];
    },
    [lastCall.toISOString()],
  );
  expect(calls).toBe("1.234");
  await expect(notice).toContainText(`Your integrations called the deprecated v4 API ${calls} times in the last 30 days (last: ${last};`);
  await expect(notice).toContainText(`v4 stops working on ${sunset}.`);
  await expect(notice).not.toContainText("UTC");
  await expect(notice.locator("time").first()).toHaveAttribute("datetime", lastCall.toISOString());
  await shoot(page, "v4-notice");

  // The migration guide names the same sunset, in the same format.
  await page.goto("/docs/v4-migration");
  await expect(page.locator(".page-header strong")).toHaveText(sunset);
  await page.screenshot({ path: path.join(SHOTS, "words-v4-guide-1440.png") });
  await context.close();
});
