// Every download of the dashboard works in a browser: a signed-in person following the link (or pressing the
// button) gets the file, and its rows are there. The demo brand's data (seeded on the server's first start)
// gives each one something to hold: the demo campaign's recipients, with the opens and clicks the tracking code
// recorded, and the demo contacts.
import fs from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import { signInTo, watchConsole } from "./contacts-helpers";
import { runWithDatabase } from "./fixture-helpers";

test.describe.configure({ mode: "serial" });

let viewer: { email: string; password: string };

test.beforeAll(() => {
  viewer = runWithDatabase("e2e/fixtures/demo-brand-user.ts", []) as typeof viewer;
});

/** The file's CSV records (the byte-order mark dropped), split into cells naively (no quoted commas here). */
async function rowsOf(download: Download): Promise<string[][]> {
  const text = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(","));
}

async function openDemoCampaign(page: Page) {
  await signInTo(page, viewer, "/campaigns");
  await page.getByRole("link", { name: "Spring newsletter to VIPs" }).first().click();
  await page.getByRole("link", { name: "See the report" }).click();
  await expect(page.getByRole("link", { name: "Export to CSV" })).toBeVisible();
}

test("the campaign report's Export to CSV downloads its recipients, opens and clicks included", async ({ page }) => {
  const errors = watchConsole(page);
  await openDemoCampaign(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export to CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^campaign-[0-9a-f]{24}-recipients\.csv$/);
  const [header, ...rows] = await rowsOf(file);
  expect(header).toEqual(expect.arrayContaining(["email", "status", "openedAt", "clickedAt"]));
  expect(rows.length).toBeGreaterThan(5);
  const email = header.indexOf("email");
  const clickedAt = header.indexOf("clickedAt");
  expect(rows.every((r) => r[email].includes("@"))).toBe(true);
  expect(rows.filter((r) => r[clickedAt] !== "").length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test("the link itself is the file: followed in a new tab, or with an outcome chosen", async ({ page, context }) => {
  await openDemoCampaign(page);
  await page.getByLabel("Show").selectOption("clicked");
  const href = await page.getByRole("link", { name: "Export to CSV" }).getAttribute("href");
  expect(href).not.toMatch(/^\/api\//);
  // The browser's own navigation (the session cookie, no API headers), as "open in a new tab" does.
  const res = await context.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/csv");
  expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="campaign-[0-9a-f]{24}-recipients\.csv"$/);
  const lines = (await res.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(lines.length).toBeGreaterThan(1);
  // Signed out, the link leads to the sign-in page rather than to an error.
  const signedOut = await context.browser()!.newContext({ baseURL: new URL(page.url()).origin });
  const anonymous = await signedOut.request.get(href!, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(303);
  expect(anonymous.headers()["location"]).toContain("/login?callbackUrl=");
  await signedOut.close();
});

test("the contacts' Export CSV downloads the contacts of the view", async ({ page }) => {
  await signInTo(page, viewer, "/contacts");
  await expect(page.getByRole("table", { name: "Contacts" }).getByRole("link").first()).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("group", { name: "Bulk actions" }).getByRole("button", { name: "Export CSV" }).click();
  const [header, ...rows] = await rowsOf(await download);
  expect(header.join(",")).toMatch(/email/i);
  expect(rows.length).toBeGreaterThan(5);
});
