// Revenue attribution through the built server (docs/campaigns.md, "Revenue"): an A/B campaign and an
// automation's email step are sent (into the outbox), people click and open them as a browser would, and
// `placed order` events go through POST /api/events and the server's events worker. An order counts once
// for the email its contact last clicked within the window (the campaign's variant, the automation's
// step), however often its event is sent again; the opens model differs for a contact who only opened; a
// click older than the window earns nothing; a refund takes its amount back; the campaign report, the
// campaigns list, the automations list and analytics read the same counters; erasing a contact keeps its
// orders counted once without naming it.
import { beforeAll, describe, expect, it } from "vitest";
import { db, dbKind } from "@/lib/db";
import {
  abTestBody,
  createCampaign,
  createSegment,
  createSendingBrand,
  createTemplate,
  regularBody,
  SENDER,
  unique,
} from "./campaign-helpers";
import { api, createTestBrand, expectProblem, json, type TestBrand } from "./helpers";

/** Polls once a second (the API's rate limit) until asynchronous work (the events worker) shows its result. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${JSON.stringify(value).slice(0, 800)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const DAY = 86_400_000;

let brand: TestBrand;
let campaignId = "";
/** When the test saw the campaign's four messages sent: their hour is no later than this. */
let sentSeenAt = new Date(0);
let automationId = "";
let stepId = "";
const contactIds: Record<string, string> = {};
/** The campaign's variant each contact got. */
const variantOf: Record<string, string> = {};

const call = async (path: string, options: { method?: string; body?: unknown } = {}) => {
  const res = await api(path, { key: brand.key, ...options });
  return { status: res.status, body: res.status === 204 ? null : await json(res) };
};

type Sent = { id: string; contactID: string; status: string; part: string };
async function sentMessages(kind: string, id: string, count: number): Promise<Sent[]> {
  return until(
    async () => (await call(`/api/messages?sourceKind=${kind}&sourceID=${id}`)).body.messages as Sent[],
    (messages) => messages.filter((m) => m.status === "sent").length >= count,
    120_000,
  );
}

/** A person's browser following the first tracked link of a message (or loading its pixel). */
async function hit(messageId: string, what: "click" | "open") {
  const { html } = (await call(`/api/messages/${messageId}`)).body.body as { html: string };
  const pattern = what === "click" ? /href="(https?:\/\/[^"]+\/email\/c\/[^"]+)"/ : /src="(https?:\/\/[^"]+\/email\/o\/[^"]+)"/;
  const url = pattern.exec(html)![1].replace(/&amp;/g, "&");
  const res = await fetch(url, { redirect: "manual", headers: { "User-Agent": BROWSER } });
  expect(res.status).toBe(what === "click" ? 302 : 200);
}

/** An order event; a null currency names none (the brand's). */
async function order(email: string, eventName: string, orderID: string, value: number, currency: string | null = "USD", eventID?: string) {
  const res = await api("/api/events", {
    key: brand.key,
    body: {
      eventName,
      ...(eventID ? { eventID } : {}),
      eventVersion: "v1",
      origin: "api",
      contact: { email },
      properties: {
        orderID,
        value,
        ...(currency ? { currency } : {}),
        ...(eventName === "placed order" ? { lineItems: [{ productID: "p1", productPrice: value, productQuantity: 1 }] } : {}),
      },
    },
  });
  expect(res.status, await res.clone().text()).toBe(202);
}

/** Waits until the events worker processed `count` order events (`placed order` unless named) of the contact. */
const processed = (name: string, count: number, eventName = "placed order") =>
  until(
    async () =>
      (await call(`/api/contacts/${contactIds[name]}/events?eventName=${encodeURIComponent(eventName)}&limit=50`)).body.events as unknown[],
    (events) => events.length >= count,
  );

const report = async () => (await call(`/api/campaigns/${campaignId}/report`)).body;

beforeAll(async () => {
  brand = await createSendingBrand();
  const tag = `rev-${unique()}`;
  for (const name of ["ana", "ben", "cara", "dan"]) {
    const res = await call("/api/contacts", {
      body: { identifiers: [{ type: "email", id: `${name}@rev.test`, channels: { email: { status: "subscribed" } } }], tags: [tag] },
    });
    expect([200, 201]).toContain(res.status);
    contactIds[name] = res.body.id;
  }
  const template = await createTemplate(brand);
  const segment = await createSegment(brand, tag);
  // Every contact gets variant a or b (a test of the whole audience: no winner is sent).
  const created = await call("/api/campaigns", {
    body: { ...abTestBody(template, template, { testSizePercent: 100 }), audience: { includedSegmentIDs: [segment] } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  campaignId = created.body.id;
  expect((await call(`/api/campaigns/${campaignId}/send`, { method: "POST" })).status).toBe(204);
  const messages = await sentMessages("campaign", campaignId, 4);
  sentSeenAt = new Date();
  for (const [name, id] of Object.entries(contactIds)) variantOf[name] = messages.find((m) => m.contactID === id)!.part;

  const automation = await call("/api/automations", {
    body: {
      name: "Welcome",
      trigger: { condition: { event: "joined club", origin: "api" } },
      blocks: [
        {
          temporaryID: "mail",
          type: "action",
          action: {
            type: "sendEmail",
            sendEmail: {
              templateID: template,
              language: "en_US",
              subject: "Welcome",
              preheader: "",
              senderName: "Shop",
              senderEmail: SENDER,
            },
          },
        },
      ],
    },
  });
  expect(automation.status, JSON.stringify(automation.body)).toBe(201);
  automationId = automation.body.id;
  stepId = automation.body.blocks[0].id;
  expect((await call(`/api/automations/${automationId}/enable`, { method: "POST" })).status).toBe(200);
  const joined = await api("/api/events", {
    key: brand.key,
    body: { eventName: "joined club", origin: "api", contact: { email: "ana@rev.test" }, properties: {} },
  });
  expect(joined.status).toBe(202);
  await sentMessages("automation", automationId, 1);
  // Hits within seconds of delivery are a scanner's: these went out a minute ago.
  await db.message.updateMany({ where: { brandId: brand.brandId }, data: { sentAt: new Date(Date.now() - 60_000) } });
}, 240_000);

describe("an order is attributed once, to the email last clicked within the window", { timeout: 120_000 }, () => {
  it("the campaign's variant for a click; nothing for a click older than the window; the opens model for an open only", async () => {
    const messages = await sentMessages("campaign", campaignId, 4);
    const messageOf = (name: string) => messages.find((m) => m.contactID === contactIds[name])!.id;
    await hit(messageOf("ben"), "click");
    await hit(messageOf("cara"), "open");
    await hit(messageOf("dan"), "click");
    // dan clicked six days ago: the default window is five days.
    await db.contactEvent.updateMany({
      where: { brandId: brand.brandId, contactId: contactIds.dan, eventName: { in: ["clicked email", "opened email"] } },
      data: { eventTime: new Date(Date.now() - 6 * DAY) },
    });

    await order("dan@rev.test", "placed order", "o-dan", 500);
    await order("cara@rev.test", "placed order", "o-cara", 40);
    await order("ben@rev.test", "placed order", "o-ben", 120);
    // The same order again (a store's retry): counted once.
    await order("ben@rev.test", "placed order", "o-ben", 120);
    await order("ben@rev.test", "placed order", "o-ben", 120);

    // Every order event processed (ben's three among them): the events worker is done with them.
    await processed("ben", 3);
    await processed("dan", 1);
    await processed("cara", 1);
    const done = await report();
    // Ben's order only (click model): dan's click is outside the window, cara never clicked.
    expect(done.totals).toMatchObject({ orders: 1, revenue: 120, openOrders: 2, openRevenue: 160 });
    expect(done.totals.revenuePerRecipient).toBe(30); // 120 over 4 recipients
    const part = (p: string) => done.parts.find((x: { part: string }) => x.part === p).figures;
    expect(part(variantOf.ben)).toMatchObject({ orders: 1, revenue: 120 });
    const other = variantOf.ben === "a" ? "b" : "a";
    expect(part(other).orders).toBe(0);
    // Cara's order counts for her variant under the opens model only.
    expect(part(variantOf.cara).openOrders).toBe(variantOf.cara === variantOf.ben ? 2 : 1);

    const list = (await call(`/api/campaigns/figures?ids=${campaignId}`)).body.figures[0];
    expect(list).toMatchObject({ orders: 1, revenue: 120 });
  });

  it("an automation's email step earns the order of a contact who clicked it last", async () => {
    const [mail] = await sentMessages("automation", automationId, 1);
    expect(mail.part).toBe(stepId);
    // ana clicked the campaign first, then the welcome email: the later click wins.
    const campaignMessages = await sentMessages("campaign", campaignId, 4);
    await hit(campaignMessages.find((m) => m.contactID === contactIds.ana)!.id, "click");
    await hit(mail.id, "click");
    await order("ana@rev.test", "placed order", "o-ana", 30);
    await processed("ana", 1);

    const figures = (await call(`/api/automations/figures?id=${automationId}`)).body.figures[0];
    expect(figures).toMatchObject({ orders: 1, revenue: 30 });
    const blocks = (await call(`/api/automations/${automationId}/figures`)).body;
    expect(blocks.blocks.find((b: { blockID: string }) => b.blockID === stepId).emails).toMatchObject({ orders: 1, revenue: 30 });
    expect((await report()).totals.orders).toBe(1); // the campaign keeps ben's only
  });

  it("a refund takes its amount back; analytics reports orders and revenue per variant", async () => {
    await order("ben@rev.test", "order refunded", "o-ben", 20);
    const after = await until(report, (r) => r.totals.revenue === 100, 60_000);
    expect(after.totals.orders).toBe(1);

    const analytics = await call("/api/analytics/reports", {
      body: {
        queries: [
          {
            dateRange: { interval: "last7Days" },
            dimensions: [{ name: "activityID" }, { name: "variant" }],
            metrics: [{ name: "orders" }, { name: "revenue" }],
            filters: [{ name: "campaignID", operator: "eq", values: [campaignId] }],
          },
        ],
      },
    });
    expect(analytics.status, JSON.stringify(analytics.body)).toBe(200);
    const rows = analytics.body.reports[0].rows as { variant: string; orders: number; revenue: number }[];
    expect(rows.find((r) => r.variant === variantOf.ben)).toMatchObject({ activityID: campaignId, orders: 1, revenue: 100 });
    expect(rows.reduce((n, r) => n + r.orders, 0)).toBe(1);
  });

  it("the attribution window is a validated brand setting; the currency is fixed once revenue is counted", async () => {
    const bad = await call("/api/sending-settings", { method: "PATCH", body: { attributionWindowDays: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].pointer).toBe("/attributionWindowDays");
    // Inkwell has no exchange rates: another currency would relabel the revenue counted so far.
    const refused = await api("/api/sending-settings", {
      key: brand.key,
      method: "PATCH",
      body: { attributionWindowDays: 7, revenueCurrency: "EUR" },
    });
    expect((await expectProblem(refused, 409, "conflict")).detail).toMatch(/currency/);
    expect((await call("/api/sending-settings")).body).toMatchObject({ attributionWindowDays: 5, revenueCurrency: "USD" });
    const set = await call("/api/sending-settings", { method: "PATCH", body: { attributionWindowDays: 7, revenueCurrency: "USD" } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ attributionWindowDays: 7, revenueCurrency: "USD", trackOpens: true });
    // dan's six-day-old click is inside a seven-day window now; his order in euros counts, its value does not.
    await order("dan@rev.test", "placed order", "o-dan-2", 50, "EUR");
    const r = await until(report, (x) => x.totals.orders === 2, 60_000);
    expect(r.totals.revenue).toBe(100);
    // A brand with no revenue yet may still choose its currency.
    const fresh = await createTestBrand();
    const chosen = await api("/api/sending-settings", { key: fresh.key, method: "PATCH", body: { revenueCurrency: "EUR" } });
    expect(chosen.status).toBe(200);
    expect((await json(chosen)).revenueCurrency).toBe("EUR");
  });

  it("erasing a contact keeps its orders counted once but no longer names it", async () => {
    expect(await db.orderAttribution.count({ where: { brandId: brand.brandId, contactId: contactIds.ana } })).toBe(2);
    expect((await call(`/api/contacts/${contactIds.ana}/erasure`, { method: "POST" })).status).toBe(200);
    expect(await db.orderAttribution.count({ where: { brandId: brand.brandId, contactId: contactIds.ana } })).toBe(0);
    expect(await db.orderAttribution.count({ where: { brandId: brand.brandId, orderId: "o-ana" } })).toBe(2);
    expect((await call(`/api/automations/figures?id=${automationId}`)).body.figures[0]).toMatchObject({ orders: 1, revenue: 30 });
  });

  it('a posted "clicked email" names no source: only the clicks Inkwell recorded, on the contact\'s own message, earn', async () => {
    const res = await call("/api/contacts", {
      body: { identifiers: [{ type: "email", id: "eve@rev.test", channels: { email: { status: "subscribed" } } }] },
    });
    contactIds.eve = res.body.id;
    // Anyone with events.write can post an event of this name, with Inkwell's origin and any properties.
    const forged = await api("/api/events", {
      key: brand.key,
      body: {
        eventName: "clicked email",
        origin: "inkwell",
        contact: { email: "eve@rev.test" },
        properties: { messageID: "made-up-message", sourceKind: "campaign", sourceID: "made-up-campaign", part: "a" },
      },
    });
    expect(forged.status).toBe(202);
    await processed("eve", 1, "clicked email");
    await order("eve@rev.test", "placed order", "o-eve", 70);
    await processed("eve", 1);
    expect(await db.orderAttribution.count({ where: { brandId: brand.brandId, orderId: "o-eve" } })).toBe(0);
  });
});

describe("hour counters", () => {
  it("are kept for campaigns only: their report's first 48 hours are the only reader", async () => {
    expect(await db.messageHourCounter.count({ where: { brandId: brand.brandId, sourceKind: "campaign" } })).toBeGreaterThan(0);
    expect(await db.messageHourCounter.count({ where: { brandId: brand.brandId, sourceKind: { not: "campaign" } } })).toBe(0);
  });
});

describe("attribution's indexes", () => {
  it("erasing a contact finds its attributions through (brandId, contactId)", async () => {
    const statement = `UPDATE "OrderAttribution" SET "contactId" = '' WHERE "brandId" = 'b' AND "contactId" = 'c'`;
    const plan =
      dbKind === "sqlite"
        ? (await db.$queryRawUnsafe<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${statement}`)).map((r) => r.detail)
        : (
            await db.$transaction(async (tx) => {
              await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
              return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN ${statement}`);
            })
          ).map((r) => r["QUERY PLAN"]);
    expect(plan.join("\n")).toContain("OrderAttribution_brandId_contactId_idx");
  });
});

describe("refunds are taken once, whenever they arrive", { timeout: 120_000 }, () => {
  const attribution = () =>
    db.orderAttribution.findUniqueOrThrow({
      where: { brandId_orderId_model: { brandId: brand.brandId, orderId: "o-fay", model: "click" } },
    });

  beforeAll(async () => {
    // fay gets the automation's welcome email and clicks it.
    const created = await call("/api/contacts", {
      body: { identifiers: [{ type: "email", id: "fay@rev.test", channels: { email: { status: "subscribed" } } }] },
    });
    expect([200, 201]).toContain(created.status);
    contactIds.fay = created.body.id;
    const joined = await api("/api/events", {
      key: brand.key,
      body: { eventName: "joined club", origin: "api", contact: { email: "fay@rev.test" }, properties: {} },
    });
    expect(joined.status).toBe(202);
    const mail = await until(
      async () => (await call(`/api/messages?sourceKind=automation&sourceID=${automationId}`)).body.messages as Sent[],
      (messages) => messages.some((m) => m.status === "sent" && m.contactID === contactIds.fay),
      120_000,
    ).then((messages) => messages.find((m) => m.contactID === contactIds.fay)!);
    await db.message.update({ where: { id: mail.id }, data: { sentAt: new Date(Date.now() - 60_000) } });
    await hit(mail.id, "click");
  }, 180_000);

  it("a refund that arrives before its order is taken from the order when it arrives", async () => {
    await order("fay@rev.test", "order refunded", "o-fay", 10, null, "5f0c2d4e-8a51-4c1b-9f3e-0d2a6b7c8e91");
    await processed("fay", 1, "order refunded");
    await order("fay@rev.test", "placed order", "o-fay", 50, null);
    await processed("fay", 1);
    expect(await attribution()).toMatchObject({ value: 5000, refunded: 1000 });
    const figures = (await call(`/api/automations/figures?id=${automationId}`)).body.figures[0];
    expect(figures).toMatchObject({ orders: 2, revenue: 70 }); // ana's 30 and fay's 50 less 10
  });

  it("the same refund sent twice (its eventID) is taken once", async () => {
    const eventID = "0b6a7c1d-2e3f-4a5b-8c9d-1e2f3a4b5c6d";
    await order("fay@rev.test", "order refunded", "o-fay", 5, null, eventID);
    await order("fay@rev.test", "order refunded", "o-fay", 5, null, eventID);
    await processed("fay", 3, "order refunded");
    expect(await attribution()).toMatchObject({ value: 5000, refunded: 1500 });
    const figures = (await call(`/api/automations/figures?id=${automationId}`)).body.figures[0];
    expect(figures).toMatchObject({ orders: 2, revenue: 65 });
  });
});

describe("the report's first 48 hours and its comparison with the last five", () => {
  it("hourly: 48 hours from the send's start, the sends in their hour; comparison: newest first, a later campaign left out, the average weighed by recipients", async () => {
    const HOUR = 3_600_000;
    const first = await report();
    const startedAt = new Date(first.startedAt).getTime();
    const firstHour = Math.floor(startedAt / HOUR) * HOUR;
    const hourly = first.hourly as { hour: string; sent: number }[];
    expect(hourly).toHaveLength(48);
    expect(hourly.map((h) => Date.parse(h.hour))).toEqual(Array.from({ length: 48 }, (_, i) => firstHour + i * HOUR));
    const withSends = hourly.filter((h) => h.sent > 0);
    expect(withSends.reduce((n, h) => n + h.sent, 0)).toBe(4);
    for (const h of withSends) expect(Date.parse(h.hour)).toBeLessThanOrEqual(sentSeenAt.getTime());

    // Seven more campaigns: six started 1..6 hours before this one, one a minute after it.
    const template = await createTemplate(brand);
    const others: string[] = [];
    for (let i = 0; i < 7; i++) others.push((await createCampaign(brand, regularBody(template, { name: `Other ${i + 1}` }))).id);
    for (const [i, id] of others.entries())
      await db.campaign.update({ where: { id }, data: { startedAt: new Date(i < 6 ? startedAt - (i + 1) * HOUR : startedAt + 60_000) } });
    // The newest earlier one went to 100 people (half opened, 100.00 of revenue), the next to one who did not.
    const day = new Date(startedAt).toISOString().slice(0, 10);
    const counter = (sourceId: string, metric: string, count: number) => ({
      brandId: brand.brandId,
      sourceKind: "campaign",
      sourceId,
      part: "",
      day,
      metric,
      count,
    });
    await db.messageCounter.createMany({
      data: [
        counter(others[0], "sent", 100),
        counter(others[0], "opened", 50),
        counter(others[0], "revenue", 10_000),
        counter(others[1], "sent", 1),
      ],
    });

    const r = await report();
    expect(r.comparison.map((c: { campaignID: string }) => c.campaignID)).toEqual([campaignId, ...others.slice(0, 5)]);
    expect(r.comparison.map((c: { current: boolean }) => c.current)).toEqual([true, false, false, false, false, false]);
    expect(r.comparison[1]).toMatchObject({ openRate: 0.5, revenuePerRecipient: 1 });
    // 50 opens of 101 delivered, 100.00 over 101 recipients (a mean of the five rates would give 0.1 and 0.2).
    expect(r.comparisonAverage).toEqual({ campaigns: 5, openRate: 0.495, clickRate: 0, revenuePerRecipient: 0.99 });
  });
});
