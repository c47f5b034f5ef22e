// The flow builder as a marketer coming from Klaviyo uses it (issue 41): an enabled workflow's email changed
// live (subject, preview text, sender; the history says who and what), its structure left alone with the
// reason given; figures on the cards whole at every width, in words (no internal keys, no raw merge tags);
// the simulation's period chosen; undo and redo by button and keyboard. Screenshots at 1440 and 390 px,
// axe clean, no console errors.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiKeyHeaders, newOwner, signUpWithApiKey } from "./account-helpers";
import { seriousViolations, WCAG21AA } from "./axe-helpers";
import { shootBothWidths, signInTo, watchConsole } from "./contacts-helpers";

test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
const owner = newOwner("fb", "Flow shop", run);
let apiKey = "";
let page: Page;
let errors: string[] = [];
let liveId = "";
let draftId = "";

/** A node id of a template document: 24 hexadecimal characters. */
const hex = (n: number) => n.toString(16).padStart(24, "0");
const headers = () => apiKeyHeaders(apiKey);

async function post(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(path, { headers: headers(), data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** axe on WCAG 2.1 AA; the email's frames are the sender's markup, not the dashboard's. */
const AXE = { tags: WCAG21AA, exclude: "iframe" };

/** Every figure on the canvas is shown whole: nothing cut off by its card. */
async function figuresFit(p: Page): Promise<string[]> {
  return p.locator("[data-figures] > span").evaluateAll((cells) =>
    cells.flatMap((c) => {
      const card = c.closest("button")!.getBoundingClientRect();
      const box = c.getBoundingClientRect();
      const clipped = c.scrollWidth > c.clientWidth + 1 || box.right > card.right + 0.5 || box.bottom > card.bottom + 0.5;
      return clipped ? [c.textContent ?? ""] : [];
    }),
  );
}

const RAW = /\[\[|\]\]|wouldSend|notSubscribed|noEmail|queued \d|\b\d+ d\b/;

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
  errors = watchConsole(page);
});

test("setup: an account, a template, an enabled welcome with a wait before its email, and a draft", async ({ request }) => {
  apiKey = await signUpWithApiKey(page, owner);
  const template = await post(request, "/api/email-templates", {
    name: "Welcome design",
    sections: [
      { id: hex(1), rows: [{ id: hex(2), columns: [{ id: hex(3), blocks: [{ id: hex(4), type: "text", text: "<p>Hello</p>" }] }] }] },
    ],
  });
  const email = (id: string, subject: string) => ({
    temporaryID: id,
    type: "action",
    action: {
      type: "sendEmail",
      sendEmail: { templateID: template.id, language: "en_US", subject, preheader: "", senderName: "Flow shop" },
    },
  });
  const live = await post(request, "/api/automations", {
    name: "Welcome live",
    trigger: { condition: { event: "joined club", origin: "api" } },
    blocks: [
      { temporaryID: "w", type: "delay", delay: { mode: "duration", duration: { amount: 1, units: "d" } } },
      email("m", "Welcome, [[contact.first_name | friend]]"),
    ],
  });
  liveId = live.id;
  await post(request, `/api/automations/${liveId}/enable`, {});
  const draft = await post(request, "/api/automations", {
    name: "Draft flow",
    trigger: { condition: { event: "joined club", origin: "api" } },
    blocks: [
      email("m", "Still there, [[contact.first_name | friend]]?"),
      { temporaryID: "w", type: "delay", delay: { mode: "duration", duration: { amount: 2, units: "h" } } },
      { temporaryID: "t", type: "action", action: { type: "addTag", addTag: { value: "welcomed" } } },
    ],
  });
  draftId = draft.id;
  // A contact who joined earlier: what the simulation finds.
  await post(request, "/api/contacts", {
    identifiers: [{ type: "email", id: `member-${run}@example.com`, channels: { email: { status: "subscribed" } } }],
    firstName: "Robin",
  });
  await post(request, "/api/events", {
    eventName: "joined club",
    origin: "api",
    contact: { email: `member-${run}@example.com` },
    properties: {},
  });
});

test("the list is as wide as the campaigns list", async () => {
  await signInTo(page, owner, "/automations");
  await expect(page.getByRole("link", { name: "Welcome live" })).toBeVisible();
  const width = await page.locator("main").evaluate((m) => m.getBoundingClientRect().width);
  await page.goto("/campaigns");
  await expect(page.getByRole("heading", { name: "Campaigns", exact: true })).toBeVisible();
  expect(await page.locator("main").evaluate((m) => m.getBoundingClientRect().width)).toBe(width);
  await page.goto("/automations");
  await expect(page.getByRole("link", { name: "Welcome live" })).toBeVisible();
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await shootBothWidths(page, "fb-list");
});

test("an enabled workflow's email changes live; its structure waits for a disable, and the history says who changed what", async ({
  request,
}) => {
  await page.goto(`/automations/${liveId}`);
  const canvas = page.getByRole("region", { name: "Workflow" });
  const panel = page.getByRole("complementary");
  await expect(page.getByText(/This workflow is enabled/)).toContainText("the change applies to every email not sent yet");
  // Merge tags read as their labels on the canvas, and the cards' figures are words, each whole.
  const card = canvas.getByRole("button", { name: /^Email Send email “Welcome, \{First name\}”/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText(/0\s*sent/);
  await expect(card).toContainText(/0\s*opened/);
  await expect(card).toContainText(/0\s*clicked/);
  await expect(card).toContainText(/\$0\.00\s*revenue/);
  await expect(canvas).not.toContainText(RAW);
  expect(await figuresFit(page)).toEqual([]);
  // No "+" to add steps; a delay says why it cannot change.
  await expect(canvas.getByRole("button", { name: /^Add a step/ })).toHaveCount(0);
  await canvas.getByRole("button", { name: /^Delay Wait 1 day/ }).click();
  await expect(panel).toContainText("Disable the workflow to change it");
  await expect(panel.getByLabel("Wait for")).toBeDisabled();

  await card.click();
  await expect(panel.getByLabel("Subject")).toBeEditable();
  await panel.getByLabel("Subject").fill("A warm welcome, [[contact.first_name | friend]]");
  await expect(panel).toContainText("Reads: A warm welcome, {First name}");
  await panel.getByLabel("Preview text").fill("Your first week with us");
  await expect(panel.getByLabel(/skip it and go on/)).toBeDisabled();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
  // Announced (no email of the step was queued: the contact waits a day before it, so no count is shown).
  await expect(page.getByRole("status").filter({ hasText: "Saved: emails not sent yet use the change." })).toHaveCount(1);
  await expect(page.getByText("Enabled", { exact: true })).toBeVisible();
  const saved = await (await request.get(`/api/automations/${liveId}`, { headers: headers() })).json();
  expect(saved.isEnabled).toBe(true);
  expect(saved.blocks[1].action.sendEmail).toMatchObject({
    subject: "A warm welcome, [[contact.first_name | friend]]",
    preheader: "Your first week with us",
  });
  await expect(canvas.getByRole("button", { name: /^Email Send email “A warm welcome, \{First name\}”/ })).toBeVisible();

  await page.getByRole("button", { name: "History" }).click();
  await expect(panel.getByRole("heading", { name: "History" })).toBeVisible();
  await expect(panel).toContainText(owner.email);
  await expect(panel).toContainText("while enabled");
  await expect(panel).toContainText("Subject “Welcome, {First name}” → “A warm welcome, {First name}”");
  await expect(panel).toContainText("Preview text (empty) → “Your first week with us”");
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await shootBothWidths(page, "fb-live-canvas");
});

test("the simulation's period is chosen, its figures are words on the cards", async () => {
  await page.goto(`/automations/${draftId}`);
  const canvas = page.getByRole("region", { name: "Workflow" });
  const period = page.getByLabel("Simulation period");
  await expect(period).toHaveValue("30");
  await period.fill("120");
  await expect(page.getByText("The simulation covers 1 to 90 days.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Simulate", exact: true })).toBeDisabled();
  await period.fill("7");
  const asked = page.waitForRequest((r) => r.url().endsWith("/simulate") && r.method() === "POST");
  await page.getByRole("button", { name: "Simulate last 7 days" }).click();
  expect((await asked).postDataJSON()).toEqual({ days: 7 });
  const simulation = page.getByRole("region", { name: "Simulation" });
  await expect(simulation.getByRole("heading", { name: "In the last 7 days this workflow would have…" })).toBeVisible();
  await expect(simulation).toContainText("1 contact entered");
  await expect(canvas.getByText("would reach").first()).toBeVisible();
  await expect(canvas.getByRole("button", { name: /^Email Send email “Still there, \{First name\}\?”/ })).toContainText(
    /1\s*would be sent/,
  );
  await expect(canvas.getByRole("button", { name: /^Delay Wait 2 hours/ })).toContainText(/1\s*still waiting/);
  await expect(page.locator("main")).not.toContainText(RAW);
  expect(await figuresFit(page)).toEqual([]);
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await shootBothWidths(page, "fb-simulation");
  // At 390 px the figures are still whole.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await figuresFit(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("a starter's emails stay with its workflow: the template list is left as it was", async ({ request }) => {
  await page.goto("/automations/new");
  await page.getByRole("button", { name: "Use this starter", exact: true }).first().click();
  await expect(page).toHaveURL(/\/automations\/[0-9a-f]{24}$/, { timeout: 30_000 });
  const id = new URL(page.url()).pathname.split("/").pop();
  const workflow = await (await request.get(`/api/automations/${id}`, { headers: headers() })).json();
  const sent = JSON.stringify(workflow.blocks).match(/"contentID":"[0-9a-f]{24}"/g) ?? [];
  expect(sent.length).toBeGreaterThan(0);
  const list = await (await request.get("/api/email-templates?limit=100", { headers: headers() })).json();
  expect(list.templates.map((t: { name: string }) => t.name)).toEqual(["Welcome design"]);
  await page.goto("/templates");
  await expect(page.getByText("Welcome design").first()).toBeVisible();
  await page.goto(`/automations/${id}`);
  await expect(
    page
      .getByRole("region", { name: "Workflow" })
      .getByRole("button", { name: /^Email Send email/ })
      .first(),
  ).toBeVisible();
  await expect(page.locator("main")).not.toContainText(RAW);
  expect(await figuresFit(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test("undo and redo, by button and by keyboard", async () => {
  await page.goto(`/automations/${draftId}`);
  const canvas = page.getByRole("region", { name: "Workflow" });
  const panel = page.getByRole("complementary");
  const name = page.getByLabel("Workflow name");
  const undo = page.getByRole("button", { name: "Undo" });
  const redo = page.getByRole("button", { name: "Redo" });
  await expect(undo).toBeDisabled();
  await name.fill("Draft flow, renamed");
  await expect(undo).toBeEnabled();

  // A step removed, then back with Ctrl+Z, gone again with Shift+Ctrl+Z.
  await canvas.getByRole("button", { name: /^Add tag Add tag “welcomed”/ }).click();
  await panel.getByRole("button", { name: "Remove this step" }).click();
  await panel.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(canvas.getByRole("button", { name: /^Add tag/ })).toHaveCount(0);
  await page.keyboard.press("Control+z");
  await expect(canvas.getByRole("button", { name: /^Add tag Add tag “welcomed”/ })).toBeVisible();
  await page.keyboard.press("Control+Shift+z");
  await expect(canvas.getByRole("button", { name: /^Add tag/ })).toHaveCount(0);

  // The buttons walk the same history: the step, then the name.
  await undo.click();
  await expect(canvas.getByRole("button", { name: /^Add tag Add tag “welcomed”/ })).toBeVisible();
  await undo.click();
  await expect(name).toHaveValue("Draft flow");
  await expect(undo).toBeDisabled();
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
  await redo.click();
  await expect(name).toHaveValue("Draft flow, renamed");
  await expect(page.getByRole("button", { name: "Save" })).toBeEnabled();
  expect(errors).toEqual([]);
});
