// The segment builder and the contacts table's bulk unsubscribe as a marketer uses them (issue 18):
// values are suggested and can be picked, the live count asks nothing while a condition is incomplete,
// a half-typed event name is pointed out with the names it may mean, a duplicate segment name is
// flagged, and a filtered view of contacts can be unsubscribed from email in one go.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiKeyHeaders, newOwner, signUpWithApiKey } from "./account-helpers";
import { shootBothWidths, signInTo } from "./contacts-helpers";

test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
const owner = newOwner("sb", "Harbour", run);
let apiKey = "";

const headers = () => apiKeyHeaders(apiKey);

const shoot = (page: Page, name: string) => shootBothWidths(page, `sb-${name}`);

/** Console errors of the page (a failed request counts). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

const signIn = (page: Page, to = "/contacts") => signInTo(page, owner, to);

async function upsert(request: APIRequestContext, body: Record<string, unknown>) {
  const res = await request.post("/api/contacts", { headers: headers(), data: body });
  expect([200, 201], await res.text()).toContain(res.status());
  return (await res.json()) as { id: string };
}

const emailStatus = async (request: APIRequestContext, address: string) => {
  const res = await request.get(`/api/contacts?email=${encodeURIComponent(address)}`, { headers: headers() });
  const [contact] = (await res.json()).contacts as { identifiers: { type: string; channels: { email?: { status: string } } }[] }[];
  return contact.identifiers.find((i) => i.type === "email")?.channels.email?.status;
};

const readers = (i: number) => `reader-${i}-${run}@example.com`;
const members = (i: number) => `member-${i}-${run}@example.com`;

test("setup: an account, an API key, contacts and events", async ({ page, request }) => {
  apiKey = await signUpWithApiKey(page, owner);

  // Newsletter readers (subscribed) in Paris and Lyon; members on the "gold" plan who are not readers.
  for (let i = 0; i < 3; i++) {
    await upsert(request, {
      identifiers: [{ type: "email", id: readers(i), channels: { email: { status: "subscribed" } } }],
      firstName: `Reader${i}`,
      lastName: "Lambert",
      city: i ? "Paris" : "Lyon",
      tags: ["newsletter"],
      customProperties: { plan: "silver" },
    });
    await upsert(request, {
      identifiers: [{ type: "email", id: members(i), channels: { email: { status: "subscribed" } } }],
      firstName: `Member${i}`,
      lastName: "Okafor",
      city: "Paris",
      tags: ["members"],
      customProperties: { plan: "gold" },
    });
  }
  const sent: string[] = [];
  for (const [i, orderID] of ["o-1", "o-2"].entries()) {
    const res = await request.post("/api/events", {
      headers: headers(),
      data: {
        eventName: "placed order",
        eventVersion: "v1",
        origin: "api",
        contact: { email: members(i) },
        properties: { orderID, value: 40, currency: "EUR", lineItems: [{ productID: "sku-lamp", productQuantity: 1 }] },
      },
    });
    expect(res.status(), await res.text()).toBe(202);
    sent.push((await res.json()).id);
  }
  // The events are processed (received, attached to the members) before the builder is used.
  await expect
    .poll(
      async () => {
        const log = await (await request.get("/api/event-log?name=placed", { headers: headers() })).json();
        return (log.events as { status: string }[]).filter((e) => e.status === "done").length;
      },
      { timeout: 20_000 },
    )
    .toBe(2);
});

test("segment builder: values are suggested and can be picked with the mouse or the keyboard", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "/segments/new");
  const filter = page.getByRole("listitem", { name: "Group 1, condition 1, contact filter 1" });
  const tag = filter.getByLabel("Tag", { exact: true });
  await tag.click();
  const options = page.getByRole("listbox");
  // Every tag of the brand, most used first; typing narrows the list.
  await expect(options.getByRole("option")).toHaveText(["members", "newsletter"]);
  await tag.fill("news");
  await expect(options.getByRole("option")).toHaveText(["newsletter"]);
  await options.getByRole("option", { name: "newsletter" }).click();
  await expect(filter.getByRole("list", { name: "Chosen tags" })).toHaveText(/newsletter/);
  // The input is for the next tag now, empty.
  await expect(filter.getByLabel("Add another tag")).toHaveValue("");
  await expect(page.getByTestId("live-count")).toHaveText("3 contacts match");

  // A profile field: the cities the brand's contacts live in; the keyboard picks too.
  await filter.getByLabel("Contact property").selectOption("city");
  const city = filter.getByLabel("Value", { exact: true });
  await city.fill("pa");
  await expect(page.getByRole("listbox").getByRole("option")).toHaveText(["Paris"]);
  await city.press("ArrowDown");
  await city.press("Enter");
  await expect(filter.getByRole("list", { name: "Chosen values" })).toHaveText(/Paris/);
  await expect(page.getByTestId("live-count")).toHaveText("5 contacts match");

  // A custom property: its name, then its values.
  await filter.getByLabel("Contact property").selectOption("custom");
  await filter.getByLabel("Custom property name").fill("pl");
  await page.getByRole("listbox").getByRole("option", { name: /plan/ }).click();
  await expect(filter.getByLabel("Custom property name")).toHaveValue("plan");
  await filter.getByLabel("Value", { exact: true }).click();
  await expect(page.getByRole("listbox").getByRole("option")).toHaveText(["gold", "silver"]);
  await page.getByRole("listbox").getByRole("option", { name: "gold" }).click();
  await expect(page.getByTestId("live-count")).toHaveText("3 contacts match");

  // An event: the events received come first, with how often; then its properties and their values.
  await page.getByRole("button", { name: "Add event condition to group 1" }).click();
  const event = page.getByRole("listitem", { name: "Group 1, condition 2, event filter 1" });
  await event.getByLabel("Event", { exact: true }).fill("plac");
  const placed = page.getByRole("listbox").getByRole("option").first();
  await expect(placed).toContainText("Placed Order");
  await expect(placed).toContainText("received 2 times");
  await placed.click();
  await expect(event.getByLabel("Event", { exact: true })).toHaveValue("placed order");
  await expect(page.getByTestId("live-count")).toHaveText("2 contacts match");
  await event.getByRole("button", { name: "+ Only events whose properties match…" }).click();
  const property = event.getByRole("listitem", { name: /property condition 1/ });
  await property.getByLabel("Event property").fill("productID");
  await page
    .getByRole("listbox")
    .getByRole("option", { name: /lineItems\.\[\]\.productID/ })
    .click();
  await expect(property.getByLabel("Event property")).toHaveValue("lineItems.[].productID");
  await property.getByLabel("Value", { exact: true }).click();
  await page.getByRole("listbox").getByRole("option", { name: "sku-lamp" }).click();
  await expect(property.getByRole("list", { name: "Chosen values" })).toHaveText(/sku-lamp/);
  await expect(page.getByTestId("live-count")).toHaveText("2 contacts match");
  // The menu open for the screenshot: the values not chosen yet.
  await page.getByRole("listitem", { name: "Group 1, condition 1, contact filter 1" }).getByLabel("Add another value").click();
  await expect(page.getByRole("listbox").getByRole("option")).toHaveText(["silver"]);
  await shoot(page, "segment-builder-suggestions");
  expect(errors).toEqual([]);
});

test("segment builder: no count request while a condition is incomplete; a half-typed event name is pointed out", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "/segments/new");
  const previews: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/segments/preview")) previews.push(r.postData() ?? "");
  });
  const count = page.getByTestId("live-count");
  // The first condition has no tag yet.
  await expect(count).toHaveText("Fill in every value to see a count.");
  await page.waitForTimeout(1000);
  expect(previews).toHaveLength(0);
  const filter = page.getByRole("listitem", { name: "Group 1, condition 1, contact filter 1" });
  await filter.getByLabel("Tag", { exact: true }).fill("members");
  await filter.getByLabel("Tag", { exact: true }).press("Enter");
  await expect(count).toHaveText("3 contacts match");
  const complete = previews.length;
  expect(complete).toBeGreaterThan(0);

  // An event condition with no event yet, then with no number of times: nothing is asked.
  await page.getByRole("button", { name: "Add event condition to group 1" }).click();
  await expect(count).toHaveText("Choose an event to see a count.");
  const event = page.getByRole("listitem", { name: "Group 1, condition 2, event filter 1" });
  await event.getByLabel("Times").fill("");
  await page.waitForTimeout(1000);
  expect(previews).toHaveLength(complete);
  await event.getByLabel("Event", { exact: true }).fill("plac");
  await event.getByLabel("Event", { exact: true }).press("Escape");
  await expect(count).toHaveText("Fill in how many times to see a count.");
  await page.waitForTimeout(1000);
  expect(previews).toHaveLength(complete);
  expect(previews.every((body) => !body.includes('"value":""'))).toBe(true);

  // The half-typed name: no event by that name was ever received; the names it may mean are offered.
  const warning = event.getByRole("status").filter({ hasText: "No event named “plac” has been received yet." });
  await expect(warning).toBeVisible();
  await event.getByLabel("Times").fill("1");
  await shoot(page, "segment-builder-unknown-event");
  await warning.getByRole("button", { name: "placed order" }).click();
  await expect(event.getByLabel("Event", { exact: true })).toHaveValue("placed order");
  await expect(warning).toBeHidden();
  await expect(count).toHaveText("2 contacts match");
  // A recommended event nobody sent yet is known, so it is not "half-typed", but it counts nobody.
  await event.getByLabel("Event", { exact: true }).fill("order refunded");
  await event.getByLabel("Event", { exact: true }).press("Escape");
  await expect(event.getByText("No “order refunded” event has been received yet, so no contact has done it so far.")).toBeVisible();
  await expect(count).toHaveText("0 contacts match");
  expect(errors).toEqual([]);
});

test("segment builder: a name another segment has is flagged before saving", async ({ page }) => {
  const errors = watchConsole(page);
  await signIn(page, "/segments/new");
  await page.getByLabel("Segment name", { exact: true }).fill("Gold members");
  const filter = page.getByRole("listitem", { name: "Group 1, condition 1, contact filter 1" });
  await filter.getByLabel("Tag", { exact: true }).fill("members");
  await filter.getByLabel("Tag", { exact: true }).press("Enter");
  await page.getByRole("button", { name: "Create segment" }).click();
  await expect(page).toHaveURL(/\/segments\/[0-9a-f]{24}$/);

  await page.goto("/segments/new");
  const name = page.getByLabel("Segment name", { exact: true });
  await name.fill("gold Members ");
  const warning = page.getByText("Another segment is already called “Gold members”.");
  await expect(warning).toBeVisible();
  await expect(name).toHaveAttribute("aria-describedby", "segment-name-warning");
  await name.fill("Gold members in Paris");
  await expect(warning).toBeHidden();
  expect(errors).toEqual([]);
});

test("bulk unsubscribe of a filtered view: confirmation, then every matching contact is unsubscribed and shown so", async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  await signIn(page, "/contacts?tag=newsletter");
  const table = page.getByRole("table", { name: "Contacts" });
  const rows = table.locator("tbody tr:not(.virtual-padding)");
  await expect(page.getByRole("status").filter({ hasText: "3 contacts match" })).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(table.getByText("Unsubscribed")).toHaveCount(0);
  const bulk = page.getByRole("group", { name: "Bulk actions" });
  await expect(bulk).toContainText("All matching:");
  await shoot(page, "contacts-bulk-bar");

  // Cancel changes nothing.
  await bulk.getByRole("button", { name: "Unsubscribe…" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Unsubscribe 3 contacts from email?" });
  await expect(confirm).toContainText("Every contact matching the current search and filters will stop receiving marketing email.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect(await emailStatus(request, readers(0))).toBe("subscribed");

  await bulk.getByRole("button", { name: "Unsubscribe…" }).click();
  await shoot(page, "contacts-bulk-unsubscribe-confirm");
  await confirm.getByRole("button", { name: "Unsubscribe 3 contacts" }).click();
  // Every matching contact: a background job on the server, followed in the jobs list.
  await expect(bulk.getByRole("status").filter({ hasText: "Started in the background" })).toBeVisible();
  const job = page
    .getByRole("region", { name: "Background jobs" })
    .getByRole("listitem", { name: "Unsubscribe contacts tagged “newsletter” from email" });
  await expect(job.getByTestId("tag-job-status")).toHaveText("Done: 3 of 3 contacts were unsubscribed from email.");
  await expect(table.getByText("Unsubscribed")).toHaveCount(3);
  for (let i = 0; i < 3; i++) expect(await emailStatus(request, readers(i))).toBe("unsubscribed");
  // Outside the view: untouched.
  for (let i = 0; i < 3; i++) expect(await emailStatus(request, members(i))).toBe("subscribed");

  // A selection: one member, from the unfiltered table.
  await page.goto("/contacts");
  await rows.filter({ hasText: "Member1 Okafor" }).getByRole("checkbox").check();
  await expect(bulk).toContainText("1 selected:");
  await bulk.getByRole("button", { name: "Unsubscribe…" }).click();
  await page
    .getByRole("alertdialog", { name: "Unsubscribe 1 contact from email?" })
    .getByRole("button", { name: "Unsubscribe 1 contact" })
    .click();
  await expect(bulk.getByRole("status").filter({ hasText: "Unsubscribed 1 contact from email." })).toBeVisible();
  expect(await emailStatus(request, members(1))).toBe("unsubscribed");
  expect(await emailStatus(request, members(0))).toBe("subscribed");
  expect(errors).toEqual([]);
});
