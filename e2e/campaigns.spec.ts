// A marketer composes a campaign in the steps of the composer (name, template, subject with a merge tag,
// sender, a segment as audience with its live count, a time in the brand's zone), sends a test, schedules
// it with a confirmation naming the recipients, sees it scheduled and cancels it; then sends one now and
// watches its page. axe-core (WCAG 2.1 AA) finds nothing serious on any step; screenshots of each step go to
// artifacts/screenshots/campaign-*. Each page view stays within the dashboard's request budget: at most 25 API
// requests, none per row (the list's rates come in one request for the page).
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiKeyHeaders, newOwner, signUpWithApiKey, verifySender } from "./account-helpers";
import { seriousViolations, WCAG21AA } from "./axe-helpers";
import { shootBothWidths, watchConsole } from "./contacts-helpers";

// Seven composer steps, each checked by axe and shot at two widths: more than the default minute on a loaded machine.
test.describe.configure({ mode: "serial", timeout: 240_000 });

const run = Date.now().toString(36);
const owner = newOwner("cmp", "Lantern", run);
let apiKey = "";
let page: Page;
let errors: string[] = [];
/** API requests since the last `newView()` */
let apiCalls: string[] = [];
const BUDGET = 25;

function newView() {
  apiCalls = [];
}

function withinBudget(view: string, perRow?: RegExp) {
  expect(apiCalls.length, `${view}: ${apiCalls.join(", ")}`).toBeLessThanOrEqual(BUDGET);
  if (perRow)
    expect(
      apiCalls.filter((c) => perRow.test(c)),
      `${view}: a request per row`,
    ).toEqual([]);
}

const headers = () => apiKeyHeaders(apiKey);

async function post(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(path, { headers: headers(), data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** axe on WCAG 2.1 AA; the email's frames are the sender's markup, not the dashboard's. */
const AXE = { tags: WCAG21AA, exclude: "iframe" };

async function checkStep(name: string) {
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(`: ${name}`) })).toBeVisible();
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await shootBothWidths(page, `campaign-${name.toLowerCase().replace(/\W+/g, "-")}`);
}

test.beforeAll(async ({ browser }) => {
  // A context of our own: axe (AxeBuilder) refuses pages made by browser.newPage().
  page = await (await browser.newContext()).newPage();
  errors = watchConsole(page);
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/")) apiCalls.push(`${r.method()} ${url.pathname}${url.search}`);
  });
});

test("setup: an account, a verified sender, contacts, a segment and a template", async ({ request }) => {
  apiKey = await signUpWithApiKey(page, owner);
  await verifySender(request, headers(), `news-${run}@lantern.example`, "Lantern Shop");
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
  await post(request, "/api/segments", {
    name: "VIP customers",
    conditionGroups: [
      { conditions: [{ entity: "contact", junction: "and", filters: [{ property: "tags", operator: "anyOf", value: ["vip"] }] }] },
    ],
  });
  await post(request, "/api/email-templates/import", {
    name: "Spring newsletter",
    html: '<html><body><h1>Hello [[contact.first_name | there]]</h1><p><a href="https://shop.example/spring">See the spring collection</a></p></body></html>',
  });
});

test("compose, test, schedule, cancel", async () => {
  newView();
  await page.goto("/campaigns");
  await expect(page.getByRole("heading", { name: "No campaigns yet" })).toBeVisible();
  withinBudget("empty list");
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await page.getByRole("link", { name: "Create a campaign" }).click();

  await checkStep("Name");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Name the campaign")).toBeVisible();
  await page.getByLabel("Campaign name").fill("Spring sale");
  await page.getByRole("button", { name: "Continue" }).click();

  await checkStep("Template");
  await page.getByRole("radio", { name: /Spring newsletter/ }).check();
  await page.getByRole("button", { name: "Create the draft and continue" }).click();

  await checkStep("Subject");
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f]{24}\/edit\?step=subject$/);
  await page.getByRole("textbox", { name: "Subject line" }).fill("Spring is here, ");
  await page.getByRole("button", { name: "+ First name" }).first().click();
  await expect(page.getByRole("textbox", { name: "Subject line" })).toHaveValue("Spring is here, [[contact.first_name | there]]");
  await page.getByRole("textbox", { name: /Preheader/ }).fill("Up to 40% off this week");
  await expect(page.getByRole("figure", { name: "How the email shows in an inbox" })).toContainText("Spring is here, Alex");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await checkStep("Sender");
  await page.getByLabel("Sender name").fill("Lantern Shop");
  await expect(page.getByLabel("Sender address")).toHaveValue(`news-${run}@lantern.example`);
  await page.getByRole("button", { name: "Save and continue" }).click();

  newView();
  await checkStep("Audience");
  await page.getByRole("checkbox", { name: "Send to VIP customers" }).check();
  const summary = page.getByRole("complementary", { name: "Who will receive it" });
  await expect(summary).toContainText("3 contacts will receive it");
  await expect(summary).toContainText("1 unsubscribed from email");
  withinBudget("composer, audience step");
  await page.getByRole("button", { name: "Save and continue" }).click();

  await checkStep("Schedule");
  await page.getByRole("radio", { name: /At a date and time/ }).check();
  const tomorrow = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  // The brand's zone is UTC by default: the input's wall-clock time is UTC.
  await page
    .getByLabel(/Date and time/)
    .fill(`${tomorrow.getUTCFullYear()}-${pad(tomorrow.getUTCMonth() + 1)}-${pad(tomorrow.getUTCDate())}T09:30`);
  await page.getByRole("button", { name: "Save and continue" }).click();

  await checkStep("Review and send");
  await expect(page.getByRole("heading", { name: "Pre-send checks" })).toBeVisible();
  await expect(page.getByText(/No problems found|to look at before sending/)).toBeVisible();
  await page.getByLabel("Email addresses (up to 5)").fill(`me-${run}@example.com`);
  await page.getByRole("button", { name: "Send test" }).click();
  await expect(page.getByText("Test sent.")).toBeVisible();

  await page.getByRole("button", { name: "Schedule campaign" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Schedule the campaign?" });
  await expect(dialog).toContainText("3 contacts");
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await dialog.getByRole("button", { name: "Schedule for 3 contacts" }).click();

  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f]{24}$/);
  await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();
  await shootBothWidths(page, "campaign-scheduled");
  expect(await seriousViolations(page, AXE)).toEqual([]);

  await page.getByRole("button", { name: "Cancel campaign" }).click();
  await page.getByRole("alertdialog", { name: "Cancel the campaign?" }).getByRole("button", { name: "Cancel the campaign" }).click();
  await expect(page.getByText("Canceled", { exact: true })).toBeVisible();

  newView();
  await page.goto("/campaigns");
  const row = page.getByRole("row", { name: /Spring sale/ });
  await expect(row).toContainText("Canceled");
  withinBudget("list", /\/api\/campaigns\/[0-9a-f]{24}/);
  await shootBothWidths(page, "campaign-list");
  expect(await seriousViolations(page, AXE)).toEqual([]);
  expect(errors).toEqual([]);
});

test("copy, send now, watch it finish, open the report", async () => {
  await page.goto("/campaigns");
  await page.getByRole("link", { name: "Spring sale" }).click();
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f]{24}\/edit$/);
  await page.goto(page.url() + "?step=schedule");
  await checkStep("Schedule");
  await page.getByRole("radio", { name: /As soon as I send it/ }).check();
  await page.getByRole("button", { name: "Save and continue" }).click();
  await checkStep("Review and send");
  await page.getByRole("button", { name: "Send campaign" }).click();
  await page.getByRole("alertdialog", { name: "Send the campaign now?" }).getByRole("button", { name: "Send to 3 contacts" }).click();

  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { name: "Copy of: Spring sale" })).toBeVisible();
  // Live progress until the outbox took every message.
  await expect(page.getByRole("heading", { name: "Outcome" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("group", { name: "Campaign actions" })).not.toContainText("Pause");
  await shootBothWidths(page, "campaign-sent");
  expect(await seriousViolations(page, AXE)).toEqual([]);

  newView();
  await page.getByRole("link", { name: "See the report" }).click();
  await expect(page.getByRole("heading", { name: "Report: Copy of: Spring sale" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Sent, opened and clicked per day/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Recipients and what happened" })).toContainText(`vip-0-${run}@example.com`);
  await expect(page.getByTestId("click-map")).toBeVisible();
  // The click map shows the email itself (its link with the clicks on it), in a frame sandboxed without
  // scripts (watchConsole sets aside Chromium's message when Playwright's own script is refused there).
  await expect(page.frameLocator('[data-testid="click-map"]').getByText("See the spring collection")).toBeVisible();
  withinBudget("report", /\/api\/(contacts|messages)\//);
  await page.getByLabel("Show").selectOption("notOpened");
  await expect(page.getByRole("table", { name: "Recipients and what happened" }).getByRole("row")).toHaveCount(4);
  await expect(page.getByTestId("click-map")).toBeVisible();
  await shootBothWidths(page, "campaign-report");
  expect(await seriousViolations(page, AXE)).toEqual([]);

  // The list with a sent campaign: its rates, and every row's, in one request.
  newView();
  await page.goto("/campaigns");
  await expect(page.getByRole("row", { name: /Copy of: Spring sale/ })).toContainText("Sent");
  await expect(page.getByRole("row")).toHaveCount(3);
  // The figures request starts once the rows are there (one request for every row's rates): wait for it.
  await expect.poll(() => apiCalls.filter((c) => c.startsWith("GET /api/campaigns/figures")).length).toBe(1);
  withinBudget("list with a sent campaign", /\/api\/campaigns\/[0-9a-f]{24}/);
  expect(errors).toEqual([]);
});
