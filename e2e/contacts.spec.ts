// Contacts, profiles, segments and events end to end: a marketer finds a person by email and by phone,
// sees the events sent through the API in their timeline, edits their data (and meets a validation
// error), and builds a segment from a contact condition and an event condition.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

test.describe.configure({ mode: "serial" });

const SHOTS = "artifacts/screenshots";
const run = Date.now().toString(36);
const owner = { email: `marketer-${run}@example.com`, password: "ink-well-Secret-42", brand: `Paper Cranes ${run}` };
const ada = { email: `ada-${run}@example.com`, phone: "+14155552671" };
const grace = { email: `grace-${run}@example.com`, phone: "+442071838750" };
const EVENT = "wishlist added";
let apiKey = "";

async function shoot(page: Page, name: string, fullPage = true) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `contacts-${name}.png`), fullPage });
}

/** The same page on a phone-sized screen too. */
async function shootNarrow(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

function headers() {
  return { "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${apiKey}` };
}

async function upsert(request: APIRequestContext, body: Record<string, unknown>) {
  const res = await request.post("/api/contacts", { headers: headers(), data: body });
  expect([200, 201], await res.text()).toContain(res.status());
  return (await res.json()) as { id: string };
}

async function signIn(page: Page, next: string) {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(next)}`);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[/?]/g, "\\$&")}$`));
}

const table = (page: Page, name = "Contacts") => page.getByRole("table", { name });
const bodyRows = (page: Page, name = "Contacts") => table(page, name).locator("tbody tr:not(.virtual-padding)");

test("no contacts yet: the empty state shows the form, the API and events as ways in", async ({ page }) => {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByLabel("Brand name").fill(owner.brand);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/templates$/);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contacts" }).click();
  await expect(page.getByRole("heading", { name: "No contacts yet" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "With the form" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "With the contacts API" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "By sending events" })).toBeVisible();
  await shoot(page, "empty");

  // An API key to seed data through the public API, as an integration would.
  await page.goto("/settings/api-keys");
  await page.getByLabel("Key name").fill("E2E seeding");
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Your new API key" });
  apiKey = await dialog.getByLabel("API key").inputValue();
  expect(apiKey).toMatch(/^ink_/);
  await dialog.getByRole("button", { name: "I have saved it" }).click();
});

test("find a contact by email and by phone", async ({ page, request }) => {
  await upsert(request, {
    identifiers: [
      { type: "email", id: ada.email, channels: { email: { status: "subscribed" } }, consent: { source: "checkout form", ip: "192.0.2.10", userAgent: "Mozilla/5.0 (E2E)" } },
      { type: "phone", id: ada.phone, channels: { sms: { status: "subscribed" } } },
    ],
    firstName: "Ada",
    lastName: "Lovelace",
    city: "London",
    tags: ["vip"],
    customProperties: { plan: "pro", orders: 7 },
  });
  await upsert(request, {
    identifiers: [{ type: "email", id: grace.email, channels: { email: { status: "unsubscribed" } } }, { type: "phone", id: grace.phone }],
    firstName: "Grace",
    lastName: "Hopper",
    tags: ["vip", "newsletter"],
  });
  await upsert(request, { identifiers: [{ type: "email", id: `linus-${run}@example.com` }], firstName: "Linus" });

  await signIn(page, "/contacts");
  await expect(bodyRows(page)).toHaveCount(3);
  await expect(page.getByRole("status").filter({ hasText: "3 contacts" })).toBeVisible();
  const adaRow = table(page).getByRole("row", { name: /Ada Lovelace/ });
  await expect(adaRow).toContainText(ada.email);
  await expect(adaRow).toContainText(ada.phone);
  await expect(adaRow).toContainText("Subscribed");
  await expect(adaRow).toContainText("vip");

  // Sorting by a column header: a button inside a header that carries aria-sort.
  const created = table(page).getByRole("columnheader", { name: "Created" });
  await expect(created).toHaveAttribute("aria-sort", "descending");
  await expect(bodyRows(page).first()).toContainText("Linus");
  await created.getByRole("button").click();
  await expect(created).toHaveAttribute("aria-sort", "ascending");
  await expect(bodyRows(page).first()).toContainText("Ada");
  await shoot(page, "list");
  await shootNarrow(page, "list");

  const search = page.getByRole("searchbox", { name: "Email or phone" });
  await search.fill(ada.email.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("Ada Lovelace");
  await expect(page).toHaveURL(/email=ADA-/);
  await shoot(page, "search-email");

  // A phone typed with spaces; the + travels as %2B.
  await search.fill("+44 20 7183 8750");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("Grace Hopper");
  await expect(page).toHaveURL(/phone=%2B442071838750/);
  await shoot(page, "search-phone");

  await search.fill("+14155552672");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "No contacts match" })).toBeVisible();
  await shoot(page, "search-none");

  // A number that cannot exist: the API's reason is shown on the search field.
  await search.fill("+1555");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(search).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/^Phone /)).toBeVisible();
  await shoot(page, "search-invalid");
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(bodyRows(page)).toHaveCount(3);

  // Filters: a tag, then a status (the API refuses both together, so the other is disabled).
  await page.getByLabel("Tag", { exact: true }).fill("vip");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(bodyRows(page)).toHaveCount(2);
  await expect(page.getByLabel("Email status")).toBeDisabled();
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await page.getByLabel("Email status").selectOption("unsubscribed");
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("Grace");
});

test("virtualized table: only the rows in view are in the DOM, and paging loads more", async ({ page, request }) => {
  test.setTimeout(180_000);
  const total = 260;
  for (let start = 0; start < total; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, total - start) }, (_, i) =>
        upsert(request, { identifiers: [{ type: "email", id: `bulk-${start + i}-${run}@example.com` }], firstName: `Bulk ${start + i}` }),
      ),
    );
  }
  await signIn(page, "/contacts");
  const status = page.getByRole("status").filter({ hasText: /contacts/ });
  await expect(status).toHaveText(/^100 contacts loaded, more available/);
  // 100 loaded, far fewer rendered: the body is virtualized.
  const rendered = await bodyRows(page).count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(60);
  await expect(table(page)).toHaveAttribute("aria-rowcount", "-1");

  await page.getByRole("button", { name: "Load more" }).click();
  await expect(status).toHaveText(/^200 contacts loaded/);
  // Scrolling to the end fetches the rest.
  const region = page.getByRole("region", { name: "Contacts, scrollable" });
  await expect(async () => {
    await region.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(status).toHaveText(/^263 contacts$/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(table(page)).toHaveAttribute("aria-rowcount", "264");
  await region.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  // The oldest contact ends the list; its row knows its place in the whole table.
  await expect(bodyRows(page).last()).toContainText("Ada");
  await expect(bodyRows(page).last()).toHaveAttribute("aria-rowindex", "264");
  expect(await bodyRows(page).count()).toBeLessThan(60);
  await shoot(page, "virtualized-end", false);
});

test("the profile shows identifiers, consent and the events sent through the API in its timeline", async ({ page, request }) => {
  for (const [i, sku] of ["sku-1", "sku-2"].entries()) {
    const res = await request.post("/api/events", {
      headers: headers(),
      data: { eventName: EVENT, origin: "api", eventTime: new Date(Date.now() - (2 - i) * 60_000).toISOString(), contact: { email: ada.email }, properties: { productID: sku, price: 42 + i } },
    });
    expect(res.status(), await res.text()).toBe(202);
  }

  await signIn(page, "/contacts?email=" + encodeURIComponent(ada.email));
  await table(page).getByRole("link", { name: "Ada Lovelace" }).click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();

  const identifiers = page.getByRole("region", { name: "Identifiers" }).getByRole("listitem");
  const email = identifiers.filter({ hasText: ada.email });
  await expect(email).toContainText(/Email status\s*Subscribed/);
  await expect(email).toContainText("checkout form");
  await expect(email).toContainText("192.0.2.10");
  await expect(email).toContainText("Mozilla/5.0 (E2E)");
  await expect(identifiers.filter({ hasText: ada.phone })).toContainText(/SMS status\s*Subscribed/);
  await expect(page.getByRole("table", { name: /status changes/ })).toContainText(ada.phone);
  await expect(page.getByRole("region", { name: "Custom properties" })).toContainText("orders");

  // Events are processed asynchronously: refresh until both are in, newest first.
  const timeline = page.getByRole("list", { name: "Events, newest first" });
  await expect(async () => {
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(timeline.getByRole("listitem")).toHaveCount(2, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(timeline.getByRole("listitem").first()).toContainText(EVENT);
  await expect(timeline.getByRole("listitem").first()).toContainText("sku-2");
  await expect(timeline.getByRole("listitem").nth(1)).toContainText("sku-1");
  await expect(timeline.getByRole("listitem").first()).toContainText("from api");
  await timeline.getByRole("listitem").first().getByText("Show JSON").click();
  await expect(timeline.getByRole("listitem").first().locator("pre")).toContainText('"price": 43');
  await shoot(page, "profile");
  await shootNarrow(page, "profile");
});

test("editing a field: the API's validation error shows on that field, then the fix saves", async ({ page }) => {
  await signIn(page, "/contacts?email=" + encodeURIComponent(ada.email));
  await table(page).getByRole("link", { name: "Ada Lovelace" }).click();
  await page.getByRole("link", { name: "Edit contact" }).click();
  await expect(page.getByRole("heading", { name: "Edit Ada Lovelace" })).toBeVisible();

  const country = page.getByLabel("Country code");
  await country.fill("ZZ");
  await page.getByLabel("City").fill("Cambridge");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(country).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#profile-countryCode-error")).toHaveText(/ISO 3166-1 alpha-2/);
  await expect(country).toHaveAttribute("aria-describedby", /profile-countryCode-error/);
  const summary = page.getByRole("alert").filter({ hasText: "Country code:" });
  await expect(summary).toBeFocused();
  await shoot(page, "edit-error");

  await summary.getByRole("link", { name: /Country code/ }).click();
  await expect(country).toBeFocused();
  await country.fill("GB");
  await page.getByLabel("New tag").fill("speaker");
  await page.getByRole("button", { name: "Add tag" }).click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
  const profile = page.getByRole("region", { name: "Profile" });
  await expect(profile).toContainText("GB");
  await expect(profile).toContainText("Cambridge");
  await expect(page.getByRole("region", { name: "Tags" })).toContainText("speaker");
});

test("adding a contact with the form: an invalid phone is reported on the phone field", async ({ page }) => {
  await signIn(page, "/contacts/new");
  await page.getByLabel("Email address").fill(`alan-${run}@example.com`);
  await page.getByRole("button", { name: "Add phone" }).click();
  await page.getByLabel("Phone number").fill("12345");
  await page.getByLabel("First name").fill("Alan");
  await page.getByRole("button", { name: "Create contact" }).click();
  const phone = page.getByLabel("Phone number");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#identifiers-1-id-error")).toHaveText(/phone number/);
  await shoot(page, "new-error");
  await phone.fill("+14155550123");
  await page.getByRole("button", { name: "Create contact" }).click();
  await expect(page.getByRole("heading", { name: "Alan", level: 1 })).toBeVisible();
});

test("a segment from one contact condition and one event condition: live count and members", async ({ page }) => {
  await signIn(page, "/segments");
  await expect(page.getByRole("heading", { name: "No segments yet" })).toBeVisible();
  await page.getByRole("link", { name: "New segment" }).click();
  await page.getByLabel("Segment name").fill("VIP wishlisters");

  // Group 1, condition 1 starts as a tag condition: has tag "vip" matches Ada and Grace.
  const first = page.getByRole("listitem", { name: "Group 1, condition 1" });
  await expect(first.getByLabel("Condition", { exact: true })).toHaveValue("tag");
  await first.getByLabel("Tag", { exact: true }).fill("vip");
  const count = page.getByTestId("live-count");
  await expect(count).toHaveText("2 contacts match");

  await page.getByRole("button", { name: "Add event condition to group 1" }).click();
  const second = page.getByRole("listitem", { name: "Group 1, condition 2 (and)" });
  await expect(count).toHaveText(/Choose an event name/);
  await second.getByLabel("Event name").fill(EVENT);
  await expect(count).toHaveText("1 contact matches");
  await second.getByLabel("At least (times)").fill("3");
  await expect(count).toHaveText("0 contacts match");
  await second.getByLabel("At least (times)").fill("2");
  await expect(count).toHaveText("1 contact matches");
  await shoot(page, "segment-builder");
  await shootNarrow(page, "segment-builder");

  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page.getByRole("heading", { name: "VIP wishlisters", level: 1 })).toBeVisible();
  const members = page.getByRole("table", { name: "Segment members" });
  await expect(members.locator("tbody tr:not(.virtual-padding)")).toHaveCount(1);
  await expect(members).toContainText("Ada Lovelace");
  await expect(count).toHaveText("1 contact matches");
  await shoot(page, "segment-members");

  // An "or" group whose condition the API refuses: the live count explains, the field shows why.
  await page.getByRole("button", { name: "Add “or” group" }).click();
  const other = page.getByRole("listitem", { name: "Group 2, condition 1" });
  await other.getByLabel("Condition", { exact: true }).selectOption("customProperty");
  await other.getByLabel("Property key").fill("bad key!");
  await other.getByLabel("Value", { exact: true }).fill("x");
  await expect(count).toHaveText("Fix the highlighted conditions to see a count.");
  await expect(other.getByLabel("Property key")).toHaveAttribute("aria-invalid", "true");
  await expect(other.locator(".field-error")).toContainText("letters, digits");
  await shoot(page, "segment-invalid-condition");
  await page.getByRole("button", { name: "Remove group 2", exact: true }).click();
  await expect(count).toHaveText("1 contact matches");

  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Segments" }).click();
  const row = page.getByRole("row", { name: /VIP wishlisters/ });
  await expect(row).toContainText("2 conditions in 1 group");
  await expect(row.getByRole("cell").first()).toHaveText("1");
  await shoot(page, "segments-list");

  // The contacts page filters by the segment too, and the profile lists it.
  await page.goto("/contacts");
  await page.getByLabel("Segment").selectOption({ label: "VIP wishlisters" });
  await expect(bodyRows(page)).toHaveCount(1);
  await table(page).getByRole("link", { name: "Ada Lovelace" }).click();
  await expect(page.getByRole("region", { name: "Segments" }).getByRole("link", { name: "VIP wishlisters" })).toBeVisible();
});

test("events overview: identities with counts, and a warning when one name arrives under two identities", async ({ page, request }) => {
  const res = await request.post("/api/events", {
    headers: headers(),
    data: { eventName: EVENT, origin: "shop-app", contact: { email: grace.email }, properties: { productID: "sku-9" } },
  });
  expect(res.status(), await res.text()).toBe(202);
  await signIn(page, "/events");
  const identities = page.getByRole("table", { name: "Event identities" });
  await expect(async () => {
    await page.reload();
    await expect(identities.getByRole("row", { name: /shop-app/ })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const apiRow = identities.getByRole("row", { name: new RegExp(`${EVENT}.*api`) }).filter({ hasNotText: "shop-app" });
  await expect(apiRow.getByRole("cell").nth(2)).toHaveText("2");
  await expect(apiRow).toContainText("Mixed identities");
  await expect(page.getByRole("note")).toContainText("under more than one identity");
  await expect(page.getByRole("note")).toContainText(EVENT);
  await shoot(page, "events");
});
