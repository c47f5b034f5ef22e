// Contacts, profiles, segments and events end to end: a marketer finds a person by email and by phone,
// sees the events sent through the API in their timeline, edits their data (and meets a validation
// error), builds a segment from contact and event conditions in the segment builder, tags its members,
// and sees the event identities and declared event schemas.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiKeyHeaders, newOwner, signUp } from "./account-helpers";

test.describe.configure({ mode: "serial" });

const SHOTS = "artifacts/screenshots";
const run = Date.now().toString(36);
const owner = newOwner("marketer", "Paper Cranes", run);
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

const headers = () => apiKeyHeaders(apiKey);

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
  await signUp(page, owner);

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
      {
        type: "email",
        id: ada.email,
        channels: { email: { status: "subscribed" } },
        consent: { source: "checkout form", ip: "192.0.2.10", userAgent: "Mozilla/5.0 (E2E)" },
      },
      { type: "phone", id: ada.phone, channels: { sms: { status: "subscribed" } } },
    ],
    firstName: "Ada",
    lastName: "Lovelace",
    city: "London",
    tags: ["vip"],
    customProperties: { plan: "pro", orders: 7 },
  });
  await upsert(request, {
    identifiers: [
      { type: "email", id: grace.email, channels: { email: { status: "unsubscribed" } } },
      { type: "phone", id: grace.phone },
    ],
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

  // One search box: an email in any letter case, a phone number typed with spaces, part of a name.
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill(ada.email.toUpperCase());
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("Ada Lovelace");
  await expect(page).toHaveURL(/q=ADA-/);
  await shoot(page, "search-email");

  await search.fill("+44 20 7183 8750");
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("Grace Hopper");
  await shoot(page, "search-phone");

  await search.fill("+14155552672");
  await expect(page.getByRole("heading", { name: "No contacts match" })).toBeVisible();
  await shoot(page, "search-none");
  await page.getByRole("button", { name: "Clear", exact: true }).first().click();
  await expect(bodyRows(page)).toHaveCount(3);

  // Filters combine: a tag, then a status on top of it.
  await page.getByRole("search").getByLabel("Tag", { exact: true }).fill("vip");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(bodyRows(page)).toHaveCount(2);
  await page.getByRole("search").getByLabel("Email status").selectOption("unsubscribed");
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
  const footer = page.locator(".table-footer");
  await expect(status).toHaveText(/^263 contacts/);
  await expect(footer).toContainText("Showing 50 contacts of 263");
  await expect(table(page)).toHaveAttribute("aria-rowcount", "264");

  await page.getByRole("button", { name: "Load more" }).click();
  await expect(footer).toContainText("Showing 100 contacts of 263");
  // 100 loaded, far fewer rendered: the body is virtualized.
  const rendered = await bodyRows(page).count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(60);
  // Scrolling to the end fetches the rest.
  const region = page.getByRole("region", { name: "Contacts, scrollable" });
  await expect(async () => {
    await region.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(footer).not.toContainText("Showing", { timeout: 1_000 });
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
      data: {
        eventName: EVENT,
        origin: "api",
        eventTime: new Date(Date.now() - (2 - i) * 60_000).toISOString(),
        contact: { email: ada.email },
        properties: { productID: sku, price: 42 + i },
      },
    });
    expect(res.status(), await res.text()).toBe(202);
  }

  await signIn(page, "/contacts?q=" + encodeURIComponent(ada.email));
  await table(page).getByRole("link", { name: "Ada Lovelace" }).click();
  await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();

  const identifiers = page.getByRole("region", { name: "Identifiers" }).getByRole("listitem");
  const email = identifiers.filter({ hasText: ada.email });
  await expect(email).toContainText(/Email status\s*Subscribed/);
  await expect(email).toContainText("checkout form");
  await expect(email).toContainText("192.0.2.10");
  await expect(email).toContainText("Mozilla/5.0 (E2E)");
  await expect(identifiers.filter({ hasText: ada.phone })).toContainText(/SMS status\s*Subscribed/);
  const history = page.getByRole("table", { name: /Opt-ins and consents/ });
  await expect(history).toContainText("SMS");
  await expect(history).toContainText("checkout form");
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
  await signIn(page, "/contacts?q=" + encodeURIComponent(ada.email));
  await table(page).getByRole("link", { name: "Ada Lovelace" }).click();
  await page.getByRole("link", { name: "Edit contact" }).click();
  await expect(page.getByRole("heading", { name: "Edit Ada Lovelace" })).toBeVisible();

  const country = page.getByLabel("Country code");
  await country.fill("ZZ");
  await page.getByLabel("City").fill("Cambridge");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(country).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#profile-countryCode-error")).toHaveText("Enter a two-letter country code, such as DE.");
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

test("the segment builder: who they are and what they did, in plain words, with suggestions and a live count that matches the statistics", async ({
  page,
}) => {
  test.setTimeout(180_000); // a long walk through the builder, the tagging job and three pages
  await signIn(page, "/segments");
  await expect(page.getByRole("heading", { name: "No segments yet" })).toBeVisible();
  await page.getByRole("link", { name: "New segment" }).click();
  await page.getByLabel("Segment name", { exact: true }).fill("VIP wishlisters");
  const count = page.getByTestId("live-count");

  // Who they are: group 1 starts with a contact condition on tags, which the brand's tags are offered for.
  const contactCondition = page.getByRole("listitem", { name: "Group 1, condition 1: who they are" });
  const tags = contactCondition.getByRole("listitem", { name: "Group 1, condition 1, contact filter 1" });
  await expect(tags.getByLabel("Contact property", { exact: true })).toHaveValue("tags");
  await expect(tags.getByLabel("Condition", { exact: true })).toHaveValue("anyOf");
  await tags.getByLabel("Tag", { exact: true }).click();
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option", { name: "vip" })).toBeVisible();
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option", { name: "newsletter" })).toBeVisible();
  await tags.getByLabel("Tag", { exact: true }).fill("vip");
  await tags.getByLabel("Tag", { exact: true }).press("Enter");
  await expect(tags.getByRole("list", { name: "Chosen tags" })).toContainText("vip");
  await expect(count).toHaveText("2 contacts match");

  // A second contact filter: subscribed to email. "All of these" narrows, "any of these" widens.
  await contactCondition.getByRole("button", { name: "Add a contact filter to group 1, condition 1" }).click();
  const status = contactCondition.getByRole("listitem", { name: "Group 1, condition 1, contact filter 2" });
  await status.getByLabel("Contact property", { exact: true }).selectOption("subscriptionStatus");
  await expect(status.getByLabel("Email", { exact: true })).toBeChecked();
  await expect(status.getByLabel("Status", { exact: true })).toHaveValue("subscribed");
  await expect(count).toHaveText("1 contact matches");
  await contactCondition.getByLabel("Match", { exact: true }).selectOption("or");
  await expect(count).toHaveText("2 contacts match");
  await contactCondition.getByLabel("Match", { exact: true }).selectOption("and");
  await expect(count).toHaveText("1 contact matches");
  await status.getByRole("button", { name: "Remove group 1, condition 1, contact filter 2" }).click();
  await expect(count).toHaveText("2 contacts match");

  // What they did: an event condition, the events the brand receives offered by name.
  await page.getByRole("button", { name: "Add event condition to group 1" }).click();
  const eventCondition = page.getByRole("listitem", { name: "Group 1, condition 2: what they did" });
  const wishlist = eventCondition.getByRole("listitem", { name: "Group 1, condition 2, event filter 1" });
  await expect(count).toHaveText(/Choose an event/);
  await wishlist.getByLabel("Event", { exact: true }).click();
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option", { name: EVENT })).toBeVisible();
  await wishlist.getByLabel("Event", { exact: true }).fill(EVENT);
  await wishlist.getByLabel("Event", { exact: true }).press("Escape");
  await expect(count).toHaveText("1 contact matches");
  await wishlist.getByLabel("Times", { exact: true }).fill("3");
  await expect(count).toHaveText("0 contacts match");
  await wishlist.getByLabel("Times", { exact: true }).fill("2");
  await expect(count).toHaveText("1 contact matches");
  await wishlist.getByLabel("When", { exact: true }).selectOption("inTheLast");
  await expect(wishlist.getByLabel("How many", { exact: true })).toHaveValue("30");
  await wishlist.getByLabel("How many", { exact: true }).fill("7");
  await expect(count).toHaveText("1 contact matches");

  // Only events whose properties match: the event's property keys are offered (inferred from what arrived).
  await wishlist.getByRole("button", { name: /Only events whose properties match/ }).click();
  const price = wishlist.getByRole("listitem", { name: "Group 1, condition 2, event filter 1, property condition 1" });
  await price.getByLabel("Event property", { exact: true }).click();
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option", { name: /^price/ })).toBeVisible();
  await price.getByLabel("Event property", { exact: true }).fill("price");
  await price.getByLabel("Event property", { exact: true }).press("Escape");
  await expect(price.getByLabel("Compare as", { exact: true })).toHaveValue("number");
  await price.getByLabel("Condition", { exact: true }).selectOption("moreThan");
  await price.getByLabel("Amount", { exact: true }).fill("42");
  await expect(count).toHaveText("0 contacts match");
  await wishlist.getByLabel("Times", { exact: true }).fill("1");
  await expect(count).toHaveText("1 contact matches");
  await expect(page.getByTestId("segment-summary")).toHaveText(
    `Tags include any of vip and has done “${EVENT}” at least 1 time in the last 7 days where price is more than 42`,
  );
  await shoot(page, "segment-builder");
  await shootNarrow(page, "segment-builder");

  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page.getByRole("heading", { name: "VIP wishlisters", level: 1 })).toBeVisible();
  await expect(count).toHaveText("1 contact matches");
  // The live count is what GET /api/segments/{id}/statistics answers for the saved segment.
  const segmentID = page.url().split("/").pop()!;
  const stats = await page.request.get(`/api/segments/${segmentID}/statistics`, { headers: headers() });
  expect(await stats.json()).toEqual({ segmentID, contactsCount: 1 });
  const members = page.getByRole("table", { name: "Segment members" });
  await expect(members.locator("tbody tr:not(.virtual-padding)")).toHaveCount(1);
  await expect(members).toContainText("Ada Lovelace");
  await shoot(page, "segment-members");

  // An "or" group whose filter the API refuses: the live count explains, the field shows why.
  await page.getByRole("button", { name: "Add “or” group" }).click();
  const bad = page.getByRole("listitem", { name: "Group 2, condition 1, contact filter 1" });
  await bad.getByLabel("Contact property", { exact: true }).selectOption("custom");
  await bad.getByLabel("Custom property name", { exact: true }).fill("bad key!");
  await bad.getByLabel("Value", { exact: true }).fill("x");
  await expect(count).toHaveText("Fix the highlighted conditions to see a count.");
  await expect(bad.getByLabel("Custom property name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(bad.locator(".field-error")).toContainText("Use only letters, digits, _ and -");
  await shoot(page, "segment-invalid-condition");
  await page.getByRole("button", { name: "Remove group 2", exact: true }).click();
  await expect(count).toHaveText("1 contact matches");

  // Tag everyone in the saved segment, with the background job's progress.
  const tagPanel = page.getByRole("region", { name: "Tag everyone in this segment" });
  await tagPanel.getByLabel("Tags (separate with commas)", { exact: true }).fill("wishlisted");
  await tagPanel.getByRole("button", { name: "Add tags" }).click();
  await expect(tagPanel.getByTestId("tag-job-status")).toHaveText("Done: 1 of 1 contacts got “wishlisted”.");
  await expect(tagPanel.getByRole("progressbar")).toHaveAttribute("value", "100");
  await expect(members).toContainText("wishlisted");
  await shoot(page, "segment-tagged");

  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Segments" }).click();
  const row = page.getByRole("row", { name: /VIP wishlisters/ });
  await expect(row).toContainText("2 conditions in 1 group");
  // Its size as kept, with the time it was counted.
  await expect(row.getByRole("cell").first()).toHaveText(/^1\s*as of /);
  await shoot(page, "segments-list");

  // The contacts page filters by the segment too, and the profile lists it.
  await page.goto("/contacts");
  await page.getByLabel("Segment", { exact: true }).fill("wishlist");
  await page.getByRole("option", { name: /^VIP wishlisters/ }).click();
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
    await expect(identities.getByRole("row", { name: /shop-app/ })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  const apiRow = identities.getByRole("row", { name: new RegExp(`${EVENT}.*api`) }).filter({ hasNotText: "shop-app" });
  await expect(apiRow.getByRole("cell").nth(2)).toHaveText("2");
  await expect(apiRow).toContainText("Mixed identities");
  await expect(page.getByRole("note", { name: /One event name arrives under/ })).toContainText("under more than one identity");
  await expect(page.getByRole("note", { name: /One event name arrives under/ })).toContainText(EVENT);

  // A declared event schema is listed with its properties, and its identity is flagged once events arrive.
  const declared = await request.post("/api/event-metadata", {
    headers: headers(),
    data: {
      name: "points earned",
      origin: "api",
      displayName: "Points earned",
      properties: { points: { type: "integer", displayName: "Points" }, reason: { type: "string" } },
    },
  });
  expect(declared.status(), await declared.text()).toBe(201);
  await request.post("/api/events", {
    headers: headers(),
    data: { eventName: "points earned", origin: "api", contact: { email: ada.email }, properties: { points: 5 } },
  });
  const schemas = page.getByRole("region", { name: "Declared event schemas" });
  await expect(async () => {
    await page.reload();
    await expect(identities.getByRole("row", { name: /points earned/ })).toContainText("Declared", { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(schemas).toContainText("Points earned");
  await expect(schemas).toContainText("points");
  await expect(schemas).toContainText("whole number");
  await shoot(page, "events");
});
