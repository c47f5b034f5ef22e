// The composer's round-2 parts, as a marketer switching from Mailchimp or Klaviyo uses them: each segment's
// size in the audience step; template thumbnails in the picker; the email previewed as a recipient sees it
// (desktop and mobile, sample data or a chosen contact) in a frame sandboxed without scripts, while picking
// a template and beside the review; an A/B test of the subject line and UTM tags saved as the published
// API's shapes (read back through GET /api/campaigns/{id} and /utm); and the short path of a simple send
// (name, template, subject, then straight to the review, whose checks and count-naming confirmation stay).
// axe-core (WCAG 2.1 AA) finds nothing serious; screenshots at 1440 and 390 px go to artifacts/screenshots/composer-*.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiKeyHeaders, newOwner, signUpWithApiKey, verifySender } from "./account-helpers";
import { seriousViolations, WCAG21AA } from "./axe-helpers";
import { shootBothWidths, watchConsole } from "./contacts-helpers";

test.describe.configure({ mode: "serial", timeout: 240_000 });

const run = Date.now().toString(36);
const owner = newOwner("cmp2", "Harbor", run);
let apiKey = "";
let page: Page;
let errors: string[] = [];

const headers = () => apiKeyHeaders(apiKey);

async function post(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(path, { headers: headers(), data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** axe on WCAG 2.1 AA; the email's frames are the sender's markup, not the dashboard's. */
const AXE = { tags: WCAG21AA, exclude: "iframe" };

async function checkStep(name: string, shot?: string) {
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(`: ${name}`) })).toBeVisible();
  expect(await seriousViolations(page, AXE)).toEqual([]);
  if (shot) await shootBothWidths(page, `composer-${shot}`);
}

/** A frame sandboxed with no permission at all: no scripts, no same-origin. */
async function expectSandboxed(frame: ReturnType<Page["locator"]>) {
  await expect(frame).toHaveAttribute("sandbox", "");
}

/** Name and template: the draft exists from here on. */
async function startDraft(name: string, template: RegExp) {
  await page.goto("/campaigns/new");
  await page.getByLabel("Campaign name").fill(name);
  await page.getByRole("button", { name: "Continue" }).click();
  await checkStep("Template");
  await page.getByRole("radio", { name: template }).check();
  await page.getByRole("button", { name: "Create the draft and continue" }).click();
  await checkStep("Subject");
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f]{24}\/edit\?step=subject$/);
  return /\/campaigns\/([0-9a-f]{24})\//.exec(page.url())![1];
}

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
  errors = watchConsole(page);
});

test("setup: an account, a verified sender, contacts, two segments and three templates", async ({ request }) => {
  apiKey = await signUpWithApiKey(page, owner);
  await verifySender(request, headers(), `news-${run}@harbor.example`, "Harbor Shop");
  for (let i = 0; i < 3; i++)
    await post(request, "/api/contacts", {
      identifiers: [{ type: "email", id: `vip-${i}-${run}@example.com`, channels: { email: { status: "subscribed" } } }],
      firstName: `Vip${i}`,
      tags: ["vip"],
    });
  await post(request, "/api/contacts", {
    identifiers: [{ type: "email", id: `gone-${run}@example.com`, channels: { email: { status: "unsubscribed" } } }],
    tags: ["vip"],
  });
  const tagged = (tag: string) => [
    { conditions: [{ entity: "contact", junction: "and", filters: [{ property: "tags", operator: "anyOf", value: [tag] }] }] },
  ];
  await post(request, "/api/segments", { name: "VIP customers", conditionGroups: tagged("vip") });
  await post(request, "/api/segments", { name: "Nobody yet", conditionGroups: tagged("never-used") });
  for (const [name, color] of [
    ["Autumn letter", "#8a3b12"],
    ["Winter letter", "#1d4e89"],
  ])
    await post(request, "/api/email-templates/import", {
      name,
      html: `<html><body><div style="background:${color};padding:40px"><h1 style="color:#fff">${name}</h1></div></body></html>`,
    });
  await post(request, "/api/email-templates/import", {
    name: "Harbor newsletter",
    html: '<html><body><h1>Hello [[contact.first_name | there]]</h1><p><a href="https://shop.example/harbor">See the harbor collection</a></p></body></html>',
  });
});

test("the template picker shows thumbnails and previews the picked one, desktop and mobile, sandboxed", async () => {
  await page.goto("/campaigns/new");
  await page.getByLabel("Campaign name").fill("Preview tour");
  await page.getByRole("button", { name: "Continue" }).click();
  await checkStep("Template");

  // A thumbnail per template: the real render, sandboxed without scripts, out of the tab order.
  const thumbs = page.getByTestId("template-thumbnail");
  await expect(thumbs).toHaveCount(3);
  for (const thumb of await thumbs.all()) {
    await expect(thumb).toHaveAttribute("data-state", "ready");
    const frame = thumb.locator("iframe");
    await expectSandboxed(frame);
    await expect(frame).toHaveAttribute("tabindex", "-1");
  }
  await expect(
    page
      .getByTestId("template-thumbnail")
      .filter({ has: page.locator("iframe") })
      .first(),
  ).toBeVisible();
  await expect(
    page.locator("label", { hasText: "Winter letter" }).getByTestId("template-thumbnail").frameLocator("iframe").getByText("Winter letter"),
  ).toBeVisible();

  // Nothing picked: no preview yet; picked: the email as a recipient sees it (sample data).
  await expect(page.getByTestId("email-preview-frame")).toHaveCount(0);
  await page.getByRole("radio", { name: /Harbor newsletter/ }).check();
  const preview = page.getByTestId("email-preview-frame");
  await expectSandboxed(preview);
  await expect(preview).toHaveAttribute("data-device", "desktop");
  await expect(page.frameLocator('[data-testid="email-preview-frame"]').getByText("Hello Alex")).toBeVisible();
  // Laid out at desktop width (drawn smaller when the column is narrower, never cut off).
  expect(await preview.evaluate((el: HTMLElement) => el.style.width)).toBe("700px");
  await shootBothWidths(page, "composer-template-picker");

  await page.getByRole("radio", { name: "Mobile" }).click();
  await expect(preview).toHaveAttribute("data-device", "mobile");
  expect(await preview.evaluate((el: HTMLElement) => el.style.width)).toBe("375px");
  // As one of the brand's contacts: the server's personalization for them.
  await page.getByRole("textbox", { name: "Preview as" }).fill(`vip-1-${run}@example.com`);
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page.frameLocator('[data-testid="email-preview-frame"]').getByText("Hello Vip1")).toBeVisible();
  // The email is never part of the dashboard's own page.
  await expect(page.locator("main").getByText("See the harbor collection")).toHaveCount(0);
  expect(await seriousViolations(page, AXE)).toEqual([]);
  expect(errors).toEqual([]);
});

test("the audience step shows each segment's size, and the review previews the email", async () => {
  await startDraft("Sizes and review", /Harbor newsletter/);
  await page.getByRole("textbox", { name: "Subject line" }).fill("Harbor news");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await checkStep("Sender");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await checkStep("Audience");
  const vip = page.getByRole("row", { name: /VIP customers/ });
  // Kept sizes (the segment's members, the unsubscribed one too): counted in the background, polled while counting.
  await expect(vip.getByTestId("segment-size")).toHaveText(/about 4 contacts|Counting…/);
  await expect(vip.getByTestId("segment-size")).toHaveText("about 4 contacts", { timeout: 30_000 });
  await expect(page.getByRole("row", { name: /Nobody yet/ }).getByTestId("segment-size")).toHaveText("about 0 contacts", {
    timeout: 30_000,
  });
  await shootBothWidths(page, "composer-audience");
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await page.getByRole("checkbox", { name: "Send to VIP customers" }).check();
  await expect(page.getByRole("complementary", { name: "Who will receive it" })).toContainText("3 contacts will receive it");
  await page.getByRole("button", { name: "Save and skip to review" }).click();

  await checkStep("Review and send", "review");
  const preview = page.getByTestId("email-preview-frame");
  await expectSandboxed(preview);
  await expect(page.frameLocator('[data-testid="email-preview-frame"]').getByText("Hello Alex")).toBeVisible();
  await page.getByRole("radio", { name: "Mobile" }).click();
  await expect(preview).toHaveAttribute("data-device", "mobile");
  expect(errors).toEqual([]);
});

test("an A/B test of the subject and UTM tags are saved as the published API's shapes", async ({ request }) => {
  const first = await startDraft("Subject test", /Harbor newsletter/);
  await page.getByRole("textbox", { name: "Subject line" }).fill("Harbor news for you");
  await page.getByRole("checkbox", { name: "Test a second subject line (A/B test)" }).check();
  // Variant B is required once the test is on.
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page.getByText("Write the second subject line to test against the first.")).toBeVisible();
  await page.getByLabel("Variant B subject").fill("[[contact.first_name | Friend]], the harbor is open");
  await page.getByLabel("Contacts in the test (%)").fill("30");
  await page.getByLabel("Winning metric").selectOption("clickRate");
  await page.getByLabel("Choose the winner after").fill("2");
  await page.getByLabel("Decision time unit").selectOption("d");
  await expect(page.getByRole("figure", { name: "Variant B in the inbox" })).toContainText("Alex, the harbor is open");
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await shootBothWidths(page, "composer-ab-test");
  await page.getByRole("button", { name: "Save and continue" }).click();

  // The draft is an A/B test now (the API keeps a campaign's type, so it was created again): the sender step of it.
  await checkStep("Sender");
  const id = /\/campaigns\/([0-9a-f]{24})\//.exec(page.url())![1];
  expect(id).not.toBe(first);
  expect((await request.get(`/api/campaigns/${first}`, { headers: headers() })).status()).toBe(404);
  const saved = await (await request.get(`/api/campaigns/${id}`, { headers: headers() })).json();
  expect(saved.type).toBe("abTest");
  expect(saved.name).toBe("Subject test");
  expect(saved.content).toBeUndefined();
  expect(saved.abTest.settings).toEqual({ testSizePercent: 30, winningMetric: "clickRate", decisionTime: { amount: 2, unit: "d" } });
  expect(saved.abTest.variants.a.content.email.subject).toBe("Harbor news for you");
  expect(saved.abTest.variants.b.content.email.subject).toBe("[[contact.first_name | Friend]], the harbor is open");
  expect(saved.abTest.variants.b.content.email.templateID).toBe(saved.abTest.variants.a.content.email.templateID);
  expect(saved.abTest.variants.b.content.email.senderEmail).toBe(`news-${run}@harbor.example`);

  // The sender is both variants'.
  await page.getByLabel("Sender name").fill("Harbor Shop");
  await page.getByRole("button", { name: "Save and skip to review" }).click();
  await checkStep("Review and send");
  await expect(
    page.getByText("A/B test: 30% of the audience (half A, half B); after 2 days, the better click rate goes to the rest."),
  ).toBeVisible();

  // UTM tags, per variant as published.
  await page.getByText("Link tracking (UTM)", { exact: false }).first().click();
  await page.getByLabel("UTM source").fill("newsletter");
  await page.getByLabel("UTM campaign, variant B").fill("harbor-b");
  await page.getByRole("button", { name: "Save link tracking" }).click();
  await expect(page.getByText("Link tracking saved.")).toBeVisible();
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await shootBothWidths(page, "composer-ab-review");
  const utm = await (await request.get(`/api/campaigns/${id}/utm`, { headers: headers() })).json();
  expect(utm.variants.a.tags).toEqual({ source: "newsletter", medium: "email", campaign: "Subject test" });
  expect(utm.variants.b.tags).toEqual({ source: "newsletter", medium: "email", campaign: "harbor-b" });
  const after = await (await request.get(`/api/campaigns/${id}`, { headers: headers() })).json();
  expect(after.abTest.variants.a.content.email.senderName).toBe("Harbor Shop");
  expect(after.abTest.variants.b.content.email.senderName).toBe("Harbor Shop");

  // Back to one subject line: a regular draft again, keeping the tags that were changed.
  await page.getByRole("button", { name: "Change the subject" }).click();
  await checkStep("Subject");
  await expect(page.getByLabel("Variant B subject")).toHaveValue("[[contact.first_name | Friend]], the harbor is open");
  await page.getByRole("checkbox", { name: "Test a second subject line (A/B test)" }).uncheck();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await checkStep("Sender");
  const regularId = /\/campaigns\/([0-9a-f]{24})\//.exec(page.url())![1];
  const regular = await (await request.get(`/api/campaigns/${regularId}`, { headers: headers() })).json();
  expect(regular.type).toBe("regular");
  expect(regular.content.email.subject).toBe("Harbor news for you");
  expect(regular.content.email.senderName).toBe("Harbor Shop");
  expect((await (await request.get(`/api/campaigns/${regularId}/utm`, { headers: headers() })).json()).tags.source).toBe("newsletter");
  expect(errors).toEqual([]);
});

test("a simple send: name, template, subject, then straight to the review, its checks and the confirmation", async () => {
  await startDraft("Quick harbor note", /Harbor newsletter/);
  await page.getByRole("textbox", { name: "Subject line" }).fill("A quick note from the harbor");
  await shootBothWidths(page, "composer-subject");
  await page.getByRole("button", { name: "Save and skip to review" }).click();

  await checkStep("Review and send");
  // The skipped steps' defaults, named: the brand's sender, every subscribed contact, now.
  await expect(page.getByText(`news-${run}@harbor.example`).first()).toBeVisible();
  await expect(page.getByText("No segment chosen: every contact subscribed to email.").first()).toBeVisible();
  await expect(page.getByText("As soon as you send it")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pre-send checks" })).toBeVisible();
  await expect(page.getByText(/No problems found|to look at before sending/)).toBeVisible();
  await page.getByRole("button", { name: "Send campaign" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Send the campaign now?" });
  await expect(dialog).toContainText("3 contacts");
  await dialog.getByRole("button", { name: "Send to 3 contacts" }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { name: "Quick harbor note" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Outcome" })).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
});
