// Automations as a marketer uses them (issue 30): start from the abandoned-cart starter, change the quiet
// time, the wait and the email, simulate, enable (the confirmation says what happens), and watch a contact
// go through it after their cart events arrive through the API, its two emails landing in the Outbox (the
// e2e server has no SMTP server: the built-in outbox is where mail goes), the first holding the cart that
// was abandoned last. Also: the list with its figures, the
// canvas driven with the keyboard, and the disable confirmation.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiKeyHeaders, newOwner, signUpWithApiKey } from "./account-helpers";
import { shootBothWidths, signInTo, watchConsole } from "./contacts-helpers";

test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
const owner = newOwner("au", "Cart shop", run);
let apiKey = "";
let automationUrl = "";
const shopper = `shopper-${run}@example.com`;

const headers = () => apiKeyHeaders(apiKey);
const signIn = (page: Page, to: string) => signInTo(page, owner, to);

async function cartEvent(request: APIRequestContext, email: string, value: number) {
  const res = await request.post("/api/events", {
    headers: headers(),
    data: {
      eventName: "added product to cart",
      eventVersion: "v1",
      origin: "api",
      contact: { email },
      properties: {
        cartID: `cart-${run}`,
        currency: "EUR",
        value,
        lineItems: [
          {
            productID: "sku-1",
            productTitle: "Linen shirt",
            productPrice: value,
            productQuantity: 1,
            productURL: "https://shop.example/products/linen-shirt",
            productImageURL: "https://cdn.shop.example/linen-shirt.png",
          },
        ],
      },
    },
  });
  expect(res.status(), await res.text()).toBe(202);
}

test("setup: an account, an API key, a subscribed shopper with an earlier cart", async ({ page, request }) => {
  apiKey = await signUpWithApiKey(page, owner);
  const contact = await request.post("/api/contacts", {
    headers: headers(),
    data: { identifiers: [{ type: "email", id: shopper, channels: { email: { status: "subscribed" } } }], firstName: "Robin" },
  });
  expect([200, 201]).toContain(contact.status());
  // An earlier cart of the last days: what the simulation finds.
  await cartEvent(request, `earlier-${run}@example.com`, 30);
  // A custom event the store declared but has not sent yet: the trigger's event picker offers it.
  const declared = await request.post("/api/event-metadata", {
    headers: headers(),
    data: { name: "loyalty tier reached", origin: "api", displayName: "Loyalty tier reached", properties: { tier: { type: "string" } } },
  });
  expect(declared.status()).toBe(201);
});

test("a marketer builds a cart recovery from the starter, simulates and enables it", async ({ page }) => {
  // a long walk (five pairs of screenshots, the template editor and back): CI's loaded machine is ~3x slower
  test.setTimeout(150_000);
  const errors = watchConsole(page);
  await signIn(page, "/automations");
  await expect(page.getByRole("heading", { name: "No automations yet" })).toBeVisible();
  await shootBothWidths(page, "au-empty");
  await page.getByRole("link", { name: "Create an automation" }).click();
  await expect(page.getByRole("heading", { name: "New automation" })).toBeVisible();
  await shootBothWidths(page, "au-starters");
  await page.getByRole("button", { name: "Use this starter", exact: true }).nth(1).click();
  await expect(page).toHaveURL(/\/automations\/[0-9a-f]{24}$/, { timeout: 30_000 });
  automationUrl = new URL(page.url()).pathname;
  await expect(page.getByLabel("Workflow name")).toHaveValue("Abandoned cart");
  const canvas = page.getByRole("region", { name: "Workflow" });
  await expect(canvas.getByRole("button", { name: /^Trigger When a contact does “added product to cart”/ })).toBeVisible();
  await shootBothWidths(page, "au-builder-starter");

  // The trigger: quiet for 1 minute instead of an hour.
  await canvas.getByRole("button", { name: /^Trigger When a contact does/ }).click();
  const panel = page.getByRole("complementary");
  const eventPicker = panel.getByLabel("Event", { exact: true });
  const listId = await eventPicker.getAttribute("list");
  await expect(page.locator(`datalist[id="${listId}"] option[value="loyalty tier reached"]`)).toHaveCount(1);
  await panel.getByLabel("Quiet for").fill("1");
  await panel.getByLabel("Unit").selectOption("m");

  // The wait: 1 minute instead of a day, by keyboard. The canvas is one Tab stop (the item last focused);
  // the arrow keys walk the flow in order, steps and "+" buttons; Enter opens a step; Tab goes on to the panel.
  const trigger = canvas.getByRole("button", { name: /^Trigger When a contact does/ });
  await trigger.focus();
  await expect(canvas.locator('[data-flow-item][tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press("ArrowDown");
  await expect(canvas.getByRole("button", { name: /^Add a step after the trigger/ })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(canvas.getByRole("button", { name: /^Email Send email/ }).first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  const wait = canvas.getByRole("button", { name: /^Delay Wait 1 day/ });
  await expect(wait).toBeFocused();
  await page.keyboard.press("End");
  await expect(canvas.getByRole("button", { name: /^Add a step after Send email “Still thinking it over/ })).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(wait).toBeFocused();
  await expect(wait).toHaveAttribute("tabindex", "0");
  await page.keyboard.press("Enter");
  await expect(panel.getByRole("heading", { name: "Delay" })).toBeVisible();
  // Tab leaves the canvas (past the zoom controls and React Flow's attribution) for the panel, not through every step.
  for (let i = 0; i < 6 && (await panel.locator(":focus").count()) === 0; i++) await page.keyboard.press("Tab");
  await expect(panel.locator(":focus")).toHaveCount(1);
  await panel.getByLabel("Wait for").fill("1");
  await panel.getByLabel("Unit").selectOption("m");
  await expect(canvas.getByRole("button", { name: /^Delay Wait 1 minute/ })).toBeVisible();

  // The first email's subject.
  await canvas.getByRole("button", { name: /^Email Send email “\{First name\}, you left something behind”/ }).click();
  await panel.getByLabel("Subject").fill("Your linen shirt is waiting, [[contact.first_name | friend]]");

  // A step added between two steps, then removed again.
  await canvas.getByRole("button", { name: /Add a step after Send email “Your linen shirt/ }).click();
  await page
    .getByRole("dialog", { name: "Add a step" })
    .getByRole("button", { name: /Add a tag/ })
    .click();
  await panel.getByLabel("Tag to add").fill("cart-reminded");
  await expect(canvas.getByRole("button", { name: /^Add tag Add tag “cart-reminded”/ })).toBeVisible();

  // To the email's design and back: the unsaved changes are saved on the way, not lost.
  await expect(page.getByRole("button", { name: "Save" })).toBeEnabled();
  await canvas.getByRole("button", { name: /^Email Send email “Your linen shirt/ }).click();
  await panel.getByRole("link", { name: "Edit the email design" }).click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f]{24}\?back=/, { timeout: 30_000 });
  await page.getByRole("link", { name: "← Back to the automation" }).click();
  await expect(page).toHaveURL(new RegExp(`${automationUrl}$`), { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
  await expect(canvas.getByRole("button", { name: /^Delay Wait 1 minute/ })).toBeVisible();
  await expect(canvas.getByRole("button", { name: /^Add tag Add tag “cart-reminded”/ })).toBeVisible();
  await shootBothWidths(page, "au-builder-edited");

  // Simulate: nothing is sent, the numbers show on the canvas.
  await page.getByRole("button", { name: "Simulate last 30 days" }).click();
  const simulation = page.getByRole("region", { name: "Simulation" });
  await expect(simulation).toContainText("contacts entered");
  await expect(simulation).toContainText("Nothing was sent");
  await expect(canvas.getByText(/would reach/).first()).toBeVisible();
  await shootBothWidths(page, "au-simulated");

  // Enable: the confirmation says what happens.
  await page.getByRole("button", { name: "Enable", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: "Enable this workflow?" });
  await expect(dialog).toContainText("every contact who triggers it enters it");
  await dialog.getByRole("button", { name: "Enable" }).click();
  await expect(page.getByText("Enabled", { exact: true })).toBeVisible();
  await expect(page.getByText(/This workflow is enabled/)).toBeVisible();
  expect(errors).toEqual([]);
});

test("a contact goes through it after their cart events arrive", async ({ page, request }) => {
  test.setTimeout(300_000);
  await cartEvent(request, shopper, 40);
  await cartEvent(request, shopper, 75);
  await signIn(page, automationUrl);
  const contacts = await request.get(`/api/contacts?email=${encodeURIComponent(shopper)}`, { headers: headers() });
  const [contact] = (await contacts.json()).contacts as { id: string }[];
  // Quiet for a minute, the first email, the tag, then a minute's wait before the reminder.
  await expect(async () => {
    const res = await request.get(`/api/contacts/${contact.id}/automations`, { headers: headers() });
    const { journeys } = await res.json();
    expect(journeys[0]?.steps.map((s: { kind: string }) => s.kind)).toEqual(["sendEmail", "addTag", "sendEmail"]);
    expect(journeys[0].status).toBe("completed");
  }).toPass({ timeout: 240_000, intervals: [5_000] });
  await page.goto(`/contacts/${contact.id}`);
  const journeys = page.getByRole("region", { name: "Automations" });
  await expect(journeys.getByRole("link", { name: "Abandoned cart" })).toBeVisible();
  await expect(journeys).toContainText("finished the workflow");
  await expect(journeys).toContainText("Email “Your linen shirt is waiting, {First name}”: handed to delivery");
  await expect(journeys).toContainText("Email “Still thinking it over?”: handed to delivery");
  await shootBothWidths(page, "au-contact-journey");

  // The emails went through the delivery pipeline: the Outbox holds them, the first with the cart.
  await page.goto("/outbox");
  const search = page.getByLabel("Recipient or subject", { exact: true });
  const emails = page.getByRole("list", { name: "Emails" });
  await expect(async () => {
    await search.fill(shopper);
    await search.press("Enter");
    await expect(emails.getByRole("button")).toHaveCount(2, { timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  const first = emails.getByRole("button", { name: /Your linen shirt is waiting/ });
  await expect(first).toContainText("In the outbox");
  await expect(emails.getByRole("button", { name: /Still thinking it over\?/ })).toBeVisible();
  await first.click();
  const frame = page.frameLocator('[data-testid="outbox-frame"]');
  await expect(frame.getByText("Linen shirt").first()).toBeVisible();
  await expect(frame.getByText(/75/).first()).toBeVisible(); // the last cart's price, not the first one's 40
  await shootBothWidths(page, "au-outbox");

  await page.goto("/automations");
  const row = page.getByRole("row", { name: /Abandoned cart/ });
  // The name is the row's header; its cells: status, trigger, entered, in progress, sent, opened, clicked, updated.
  await expect(row.getByRole("cell").nth(2)).toHaveText("1"); // entered
  await expect(row.getByRole("cell").nth(4)).toHaveText("2"); // sent
  await shootBothWidths(page, "au-list");
});

test("disabling asks what happens to the contacts in it", async ({ page }) => {
  await signIn(page, automationUrl);
  await page.getByRole("button", { name: "Disable" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Disable this workflow?" });
  await expect(dialog).toContainText("No one new enters it");
  await dialog.getByLabel(/Take them out now/).check();
  await dialog.getByRole("button", { name: "Disable" }).click();
  await expect(page.getByText("Draft (disabled)")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" }).or(page.getByRole("button", { name: "Saved" }))).toBeVisible();
});

test("a trigger made through the API keeps its groups of conditions when the builder edits the workflow", async ({ page, request }) => {
  const filterGroups = [
    {
      logicalOperator: "or",
      filters: [
        { field: "value", operator: "gt", value: 100 },
        { field: "currency", operator: "eq", value: "EUR" },
      ],
    },
    { logicalOperator: "and", filters: [{ field: "cartID", operator: "exists" }] },
  ];
  const created = await request.post("/api/automations", {
    headers: headers(),
    data: {
      name: "Big or euro carts",
      trigger: { condition: { event: "added product to cart", origin: "api", filterGroups } },
      blocks: [{ temporaryID: "t", type: "action", action: { type: "addTag", addTag: { value: "big-cart" } } }],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  await signIn(page, `/automations/${id}`);
  await page
    .getByRole("region", { name: "Workflow" })
    .getByRole("button", { name: /^Trigger When a contact does/ })
    .click();
  const panel = page.getByRole("complementary");
  await expect(panel.getByRole("group", { name: "Property conditions 1" }).getByLabel("The event must match")).toHaveValue("or");
  await expect(panel.getByRole("group", { name: "Property conditions 2" })).toBeVisible();
  await shootBothWidths(page, "au-trigger-groups");
  await page.getByLabel("Workflow name").fill("Big or euro carts, renamed");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
  const saved = await (await request.get(`/api/automations/${id}`, { headers: headers() })).json();
  expect(saved.name).toBe("Big or euro carts, renamed");
  expect(saved.trigger.condition.filterGroups).toEqual(filterGroups);
});
