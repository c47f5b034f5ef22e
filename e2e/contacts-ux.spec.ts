// Contacts as a marketer lives in them (issue 18): adding someone who already exists asks first, one
// search box finds people by name, filters combine, a contact can be erased, and views export as CSV.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiKeyHeaders, newOwner, signUpWithApiKey } from "./account-helpers";
import { runWithDatabase } from "./fixture-helpers";

test.describe.configure({ mode: "serial" });

const SHOTS = "artifacts/screenshots";
const run = Date.now().toString(36);
const owner = newOwner("ux", "Lantern", run);
const ava = { email: `ava-${run}@example.com`, firstName: "Ava", lastName: "Smith" };
let apiKey = "";
let avaId = "";

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, `ux-${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `ux-${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const headers = () => apiKeyHeaders(apiKey);

async function upsert(request: APIRequestContext, body: Record<string, unknown>) {
  const res = await request.post("/api/contacts", { headers: headers(), data: body });
  expect([200, 201], await res.text()).toContain(res.status());
  return (await res.json()) as { id: string; firstName?: string };
}

/** Console errors of the page (a 404 favicon or a failed request counts). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  return errors;
}

async function signIn(page: Page) {
  await page.goto("/login?callbackUrl=%2Fcontacts");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
}

test("setup: an account, an API key and contacts", async ({ page, request }) => {
  apiKey = await signUpWithApiKey(page, owner);

  avaId = (
    await upsert(request, {
      identifiers: [{ type: "email", id: ava.email, channels: { email: { status: "subscribed" } } }],
      firstName: ava.firstName,
      lastName: ava.lastName,
      tags: ["vip"],
    })
  ).id;
  // Subscribed VIPs, unsubscribed VIPs and subscribed non-VIPs: only the first kind matches "subscribed + vip".
  for (let i = 0; i < 4; i++) {
    await upsert(request, {
      identifiers: [{ type: "email", id: `sub-vip-${i}-${run}@example.com`, channels: { email: { status: "subscribed" } } }],
      firstName: `Noor${i}`,
      lastName: "Haddad",
      tags: ["vip", "newsletter", "spring-sale"],
    });
    await upsert(request, {
      identifiers: [{ type: "email", id: `unsub-vip-${i}-${run}@example.com`, channels: { email: { status: "unsubscribed" } } }],
      firstName: `Liam${i}`,
      lastName: "Brown",
      tags: ["vip"],
    });
    await upsert(request, {
      identifiers: [{ type: "email", id: `sub-${i}-${run}@example.com`, channels: { email: { status: "subscribed" } } }],
      firstName: `Mia${i}`,
      lastName: "Costa",
    });
  }
});

test("adding a contact whose email exists asks first; cancel leaves Ava unchanged, update shows the changes", async ({ page, request }) => {
  const errors = watchConsole(page);
  await signIn(page);
  await page.goto("/contacts/new");
  await page.getByLabel("Address", { exact: false }).first().fill(ava.email);
  await page.getByLabel("First name").fill("Duplicate");
  await page.getByRole("button", { name: "Create contact" }).click();

  const question = page.getByRole("alertdialog", { name: "This email belongs to Ava Smith" });
  await expect(question).toBeVisible();
  const firstNameRow = question.getByRole("row", { name: /First name/ });
  await expect(firstNameRow).toContainText("Ava");
  await expect(firstNameRow).toContainText("Duplicate");
  await expect(question.getByRole("link", { name: "Open Ava Smith's profile" })).toHaveAttribute("href", `/contacts/${avaId}`);
  await shoot(page, "duplicate-question");
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();

  const unchanged = await request.get(`/api/contacts/${avaId}`, { headers: headers() });
  expect((await unchanged.json()).firstName).toBe("Ava");
  await expect(page).toHaveURL(/\/contacts\/new$/);

  // Asked again, the marketer chooses to update Ava with what was typed.
  await page.getByRole("button", { name: "Create contact" }).click();
  await page
    .getByRole("alertdialog", { name: "This email belongs to Ava Smith" })
    .getByRole("button", { name: "Update Ava Smith" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${avaId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Duplicate Smith" })).toBeVisible();
  // Back to Ava for the tests that follow.
  await upsert(request, { identifiers: [{ type: "email", id: ava.email }], firstName: "Ava" });
  expect(errors).toEqual([]);
});

test("one search box finds people by part of their name, and status + tag combine", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page);
  const rows = page.getByRole("table", { name: "Contacts" }).locator("tbody tr:not(.virtual-padding)");
  await expect(page.getByRole("status").filter({ hasText: /^13 contacts/ })).toBeVisible();

  await page.getByLabel("Search", { exact: true }).fill("ava");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Ava Smith");
  await expect(page.getByRole("status").filter({ hasText: "1 contact match" })).toBeVisible();
  await page.getByLabel("Search", { exact: true }).fill("hadd");
  await expect(rows).toHaveCount(4);
  await page.getByLabel("Search", { exact: true }).fill(`unsub-vip-2-${run}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Liam2 Brown");
  await page.getByLabel("Search", { exact: true }).fill("");

  // Subscribed VIPs: Ava and the four Noors, not the unsubscribed Liams nor the untagged Mias.
  await page.getByRole("search").getByLabel("Email status").selectOption("subscribed");
  await page.getByRole("search").getByLabel("Tag", { exact: true }).fill("vip");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "5 contacts match" })).toBeVisible();
  await expect(rows).toHaveCount(5);
  await expect(page.getByRole("table", { name: "Contacts" })).not.toContainText("Liam");
  await expect(page.getByRole("table", { name: "Contacts" })).not.toContainText("Mia");
  await expect(page).toHaveURL(/status=subscribed/);
  await expect(page).toHaveURL(/tag=vip/);
  // Tags beyond the first show as "+N".
  await expect(rows.filter({ hasText: "Noor0" }).getByText("+2")).toBeVisible();

  // Sort by name, A to Z.
  await page.getByRole("button", { name: /^Name/ }).click();
  await expect(rows.first()).toContainText("Ava Smith");
  await expect(rows.nth(1)).toContainText("Noor0 Haddad");
  await shoot(page, "contacts-filtered");
  expect(errors).toEqual([]);
});

test("export of a filtered view downloads a CSV with exactly its contacts", async ({ page }) => {
  await signIn(page);
  await page.goto("/contacts?status=unsubscribed&tag=vip");
  await expect(page.getByRole("status").filter({ hasText: "4 contacts match" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await file.path(), "utf8").replace(/^\uFEFF/, "");
  const lines = text.trim().split(/\r\n/);
  expect(lines[0]).toMatch(/^id,email,phone,firstName,lastName,emailStatus/);
  expect(lines).toHaveLength(5);
  for (const line of lines.slice(1)) expect(line).toMatch(/unsub-vip-\d-.*,Liam\d,Brown,unsubscribed/);
});

test("erasing a contact needs confirmation, removes them with their waiting events, and keeps an audit line", async ({ page, request }) => {
  const errors = watchConsole(page);
  const address = `erase-me-${run}@example.com`;
  const mia = await upsert(request, { identifiers: [{ type: "email", id: address }], firstName: "Erin", lastName: "Gone" });
  await request.post("/api/events", {
    headers: headers(),
    data: { eventName: "quiz completed", origin: "api", contact: { email: address }, properties: { score: 3 } },
  });
  // An event about her still waiting for a retry: processed after the erasure, it would bring her back.
  const waiting = runWithDatabase("e2e/fixtures/pending-event.ts", [
    "--contact",
    mia.id,
    "--email",
    address.toUpperCase(),
    "--name",
    `quiz retried ${run}`,
  ]).id;
  const retried = async () =>
    (await (await request.get(`/api/event-log?name=${encodeURIComponent(`quiz retried ${run}`)}`, { headers: headers() })).json())
      .events as { id: string; status: string }[];
  expect(await retried()).toEqual([expect.objectContaining({ id: waiting, status: "pending" })]);

  await signIn(page);
  await page.goto(`/contacts/${mia.id}`);
  await page.getByRole("button", { name: "Erase contact" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Erase Erin Gone?" });
  await expect(dialog.getByRole("button", { name: "Erase permanently" })).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(address);
  await shoot(page, "erase-confirm");
  await dialog.getByRole("button", { name: "Erase permanently" }).click();

  // The notice names the audit line, never the person (the address bar ends up in history and logs).
  await expect(page).toHaveURL(/\/contacts\?erased=[0-9a-f]{24}$/);
  expect(page.url()).not.toMatch(/Erin|Gone|erase-me/i);
  const notice = page.getByRole("status").filter({ hasText: "The contact was erased" });
  await expect(notice).toContainText("1 email address or phone number and 2 events removed");
  const auditId = new URL(page.url()).searchParams.get("erased")!;
  await expect(notice).toContainText(`Audit record ${auditId}: erased by you on`);
  await expect(notice).not.toContainText("Erin");
  await shoot(page, "erased-notice");

  const gone = await request.get(`/api/contacts/${mia.id}`, { headers: headers() });
  expect(gone.status()).toBe(404);
  const lookup = await request.get(`/api/contacts?email=${encodeURIComponent(address)}`, { headers: headers() });
  expect((await lookup.json()).contacts).toEqual([]);
  expect(await retried()).toEqual([]);
  expect(errors).toEqual([]);
});

test("CSV import: 1,000 rows mapped from their headers, 3 bad rows reported with reasons and downloadable", async ({ page, request }) => {
  const errors = watchConsole(page);
  const lines = ["E-mail Address,First Name,Surname,Country code,Tags,Loyalty tier"];
  for (let i = 1; i <= 1000; i++) {
    const email = i === 100 ? "nobody-at-example.com" : `imported-${i}-${run}@example.com`;
    const country = i === 500 ? "XX" : "DE";
    lines.push(i === 900 ? `,Nora,NoAddress,DE,csv,gold` : `${email},Imported${i},Person,${country},csv;spring,gold`);
  }
  const file = path.join(test.info().outputDir, "contacts-1000.csv");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, lines.join("\n"));

  await signIn(page);
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page).toHaveURL(/\/contacts\/import$/);
  await page.getByLabel("CSV file", { exact: true }).setInputFiles(file);
  await expect(page.getByRole("heading", { name: /Match the columns \(1,000 rows/ })).toBeVisible();
  await expect(page.getByLabel("Field for column E-mail Address")).toHaveValue("email");
  await expect(page.getByLabel("Field for column Surname")).toHaveValue("lastName");
  await expect(page.getByLabel("Field for column Loyalty tier")).toHaveValue("custom");
  await expect(page.getByRole("row", { name: /First Name/ })).toContainText("Imported1");
  await shoot(page, "import-mapping");

  await page.getByRole("button", { name: "Import 1,000 contacts" }).click();
  await expect(page.getByRole("heading", { name: "3. Import finished" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("status").filter({ hasText: "1,000 rows of 1,000 done" })).toContainText("997 contacts added");
  await expect(page.getByRole("status").filter({ hasText: "1,000 rows of 1,000 done" })).toContainText("3 rows rejected");
  const rejected = page.getByRole("table", { name: "Rejected rows" });
  await expect(rejected.getByRole("row")).toHaveCount(4);
  await expect(rejected.getByRole("row", { name: /^101/ })).toContainText("email address is not valid");
  await expect(rejected.getByRole("row", { name: /^501/ })).toBeVisible();
  await expect(rejected.getByRole("row", { name: /^901/ })).toBeVisible();
  await shoot(page, "import-done");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download rejected rows (CSV)" }).click();
  const report = fs
    .readFileSync(await (await download).path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r\n/);
  expect(report).toHaveLength(4);
  expect(report[0]).toBe("row,E-mail Address,First Name,Surname,Country code,Tags,Loyalty tier,reason");
  expect(report[1]).toMatch(/^101,nobody-at-example\.com,Imported100,/);

  const res = await request.get(`/api/contacts?email=${encodeURIComponent(`imported-7-${run}@example.com`)}`, { headers: headers() });
  const [seven] = (await res.json()).contacts;
  expect(seven).toMatchObject({
    firstName: "Imported7",
    lastName: "Person",
    countryCode: "DE",
    tags: ["csv", "spring"],
    customProperties: { Loyalty_tier: "gold" },
  });
  expect(errors).toEqual([]);
});

test("events page: new events appear without reload, filter by name, and a row opens the event with its result and contact", async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  await signIn(page);
  await page.goto("/events");
  await expect(page.getByRole("heading", { name: "Live events" })).toBeVisible();
  const stream = page.getByRole("table", { name: "Events, newest first" });
  // The erased contact's event went with them.
  await expect(page.getByText(/No events yet|Events, newest first/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "quiz completed" })).toHaveCount(0);

  const send = (eventName: string) =>
    request.post("/api/events", {
      headers: headers(),
      data: { eventName, origin: "api", contact: { email: ava.email }, properties: { total: 42, currency: "EUR" } },
    });
  expect((await send("completed checkout")).status()).toBe(202);
  // No reload: the poll brings it in.
  await expect(stream.getByRole("button", { name: "completed checkout" })).toBeVisible({ timeout: 15_000 });
  expect((await send("browsed sale")).status()).toBe(202);
  await expect(stream.getByRole("button", { name: "browsed sale" })).toBeVisible({ timeout: 15_000 });

  await page.getByLabel("Event name").fill("complet");
  await expect(stream.getByRole("button", { name: "browsed sale" })).toBeHidden();
  await expect(stream.getByRole("button", { name: "completed checkout" })).toBeVisible();
  await expect(stream.getByRole("row", { name: /completed checkout/ })).toContainText("Processed", { timeout: 15_000 });
  await shoot(page, "events-stream");

  await stream.getByRole("button", { name: "completed checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "completed checkout" });
  await expect(dialog).toContainText("Attached to the contact");
  await expect(dialog.getByRole("link", { name: "Ava Smith" })).toHaveAttribute("href", `/contacts/${avaId}`);
  await dialog.getByText("What was sent").click();
  await expect(dialog).toContainText('"currency": "EUR"');
  await shoot(page, "events-detail");
  await dialog.getByRole("button", { name: "Close" }).click();
  expect(errors).toEqual([]);
});

test("segment builder: no count requests while a condition is incomplete, sample members, and a warning on a duplicate name", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await signIn(page);
  const previews: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/segments/preview")) previews.push(r.url());
  });
  await page.goto("/segments/new");
  await page.getByLabel("Segment name", { exact: true }).fill("Subscribed VIPs");
  const tags = page.getByRole("listitem", { name: "Group 1, condition 1, contact filter 1" });
  await expect(tags.getByLabel("Tag", { exact: true })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(previews).toEqual([]);
  await tags.getByLabel("Tag", { exact: true }).fill("vip");
  await tags.getByLabel("Tag", { exact: true }).press("Enter");
  await expect(page.getByTestId("live-count")).toHaveText("9 contacts match");
  const sample = page.getByRole("list", { name: "Sample members" });
  await expect(sample.getByRole("listitem")).toHaveCount(5);
  await expect(sample).toContainText(/Noor|Liam|Ava/);
  await page.getByRole("button", { name: /^(Save|Create) segment/ }).click();
  await expect(page).toHaveURL(/\/segments\/[0-9a-f]{24}$/);

  await page.goto("/segments/new");
  await page.getByLabel("Segment name", { exact: true }).fill("subscribed vips");
  await expect(page.getByText("Another segment is already called “Subscribed VIPs”.")).toBeVisible();
  await shoot(page, "segment-builder");
  expect(errors).toEqual([]);
});
