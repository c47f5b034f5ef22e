// Subscription topics (issue 40): the Topics page in Settings (empty state, create, edit, delete, axe) and
// the preferences page an email links to: it lists the brand's marketing topics (not required ones) with
// the contact's state, and changes them and "all mail" with JavaScript off, by keyboard; axe on it too.
// The contact profile shows the contact's topics.
import { expect, test, type Page } from "@playwright/test";
import { newOwner, signUp } from "./account-helpers";
import { seriousViolations, WCAG21AA } from "./axe-helpers";
import { watchConsole } from "./contacts-helpers";

test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
const owner = newOwner("topics", "Topics", run);
let page: Page;
let errors: string[] = [];
let preferences = "";
let contactId = "";
const topics: Record<string, string> = {};

const headers = (origin: string) => ({ "Service-Version": "2026-03-15", Origin: origin, "Content-Type": "application/json" });

async function call(origin: string, method: "GET" | "POST" | "PUT", path: string, data?: unknown) {
  const res = await page.request.fetch(path, { method, headers: headers(origin), ...(data === undefined ? {} : { data }) });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

const AXE = { tags: WCAG21AA, legacyMode: true };

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
  errors = watchConsole(page);
  await signUp(page, owner);
});

test("the Topics page: empty state, create, edit and delete", async () => {
  await page.goto("/settings");
  await page.getByRole("link", { name: /Subscription topics/ }).click();
  await expect(page.getByRole("heading", { name: "Subscription topics", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No topics yet" })).toBeVisible();
  expect(await seriousViolations(page, AXE)).toEqual([]);

  const create = page.getByRole("form", { name: "Create a topic" });
  for (const [name, kind, description] of [
    ["Weekly news", "marketing", "Our best reads, on Fridays"],
    ["Offers", "marketing", ""],
    ["Legal notices", "required", "Changes to our terms"],
    ["Old topic", "marketing", ""],
  ]) {
    await create.getByLabel("Name").fill(name);
    await create.getByLabel("Description").fill(description);
    await create.getByLabel("Kind").selectOption(kind);
    await create.getByRole("button", { name: "Create topic" }).click();
    await expect(page.getByRole("heading", { name, level: 3 })).toBeVisible();
  }
  const list = page.getByRole("list", { name: "Subscription topics" });
  await list.getByRole("button", { name: "Edit Offers" }).click();
  await list.getByLabel("Description").fill("Sales and discount codes");
  await list.getByRole("button", { name: "Save topic" }).click();
  await expect(list.getByText("Sales and discount codes")).toBeVisible();

  page.once("dialog", (dialog) => dialog.accept());
  await list.getByRole("button", { name: "Delete Old topic" }).click();
  await expect(page.getByRole("heading", { name: "Old topic" })).toHaveCount(0);
  expect(await seriousViolations(page, AXE)).toEqual([]);
  expect(errors).toEqual([]);
});

test("a contact's topics, and the link to its preferences page", async ({ baseURL }) => {
  const listed = await call(baseURL!, "GET", "/api/subscription-topics");
  for (const t of listed.subscriptionTopics) topics[t.name] = t.id;
  const contact = await call(baseURL!, "POST", "/api/contacts", {
    identifiers: [{ type: "email", id: `reader-${run}@example.com`, channels: { email: { status: "subscribed" } } }],
    firstName: "Rae",
  });
  contactId = contact.id;
  await call(baseURL!, "PUT", `/api/contacts/${contactId}/subscription-topics`, {
    topics: [{ topicID: topics["Weekly news"], status: "subscribed" }],
  });
  const template = await call(baseURL!, "POST", "/api/email-templates/import", {
    name: "Letter",
    html: '<html><body><p>Hi</p><p><a href="[[message.preferences_url]]">Preferences</a></p></body></html>',
  });
  const rendered = await call(baseURL!, "POST", `/api/email-templates/${template.id}/render`, { contactID: contactId });
  preferences = new URL(/href="([^"]*\/email\/preferences\/[^"]+)"/.exec(rendered.html)![1]).pathname;

  await page.goto(`/contacts/${contactId}`);
  const section = page.getByRole("region", { name: "Subscription topics" });
  await expect(section.getByText("Weekly news")).toBeVisible();
  await expect(section.getByText("Subscribed", { exact: true })).toBeVisible();
});

test("the preferences page, JavaScript off: change topics by keyboard, then all mail", async ({ browser, baseURL }) => {
  // axe needs scripts: it checks the page in an ordinary context first.
  const checked = await (await browser.newContext()).newPage();
  await checked.goto(preferences);
  expect(await seriousViolations(checked, AXE)).toEqual([]);

  const visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await visitor.goto(preferences);
  await expect(visitor.getByRole("heading", { name: "Email preferences" })).toBeVisible();
  const topicsGroup = visitor.getByRole("group", { name: "Topics you get emails about" });
  await expect(topicsGroup.getByRole("checkbox", { name: "Weekly news" })).toBeChecked();
  await expect(topicsGroup.getByRole("checkbox", { name: "Offers" })).not.toBeChecked();
  // A required topic is nobody's to leave: not offered.
  await expect(visitor.getByRole("checkbox", { name: "Legal notices" })).toHaveCount(0);
  await expect(topicsGroup.getByText("Sales and discount codes")).toBeVisible();

  // Keyboard only: Space toggles the focused checkbox, Enter on the button submits.
  await topicsGroup.getByRole("checkbox", { name: "Weekly news" }).focus();
  await visitor.keyboard.press("Space");
  await visitor.keyboard.press("Tab");
  await expect(topicsGroup.getByRole("checkbox", { name: "Offers" })).toBeFocused();
  await visitor.keyboard.press("Space");
  await visitor.getByRole("button", { name: "Save my choice" }).focus();
  await visitor.keyboard.press("Enter");
  await expect(visitor.getByRole("status")).toHaveText("Your choice is saved.");
  await expect(visitor.getByRole("checkbox", { name: "Weekly news" })).not.toBeChecked();
  await expect(visitor.getByRole("checkbox", { name: "Offers" })).toBeChecked();

  const state = await call(baseURL!, "GET", `/api/contacts/${contactId}/subscription-topics`);
  const status = (name: string) => state.topics.find((t: { name: string }) => t.name === name).status;
  expect([status("Weekly news"), status("Offers"), status("Legal notices")]).toEqual(["unsubscribed", "subscribed", "nonSubscribed"]);

  // All mail.
  await visitor.getByRole("radio", { name: "Unsubscribe me from all marketing emails" }).check();
  await visitor.getByRole("button", { name: "Save my choice" }).click();
  await expect(visitor.getByRole("status")).toHaveText("Your choice is saved.");
  await expect(visitor.getByRole("radio", { name: "Unsubscribe me from all marketing emails" })).toBeChecked();
  const contact = await call(baseURL!, "GET", `/api/contacts/${contactId}`);
  expect(contact.status).toBe("unsubscribed");
});
