// A campaign's figures as a marketer reads them, against a server pointed at an SMTP sink (issue 37): the
// composer's estimate is what the pipeline sends (a contact whose first address unsubscribed is mailed at
// its second, subscribed one; a suppressed address is not promised); "recipients" never counts the skipped,
// who are shown apart with their reasons; every human open and click adds to the totals while the unique
// counts stay per message; the report, the campaigns list and analytics give the same figures and rates
// (each defined once in lib/delivery/read/figures.ts).
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDeliveryEnv, type DeliveryEnv, oneTextBlockTemplate } from "./delivery-setup";
import { until } from "./until";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const SENDER = "news@figures.test";
const SUBJECT = "Figures you can trust";

let env: DeliveryEnv;
let db: typeof import("@/lib/db").db;
let key = "";
let templateId = "";
let segmentId = "";
let campaignId = "";

const TEMPLATE = oneTextBlockTemplate(
  "Figures",
  '<p>Hi,</p><p><a href="https://shop.test/new">New in</a></p><p><a href="[[message.unsubscribe_url]]">Unsubscribe</a></p>',
);

const call = (path: string, options: { method?: string; body?: unknown } = {}) => env.call(path, { key, ...options });

async function addContact(emails: [string, string][]) {
  const res = await call("/api/contacts", {
    body: { identifiers: emails.map(([id, status]) => ({ type: "email", id, channels: { email: { status } } })), tags: ["figures"] },
  });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
}

const mailTo = (address: string) => env.sink.received.find((r) => r.to.includes(address) && r.raw.includes(`Subject: ${SUBJECT}`));

beforeAll(async () => {
  env = await startDeliveryEnv({ RATE_LIMIT_ANALYTICS_PER_MINUTE: "1000" });
  db = (await import("@/lib/db")).db;
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  const { markAddressVerified } = await import("@/lib/delivery/senders/senders");
  const brandId = (await createBrand({ name: "Figures", plan: "pro" })).id;
  key = (await createApiKey(brandId, "test")).key;
  await markAddressVerified(brandId, SENDER, "Figures");
  const template = await call("/api/email-templates", { body: TEMPLATE });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  templateId = template.body.id;
  await addContact([["ana@fig.test", "subscribed"]]);
  await addContact([["ben@fig.test", "subscribed"]]);
  await addContact([["cara@fig.test", "subscribed"]]);
  await addContact([["dan@fig.test", "unsubscribed"]]);
  // Two addresses, the first unsubscribed: mailed at the second.
  await addContact([
    ["multi-old@fig.test", "unsubscribed"],
    ["multi-new@fig.test", "subscribed"],
  ]);
  // Subscribed, but the address is on the suppression list.
  await addContact([["gus@fig.test", "subscribed"]]);
  const suppressed = await call("/api/suppressions", { body: { email: "gus@fig.test" } });
  expect(suppressed.status, JSON.stringify(suppressed.body)).toBeLessThan(300);
  const segment = await call("/api/segments", {
    body: {
      name: "figures",
      conditionGroups: [
        { conditions: [{ entity: "contact", junction: "and", filters: [{ property: "tags", operator: "anyOf", value: ["figures"] }] }] },
      ],
    },
  });
  expect(segment.status, JSON.stringify(segment.body)).toBe(201);
  segmentId = segment.body.segmentID;
  await until(
    async () => (await call("/api/segments?limit=50")).body.segments,
    (list: { status: string }[]) => list.every((s) => s.status === "ready"),
  );
}, 240_000);

afterAll(async () => {
  await env?.stop();
});

describe("one recipient rule", () => {
  it("the estimate promises whom the pipeline mails: a two-address contact at its subscribed address, a suppressed one not", async () => {
    const estimate = await call("/api/campaigns/audience-estimate", { body: { includedSegmentIDs: [segmentId] } });
    expect(estimate.status, JSON.stringify(estimate.body)).toBe(200);
    expect(estimate.body).toEqual({
      contacts: 6,
      recipients: 4,
      subscribed: 4,
      skipped: { noEmail: 0, unsubscribed: 1, nonSubscribed: 0, suppressed: 1 },
    });

    const created = await call("/api/campaigns", {
      body: {
        channel: "email",
        type: "regular",
        name: "Figures",
        audience: { includedSegmentIDs: [segmentId] },
        content: { email: { templateID: templateId, subject: SUBJECT, senderName: "Figures", senderEmail: SENDER } },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    campaignId = created.body.id;
    expect((await call(`/api/campaigns/${campaignId}/send`, { method: "POST" })).status).toBe(204);
    await until(
      async () => (await call(`/api/campaigns/${campaignId}`)).body,
      (c: { status: string }) => c.status === "sent",
      30_000,
    );
    const mailed = env.sink.received.filter((r) => r.raw.includes(`Subject: ${SUBJECT}`)).flatMap((r) => r.to);
    expect(mailed.sort()).toEqual(["ana@fig.test", "ben@fig.test", "cara@fig.test", "multi-new@fig.test"]);
    expect(mailed).toHaveLength(estimate.body.recipients);
  });

  it("recipients are those the email went to; the skipped are shown apart with their reasons (report and list)", async () => {
    const report = (await call(`/api/campaigns/${campaignId}/report`)).body;
    expect(report.recipients).toBe(4);
    expect(report.skipped).toEqual({
      count: 2,
      reasons: [
        { reason: "suppressed:manual", count: 1 },
        { reason: "suppressed:unsubscribed", count: 1 },
      ],
    });
    const list = (await call(`/api/campaigns/figures?ids=${campaignId}`)).body;
    expect(list.figures).toEqual([expect.objectContaining({ campaignID: campaignId, recipients: 4, skipped: 2, sent: 4 })]);
    const skipped = await call(`/api/campaigns/${campaignId}/recipients?outcome=skipped`);
    expect(skipped.body.recipients.map((r: { email: string; reason: string }) => [r.email, r.reason]).sort()).toEqual([
      ["dan@fig.test", "unsubscribed"],
      ["gus@fig.test", "manual"],
    ]);
  });
});

describe("figures defined once", () => {
  it("every human open and click adds to the totals, unique counts stay per message; report, list and analytics agree", async () => {
    // Hits within seconds of delivery are a scanner's: the messages went out a minute ago.
    await db.message.updateMany({ where: { sourceId: campaignId }, data: { sentAt: new Date(Date.now() - 60_000) } });
    const html = async (address: string) => (await simpleParser(mailTo(address)!.raw)).html as string;
    const pixel = /src="(http:\/\/[^"]+\/email\/o\/[^"]+)"/.exec(await html("ana@fig.test"))![1];
    for (let i = 0; i < 2; i++) expect((await fetch(pixel, { headers: { "User-Agent": BROWSER } })).status).toBe(200);
    const click = /href="(http:\/\/[^"]+\/email\/c\/[^"]+)"/.exec(await html("ben@fig.test"))![1].replace(/&amp;/g, "&");
    for (let i = 0; i < 2; i++) expect((await fetch(click, { redirect: "manual", headers: { "User-Agent": BROWSER } })).status).toBe(302);
    // cara's message bounces: delivered is 3 of 4 sent, and the rates of people's behaviour divide by it.
    const cara = await simpleParser(mailTo("cara@fig.test")!.raw);
    const bounce = await call("/api/delivery-events", { body: { events: [{ type: "bounce", messageID: cara.messageId }] } });
    expect(bounce.body.results, JSON.stringify(bounce.body)).toMatchObject([{ status: "applied" }]);

    const report = (await call(`/api/campaigns/${campaignId}/report`)).body;
    expect(report.totals).toMatchObject({
      sent: 4,
      delivered: 3,
      bounced: 1,
      uniqueOpens: 2, // ana by the pixel, ben by his click (his pixel never loaded)
      opens: 3, // ana twice, ben's click once
      uniqueClicks: 1,
      clicks: 2,
      openRate: 0.6667, // 2 / 3 delivered
      clickRate: 0.3333,
      clickThroughRate: 0.5,
      bounceRate: 0.25, // 1 / 4 sent
    });
    expect(report.links).toEqual([expect.objectContaining({ clicks: 2, uniqueClicks: 1 })]);

    const list = (await call(`/api/campaigns/figures?ids=${campaignId}`)).body.figures[0];
    expect(list).toMatchObject({ uniqueOpens: 2, uniqueClicks: 1, openRate: report.totals.openRate, clickRate: report.totals.clickRate });

    const names = ["recipients", "opens", "uniqueOpens", "clicks", "uniqueClicks", "openRate", "clickRate", "bounceRate"];
    const analytics = await call("/api/analytics/reports", {
      body: {
        queries: [
          {
            dateRange: { interval: "last7Days" },
            dimensions: [{ name: "activityID" }],
            metrics: names.map((name) => ({ name })),
            filters: [{ name: "campaignID", operator: "eq", values: [campaignId] }],
          },
        ],
      },
    });
    expect(analytics.status, JSON.stringify(analytics.body)).toBe(200);
    expect(analytics.body.reports[0].rows).toEqual([
      { activityID: campaignId, ...Object.fromEntries(names.map((n) => [n, n === "recipients" ? report.recipients : report.totals[n]])) },
    ]);
  });
});
