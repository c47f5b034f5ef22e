// A marketer reads what a campaign earned (issue 41): two campaigns are sent (into the outbox), a recipient
// of the second clicks its link as a person would and places an order (POST /api/events), and the report
// shows the revenue, the first 48 hours by hour and a comparison with the earlier campaign; the campaigns
// list shows the revenue, the automations list has its revenue column, Settings → Sending the attribution
// window. axe-core (WCAG 2.1 AA) finds nothing serious; no console errors; screenshots at 1440 and 390 px go
// to artifacts/screenshots/revenue-*.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiKeyHeaders, newOwner, signUpWithApiKey, verifySender } from "./account-helpers";
import { seriousViolations, WCAG21AA } from "./axe-helpers";
import { shootBothWidths, watchConsole } from "./contacts-helpers";

test.describe.configure({ mode: "serial", timeout: 240_000 });

const run = Date.now().toString(36);
const owner = newOwner("rev", "Ledger", run);
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
let apiKey = "";
let page: Page;
let errors: string[] = [];
let campaignId = "";

const headers = () => apiKeyHeaders(apiKey);

async function post(request: APIRequestContext, path: string, data?: unknown) {
  const res = await request.post(path, { headers: headers(), data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.status() === 204 ? null : res.json();
}
const get = async (request: APIRequestContext, path: string) => (await request.get(path, { headers: headers() })).json();

/** axe on WCAG 2.1 AA; the email's frames are the sender's markup, not the dashboard's. */
const AXE = { tags: WCAG21AA, exclude: "iframe" };

async function sendCampaign(request: APIRequestContext, name: string, templateID: string, segmentID: string, sender: string) {
  const created = await post(request, "/api/campaigns", {
    channel: "email",
    type: "regular",
    name,
    audience: { includedSegmentIDs: [segmentID] },
    content: { email: { templateID, subject: name, senderName: "Ledger", senderEmail: sender } },
  });
  await post(request, `/api/campaigns/${created.id}/send`);
  await expect.poll(async () => (await get(request, `/api/campaigns/${created.id}`)).status, { timeout: 60_000 }).toBe("sent");
  return created.id as string;
}

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
  errors = watchConsole(page);
});

test("setup: two campaigns sent, a click and an order on the second", async ({ request }) => {
  apiKey = await signUpWithApiKey(page, owner);
  const sender = `news-${run}@ledger.example`;
  await verifySender(request, headers(), sender, "Ledger");
  for (const name of ["ana", "ben"])
    await post(request, "/api/contacts", {
      identifiers: [{ type: "email", id: `${name}-${run}@example.com`, channels: { email: { status: "subscribed" } } }],
      tags: ["buyers"],
    });
  const segment = await post(request, "/api/segments", {
    name: "Buyers",
    conditionGroups: [
      { conditions: [{ entity: "contact", junction: "and", filters: [{ property: "tags", operator: "anyOf", value: ["buyers"] }] }] },
    ],
  });
  await expect.poll(async () => (await get(request, `/api/segments/${segment.segmentID}`)).status, { timeout: 30_000 }).toBe("ready");
  const template = await post(request, "/api/email-templates/import", {
    name: "Autumn",
    html: '<html><body><p><a href="https://shop.example/autumn">Shop autumn</a></p></body></html>',
  });
  await post(request, "/api/automations", {
    name: "Welcome series",
    trigger: { condition: { event: "joined club", origin: "api" } },
    blocks: [
      {
        temporaryID: "mail",
        type: "action",
        action: {
          type: "sendEmail",
          sendEmail: { templateID: template.id, language: "en_US", subject: "Welcome", preheader: "", senderName: "Ledger" },
        },
      },
    ],
  });
  await sendCampaign(request, "Summer clearance", template.id, segment.segmentID, sender);
  campaignId = await sendCampaign(request, "Autumn collection", template.id, segment.segmentID, sender);

  // A person clicks (link scanners click within seconds of delivery: wait past that), then orders.
  const { messages } = await get(request, `/api/messages?sourceKind=campaign&sourceID=${campaignId}`);
  const ana = messages.find((m: { email: string }) => m.email === `ana-${run}@example.com`);
  const { body } = await get(request, `/api/messages/${ana.id}`);
  const link = /href="(https?:\/\/[^"]+\/email\/c\/[^"]+)"/.exec(body.html)![1].replace(/&amp;/g, "&");
  await page.waitForTimeout(11_000);
  const click = await request.get(link, { maxRedirects: 0, headers: { "User-Agent": BROWSER } });
  expect(click.status()).toBe(302);
  await post(request, "/api/events", {
    eventName: "placed order",
    eventVersion: "v1",
    origin: "api",
    contact: { email: `ana-${run}@example.com` },
    properties: {
      orderID: `o-${run}`,
      value: 80,
      currency: "USD",
      lineItems: [{ productID: "coat", productPrice: 80, productQuantity: 1 }],
    },
  });
  await expect.poll(async () => (await get(request, `/api/campaigns/${campaignId}/report`)).totals.revenue, { timeout: 60_000 }).toBe(80);
});

test("the report shows revenue, the first 48 hours by hour and the comparison", async () => {
  await page.goto(`/campaigns/${campaignId}/report`);
  await expect(page.getByRole("heading", { name: "Report: Autumn collection" })).toBeVisible();
  const revenue = page.getByRole("term").filter({ hasText: /^Revenue$/ });
  await expect(revenue.locator("xpath=..")).toContainText("$80.00");
  await expect(page.getByText("1 order placed within the window after a click on this email")).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: "Revenue, opens model" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "The first 48 hours, by hour" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Sent, opened and clicked per hour/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /Sent, opened and clicked per day/ })).toBeVisible();
  const comparison = page.getByRole("table", { name: /this campaign and the last five/ });
  await expect(comparison.getByRole("row", { name: /This campaign/ })).toContainText("$40.00"); // $80 over 2 recipients
  await expect(comparison.getByRole("row", { name: /Summer clearance/ })).toContainText("$0.00");
  await expect(comparison.getByRole("row", { name: /Average of the earlier campaign/ })).toBeVisible();
  await shootBothWidths(page, "revenue-report");
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await seriousViolations(page, AXE)).toEqual([]);
});

test("the campaigns list shows revenue; the automations list and Settings have theirs", async () => {
  await page.goto("/campaigns");
  const row = page.getByRole("row", { name: /Autumn collection/ });
  await expect(row.getByRole("cell").last()).toContainText("$80.00");
  await expect(row).toContainText("1 order");
  await expect(page.getByRole("row", { name: /Summer clearance/ })).toContainText("$0.00");
  await shootBothWidths(page, "revenue-campaigns");
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await seriousViolations(page, AXE)).toEqual([]);

  await page.goto("/automations");
  const flow = page.getByRole("row", { name: /Welcome series/ });
  await expect(page.getByRole("columnheader", { name: "Revenue" })).toBeVisible();
  await expect(flow.getByTestId("automation-revenue")).toHaveText("$0.00");
  await shootBothWidths(page, "revenue-automations");
  await page.setViewportSize({ width: 1440, height: 900 });
  expect(await seriousViolations(page, AXE)).toEqual([]);

  await page.goto("/settings/sending");
  await expect(page.getByLabel("Attribution window (days)")).toHaveValue("5");
  await page.getByLabel("Attribution window (days)").fill("7");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await shootBothWidths(page, "revenue-settings");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await expect(page.getByLabel("Attribution window (days)")).toHaveValue("7");
  expect(await seriousViolations(page, AXE)).toEqual([]);
  expect(errors).toEqual([]);
});
