// The "Topic" choice of a send (issue 40: "a campaign or an automation email can go to one topic's
// subscribers"; docs/topics.md): in the campaign composer's audience step and the flow builder's email
// panel. Before the brand has topics, both say where to create one; then a topic is picked, its effect is
// said in words (only its subscribers receive it, its unsubscribe link leaves only that topic), the
// composer's count follows it, and the choice is saved as the API's shapes (audience.topicID,
// sendEmail.topicID), read back through the API; None removes it. The email step's card on the canvas names
// its topic, and marks a topic deleted after it was chosen (as do the panel and the composer's count). axe
// clean; screenshots at 1440 and 390 px in artifacts/screenshots/topic-picker-* and topic-card-*.
import { expect, test, type Page } from "@playwright/test";
import { apiKeyHeaders, newOwner, signUpWithApiKey, verifySender } from "./account-helpers";
import { seriousViolations, WCAG21AA } from "./axe-helpers";
import { shootBothWidths, watchConsole } from "./contacts-helpers";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const run = Date.now().toString(36);
const owner = newOwner("tp", "Topic shop", run);
const MARKETING_LINE = (what: string) =>
  `Only contacts subscribed to “Weekly news” receive this ${what}, and its unsubscribe link leaves only that topic.`;
let apiKey = "";
let page: Page;
let errors: string[] = [];
let campaignId = "";
let automationId = "";
const topics: Record<string, string> = {};
const contacts: Record<string, string> = {};

const headers = () => apiKeyHeaders(apiKey);

async function call(method: "GET" | "POST" | "PUT" | "DELETE", p: string, data?: unknown) {
  const res = await page.request.fetch(p, { method, headers: headers(), ...(data === undefined ? {} : { data }) });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.status() === 204 ? null : res.json();
}

/** The email step's card on the canvas (its accessible name starts with what it does). */
const emailCard = () => page.getByRole("region", { name: "Workflow" }).getByRole("button", { name: /^Email Send email “Weekly letter”/ });

/** The console errors of the refused save the test provokes (the browser logs a 400 answer) are expected. */
const withoutRefusal = (list: string[]) => list.filter((e) => !/status of 400/.test(e));

/** Shots of the canvas's email card at both widths (the whole page, the card in view). */
async function shootCard(name: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400); // the canvas fits the flow again after a resize
    await emailCard().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `artifacts/screenshots/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** axe on WCAG 2.1 AA; the email's frames are the sender's markup, not the dashboard's. */
const AXE = { tags: WCAG21AA, exclude: "iframe" };

const audience = () => page.getByRole("complementary", { name: "Who will receive it" });

/** The flow builder on the draft, its email step's panel open. */
async function openEmailPanel() {
  await page.goto(`/automations/${automationId}`);
  await page
    .getByRole("region", { name: "Workflow" })
    .getByRole("button", { name: /^Email Send email “Weekly letter”/ })
    .click();
  const panel = page.getByRole("complementary");
  await expect(panel.getByLabel("Subject")).toHaveValue("Weekly letter");
  return panel;
}

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
  errors = watchConsole(page);
});

test("setup: an account, a verified sender, three contacts, a template, a campaign draft and a workflow draft", async () => {
  apiKey = await signUpWithApiKey(page, owner);
  const sender = `news-${run}@topics.example`;
  await verifySender(page.request, headers(), sender, "Topic shop");
  for (const name of ["ana", "ben", "cara"])
    contacts[name] = (
      await call("POST", "/api/contacts", {
        identifiers: [{ type: "email", id: `${name}-${run}@example.com`, channels: { email: { status: "subscribed" } } }],
        firstName: name,
      })
    ).id;
  const template = await call("POST", "/api/email-templates/import", {
    name: "Weekly letter",
    html: "<html><body><h1>Hello [[contact.first_name | there]]</h1><p>This week's news.</p></body></html>",
  });
  const campaign = await call("POST", "/api/campaigns", {
    channel: "email",
    type: "regular",
    name: "Weekly letter",
    content: { email: { templateID: template.id, subject: "This week", senderName: "Topic shop", senderEmail: sender } },
  });
  campaignId = campaign.id;
  const automation = await call("POST", "/api/automations", {
    name: "Weekly flow",
    trigger: { condition: { event: "joined club", origin: "api" } },
    blocks: [
      {
        temporaryID: "m",
        type: "action",
        action: {
          type: "sendEmail",
          sendEmail: { templateID: template.id, language: "en_US", subject: "Weekly letter", preheader: "", senderName: "Topic shop" },
        },
      },
    ],
  });
  automationId = automation.id;
});

test("no topics yet: the composer and the builder say where to create one", async () => {
  await page.goto(`/campaigns/${campaignId}/edit?step=audience`);
  const picker = page.getByTestId("topic-picker");
  await expect(picker.getByText("No topics yet: create one under")).toBeVisible();
  await expect(picker.getByRole("link", { name: "Settings → Subscription topics" })).toHaveAttribute("href", "/settings/topics");
  await expect(page.getByLabel("Topic", { exact: true })).toHaveValue("");
  await expect(audience()).toContainText("3 contacts will receive it");
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await shootBothWidths(page, "topic-picker-composer-empty");

  const panel = await openEmailPanel();
  await expect(panel.getByText("No topics yet: create one under")).toBeVisible();
  // The link saves the workflow's changes first, then opens the topics page.
  await panel.getByRole("link", { name: "Settings → Subscription topics" }).click();
  await expect(page).toHaveURL(/\/settings\/topics$/);
  await expect(page.getByRole("heading", { name: "Subscription topics", level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the composer: a topic picked is said in words, counted and saved as audience.topicID; None removes it", async () => {
  for (const [name, kind] of [
    ["Weekly news", "marketing"],
    ["Legal notices", "required"],
  ])
    topics[name] = (await call("POST", "/api/subscription-topics", { name, kind })).id;
  await call("PUT", `/api/contacts/${contacts.ana}/subscription-topics`, {
    topics: [{ topicID: topics["Weekly news"], status: "subscribed" }],
  });

  await page.goto(`/campaigns/${campaignId}/edit?step=audience`);
  const picker = page.getByLabel("Topic", { exact: true });
  await expect(picker).toBeEnabled();
  await expect(page.getByTestId("topic-picker")).toContainText("No topic: everyone in the audience subscribed to email");
  await expect(audience()).toContainText("3 contacts will receive it");
  await picker.selectOption({ label: "Weekly news" });
  await expect(page.getByTestId("topic-picker")).toContainText(MARKETING_LINE("campaign"));
  // The count is the send's: only the topic's subscribers.
  await expect(audience()).toContainText("1 contact will receive it");
  await expect(audience()).toContainText("Sent for the topic “Weekly news”");
  // A required topic reaches everyone subscribed, and says so.
  await picker.selectOption({ label: "Legal notices (required)" });
  await expect(page.getByTestId("topic-picker")).toContainText("“Legal notices” is a required topic");
  await expect(audience()).toContainText("3 contacts will receive it");
  await picker.selectOption({ label: "Weekly news" });
  await expect(audience()).toContainText("1 contact will receive it");
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await shootBothWidths(page, "topic-picker-composer");

  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /: Schedule/ })).toBeVisible();
  expect((await call("GET", `/api/campaigns/${campaignId}`)).audience).toMatchObject({ topicID: topics["Weekly news"] });
  // The review names the topic and counts its subscribers.
  await page.goto(`/campaigns/${campaignId}/edit?step=review`);
  await expect(page.getByText("Sent for the topic “Weekly news”")).toBeVisible();
  await expect(page.getByText("1 contact will receive it")).toBeVisible();

  // Back in the audience step the choice is there; None saved removes it.
  await page.goto(`/campaigns/${campaignId}/edit?step=audience`);
  await expect(page.getByLabel("Topic", { exact: true })).toHaveValue(topics["Weekly news"]);
  await page.getByLabel("Topic", { exact: true }).selectOption({ label: "None: all marketing subscribers" });
  await expect(audience()).toContainText("3 contacts will receive it");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /: Schedule/ })).toBeVisible();
  expect((await call("GET", `/api/campaigns/${campaignId}`)).audience.topicID).toBeUndefined();
  expect(errors).toEqual([]);
});

test("the builder: a topic picked on the email step is said in words and saved as sendEmail.topicID", async () => {
  const panel = await openEmailPanel();
  const picker = panel.getByLabel("Topic", { exact: true });
  await expect(picker).toHaveValue("");
  await expect(emailCard().getByTestId("card-topic")).toHaveCount(0);
  await picker.selectOption({ label: "Weekly news" });
  await expect(panel.getByTestId("topic-picker")).toContainText(MARKETING_LINE("email"));
  // The card names the topic too, in its accessible name (read after what the step does).
  await expect(emailCard().getByTestId("card-topic")).toHaveText(/Topic: Weekly news$/);
  await expect(emailCard()).toHaveAccessibleName(/^Email Send email “Weekly letter”\s*,\s*Topic: Weekly news/);
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await shootCard("topic-card");
  await shootBothWidths(page, "topic-picker-builder");
  // The panel scrolls by itself: a second pair of shots with the choice in view.
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await panel.getByTestId("topic-picker").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `artifacts/screenshots/topic-picker-builder-panel-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
  const saved = await call("GET", `/api/automations/${automationId}`);
  expect(saved.blocks[0].action.sendEmail.topicID).toBe(topics["Weekly news"]);

  // Loaded again, the step shows its topic; None saved removes it.
  const again = await openEmailPanel();
  await expect(again.getByLabel("Topic", { exact: true })).toHaveValue(topics["Weekly news"]);
  await expect(emailCard().getByTestId("card-topic")).toHaveText(/Topic: Weekly news$/);
  await again.getByLabel("Topic", { exact: true }).selectOption({ label: "None: all marketing subscribers" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("button", { name: "Saved" })).toBeVisible();
  expect((await call("GET", `/api/automations/${automationId}`)).blocks[0].action.sendEmail.topicID).toBeUndefined();
  expect(errors).toEqual([]);
});

test("a topic deleted after it was chosen: the builder's card and panel and the composer say so, nothing breaks", async () => {
  // Chosen in the builder (not saved yet, so the topic may still be deleted), then deleted elsewhere.
  topics["Old offers"] = (await call("POST", "/api/subscription-topics", { name: "Old offers", kind: "marketing" })).id;
  const panel = await openEmailPanel();
  await panel.getByLabel("Topic", { exact: true }).selectOption({ label: "Old offers" });
  await expect(emailCard().getByTestId("card-topic")).toHaveText(/Topic: Old offers$/);
  await call("DELETE", `/api/subscription-topics/${topics["Old offers"]}`);
  // The save is refused with the step named; the list is read again and the card and the panel mark the topic.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Send email “Weekly letter”: Topic names no subscription topic" })).toBeVisible();
  await expect(emailCard().getByTestId("card-topic")).toHaveText(/⚠ Topic deleted$/);
  await expect(emailCard()).toHaveAccessibleName(/^Email Send email “Weekly letter”\s*,\s*Topic deleted/);
  await expect(panel.getByTestId("topic-picker")).toContainText(
    "This topic is no longer one of the brand's topics: choose another, or none.",
  );
  await expect(panel.getByLabel("Topic", { exact: true })).toHaveValue(topics["Old offers"]);
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await shootCard("topic-card-deleted");
  await expect(page.getByRole("alert").filter({ hasText: "That topic no longer exists." })).toBeVisible();
  // Choosing another one clears the marker; None is what was saved before, so nothing is left to save.
  await panel.getByLabel("Topic", { exact: true }).selectOption({ label: "None: all marketing subscribers" });
  await expect(emailCard().getByTestId("card-topic")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Saved" })).toBeDisabled();
  expect((await call("GET", `/api/automations/${automationId}`)).blocks[0].action.sendEmail.topicID).toBeUndefined();

  // The composer: chosen, deleted, then "Save and continue" is refused and the count says why nobody would get it.
  topics["Old offers"] = (await call("POST", "/api/subscription-topics", { name: "Old offers", kind: "marketing" })).id;
  await page.goto(`/campaigns/${campaignId}/edit?step=audience`);
  await page.getByLabel("Topic", { exact: true }).selectOption({ label: "Old offers" });
  await expect(audience()).toContainText("Sent for the topic “Old offers”");
  await call("DELETE", `/api/subscription-topics/${topics["Old offers"]}`);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByTestId("topic-picker")).toContainText(
    "This topic is no longer one of the brand's topics: choose another, or none.",
  );
  await expect(audience().getByTestId("topic-deleted")).toHaveText(
    "The topic chosen for this campaign was deleted: nobody would receive it. Choose another topic, or none.",
  );
  // Nothing beside it says the opposite ("every contact subscribed to email").
  await expect(audience()).not.toContainText("No segment chosen");
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await shootBothWidths(page, "topic-picker-composer-deleted");
  await page.getByLabel("Topic", { exact: true }).selectOption({ label: "None: all marketing subscribers" });
  await expect(audience().getByTestId("topic-deleted")).toHaveCount(0);
  await expect(audience()).toContainText("3 contacts will receive it");
  expect(withoutRefusal(errors)).toEqual([]);
});
