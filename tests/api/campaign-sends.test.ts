// Campaigns sent for real: a server of its own pointed at an SMTP sink (tests/api/delivery-setup.ts). The
// audience with includes, excludes and suppressions, each contact once; the report, the recipients table,
// the click map, the CSV and the analytics figures matching what the sink received and what was opened and
// clicked; an A/B test whose winner (by opens) goes to the rest; a booster to non-openers; a scheduled send
// that survives a restart of the server.
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPublished, publishedValidator } from "../published/published";
import { startDeliveryEnv, type DeliveryEnv, oneTextBlockTemplate } from "./delivery-setup";
import { killHard } from "../../scripts/bench/crash-scenario";
import { startTestServer, type TestServer } from "./setup/test-server";
import { until } from "./until";

const published = publishedValidator(loadPublished("omnisend-campaigns.json"));
const publishedAnalytics = publishedValidator(loadPublished("omnisend-analytics.json"));
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const SENDER = "news@acme.test";

let env: DeliveryEnv;
let db: typeof import("@/lib/db").db;
let brandId = "";
let key = "";
let templateId = "";
const contacts: Record<string, string> = {};
const segments: Record<string, string> = {};

const TEMPLATE = oneTextBlockTemplate(
  "Spring sale",
  '<p>Hi [[contact.first_name | there]],</p><p><a href="https://shop.test/sale">Shop the sale</a></p><p><a href="[[message.unsubscribe_url]]">Unsubscribe</a></p>',
);

async function call(path: string, options: { method?: string; body?: unknown } = {}) {
  const res = await env.call(path, { key, ...options });
  return res;
}

async function addContact(name: string, tags: string[], status = "subscribed") {
  const res = await call("/api/contacts", {
    body: { identifiers: [{ type: "email", id: `${name}@inbox.test`, channels: { email: { status } } }], firstName: name, tags },
  });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  contacts[name] = res.body.id;
}

async function addSegment(name: string, tag: string) {
  const res = await call("/api/segments", {
    body: {
      name,
      conditionGroups: [
        { conditions: [{ entity: "contact", junction: "and", filters: [{ property: "tags", operator: "anyOf", value: [tag] }] }] },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  segments[name] = res.body.segmentID;
}

const received = (address: string) => env.sink.received.filter((r) => r.to.includes(address));
const campaignOf = async (id: string) => (await call(`/api/campaigns/${id}`)).body;
const sentTo = (subject: string) =>
  env.sink.received.filter((r) => r.raw.includes(`Subject: ${subject}`)).flatMap((r) => r.to.map((t) => t.split("@")[0]));

async function createAndSend(body: Record<string, unknown>) {
  const created = await call("/api/campaigns", { body: { channel: "email", type: "regular", ...body } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sent = await call(`/api/campaigns/${created.body.id}/send`, { method: "POST" });
  expect(sent.status, JSON.stringify(sent.body)).toBe(204);
  return created.body.id as string;
}

const untilStatus = (id: string, status: string, timeoutMs = 30_000) =>
  until(
    () => campaignOf(id),
    (c) => c.status === status,
    timeoutMs,
  );

/** The message's sentAt a minute back, so a hit is not "within seconds of delivery" (a scanner's). */
async function ageMessages(campaignId: string) {
  await db.message.updateMany({ where: { sourceId: campaignId }, data: { sentAt: new Date(Date.now() - 60_000) } });
}

async function openEmail(address: string, subject: string) {
  const mail = received(address).find((r) => r.raw.includes(`Subject: ${subject}`))!;
  const html = (await simpleParser(mail.raw)).html as string;
  const pixel = /src="(http:\/\/[^"]+\/email\/o\/[^"]+)"/.exec(html)![1];
  expect((await fetch(pixel, { headers: { "User-Agent": BROWSER } })).status).toBe(200);
  return html;
}

beforeAll(async () => {
  env = await startDeliveryEnv({ RATE_LIMIT_ANALYTICS_PER_MINUTE: "1000" });
  db = (await import("@/lib/db")).db;
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  const { markAddressVerified } = await import("@/lib/delivery/senders/senders");
  brandId = (await createBrand({ name: "Acme", plan: "pro" })).id;
  key = (await createApiKey(brandId, "test")).key;
  await markAddressVerified(brandId, SENDER, "Acme");
  const template = await call("/api/email-templates", { body: TEMPLATE });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  templateId = template.body.id;
  await addSegment("vip", "vip");
  await addSegment("blocked", "blocked");
  await addContact("ana", ["vip"]);
  await addContact("ben", ["vip"]);
  await addContact("cara", ["vip"]);
  await addContact("dan", ["vip"], "unsubscribed");
  await addContact("eve", ["vip", "blocked"]);
  await addContact("fay", []);
  await addContact("gus", ["vip"]);
  // gus's address bounced before: on the brand's suppression list.
  const suppressed = await call("/api/suppressions", { body: { email: "gus@inbox.test" } });
  expect(suppressed.status, JSON.stringify(suppressed.body)).toBeLessThan(300);
  for (let i = 0; i < 24; i++) await addContact(`ab${i}`, ["ab"]);
  await addSegment("ab", "ab");
  await until(
    async () => (await call("/api/segments?limit=50")).body.segments,
    (list: { status: string }[]) => list.every((s) => s.status === "ready"),
  );
}, 240_000);

/** Set once the restart test killed the first server (its stop() would wait for an exit that happened). */
let killed = false;

afterAll(async () => {
  if (killed) await Promise.all([env.sink.close(), env.dns.close(), env.sns.close()]);
  else await env?.stop();
});

describe("a campaign to a segment", () => {
  let campaignId = "";

  it("goes to the included segment's members less the excluded ones, each once; the unsubscribed and suppressed are skipped with a reason", async () => {
    campaignId = await createAndSend({
      name: "Spring",
      audience: { includedSegmentIDs: [segments.vip], excludedSegmentIDs: [segments.blocked] },
      content: { email: { templateID: templateId, subject: "Spring sale, [[contact.first_name | friend]]", senderName: "Acme" } },
    });
    const sent = await untilStatus(campaignId, "sent");
    published.expectResponse("GET", "/campaigns/{id}", 200, sent);
    expect(sent).toMatchObject({ startedAt: expect.any(String), endedAt: expect.any(String) });
    expect(sentTo("Spring sale").sort()).toEqual(["ana", "ben", "cara"]);
    for (const name of ["ana", "ben", "cara"]) expect(received(`${name}@inbox.test`)).toHaveLength(1);
    const hi = await simpleParser(received("ana@inbox.test")[0].raw);
    expect(hi.subject).toBe("Spring sale, ana");

    const recipients = await call(`/api/campaigns/${campaignId}/recipients?limit=50`);
    expect(recipients.status).toBe(200);
    const byEmail = Object.fromEntries(recipients.body.recipients.map((r: { email: string }) => [r.email, r]));
    expect(Object.keys(byEmail).sort()).toEqual([
      "ana@inbox.test",
      "ben@inbox.test",
      "cara@inbox.test",
      "dan@inbox.test",
      "gus@inbox.test",
    ]);
    expect(byEmail["dan@inbox.test"]).toMatchObject({ status: "suppressed", reason: "unsubscribed" });
    expect(byEmail["gus@inbox.test"]).toMatchObject({ status: "suppressed" });

    // Pages of 2 follow their cursors through the same five, each once, newest contact first.
    const paged: string[] = [];
    let after = "";
    for (let pages = 0; pages < 5; pages++) {
      const page = await call(`/api/campaigns/${campaignId}/recipients?limit=2${after ? `&after=${encodeURIComponent(after)}` : ""}`);
      expect(page.status).toBe(200);
      paged.push(...page.body.recipients.map((r: { contactID: string }) => r.contactID));
      if (!page.body.paging.hasMore) break;
      after = page.body.paging.cursors.after;
    }
    expect(paged).toEqual(recipients.body.recipients.map((r: { contactID: string }) => r.contactID));
    expect(paged).toEqual([...paged].sort().reverse());
    expect(new Set(paged).size).toBe(5);
  });

  it("reports what the sink received and what was opened and clicked (counters, not a count of messages)", async () => {
    await ageMessages(campaignId);
    await openEmail("ana@inbox.test", "Spring sale");
    const ben = (await simpleParser(received("ben@inbox.test")[0].raw)).html as string;
    const click = /href="(http:\/\/[^"]+\/email\/c\/[^"]+)"/.exec(ben)![1].replace(/&amp;/g, "&");
    expect((await fetch(click, { redirect: "manual", headers: { "User-Agent": BROWSER } })).status).toBe(302);

    const report = (await call(`/api/campaigns/${campaignId}/report`)).body;
    // Recipients are the three it went to; dan (unsubscribed) and gus (suppressed) are skipped, with their reasons.
    expect(report).toMatchObject({ campaignID: campaignId, recipients: 3, status: "sent" });
    expect(report.skipped).toEqual({
      count: 2,
      reasons: [
        { reason: "suppressed:manual", count: 1 },
        { reason: "suppressed:unsubscribed", count: 1 },
      ],
    });
    expect(report.totals).toMatchObject({
      sent: env.sink.received.filter((r) => r.raw.includes("Subject: Spring sale")).length,
      delivered: 3,
      suppressed: 2,
      uniqueOpens: 2,
      uniqueClicks: 1,
      clicks: 1,
      openRate: 0.6667,
      clickRate: 0.3333,
      clickThroughRate: 0.5,
      pending: 0,
    });
    expect(report.links).toEqual([
      { url: expect.stringMatching(/^https:\/\/shop\.test\/sale\?utm_source=inkwell/), clicks: 1, uniqueClicks: 1 },
    ]);
    expect(report.daily.length).toBeGreaterThan(0);

    const opened = await call(`/api/campaigns/${campaignId}/recipients?outcome=opened`);
    expect(opened.body.recipients.map((r: { email: string }) => r.email).sort()).toEqual(["ana@inbox.test", "ben@inbox.test"]);
    const notOpened = await call(`/api/campaigns/${campaignId}/recipients?outcome=notOpened`);
    expect(notOpened.body.recipients.map((r: { email: string }) => r.email)).toEqual(["cara@inbox.test"]);

    const map = await call(`/api/campaigns/${campaignId}/click-map`);
    expect(map.body.html).toContain('data-clicks="1"');
    const csv = await fetch(`${env.server.baseUrl}/api/campaigns/${campaignId}/recipients/export?outcome=clicked`, {
      headers: { "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${key}` },
    });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("email,contactID,part,status,reason,sentAt,openedAt,clickedAt,messageID");
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["ben@inbox.test"]);

    const figures = await call(`/api/campaigns/figures?ids=${campaignId}`);
    expect(figures.body.figures).toEqual([expect.objectContaining({ campaignID: campaignId, sent: 3, uniqueOpens: 2, openRate: 0.6667 })]);

    const analytics = await call("/api/analytics/reports", {
      body: {
        queries: [
          {
            alias: "spring",
            dateRange: { interval: "last7Days" },
            dimensions: [{ name: "activityID" }],
            metrics: [{ name: "sent" }, { name: "uniqueOpens" }, { name: "clickRate" }],
            filters: [{ name: "campaignID", operator: "eq", values: [campaignId] }],
          },
        ],
      },
    });
    expect(analytics.status, JSON.stringify(analytics.body)).toBe(200);
    publishedAnalytics.expectResponse("POST", "/analytics/reports", 200, analytics.body);
    expect(analytics.body.reports[0]).toMatchObject({
      alias: "spring",
      rows: [{ activityID: campaignId, sent: 3, uniqueOpens: 2, clickRate: 0.3333 }],
    });

    // The same figures by the day of the outcome (published: every statistics query has a timestamp dimension).
    // (from yesterday: a run near midnight UTC may count its outcomes on two days)
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const statistics = await call("/api/analytics/statistics", {
      body: {
        queries: [
          {
            alias: "daily",
            dateRange: { from: yesterday, to: today },
            dimensions: [{ name: "timestamp" }, { name: "activityID" }],
            metrics: [{ name: "sent" }, { name: "uniqueOpens" }],
            filters: [{ name: "campaignID", operator: "eq", values: [campaignId] }],
          },
        ],
      },
    });
    expect(statistics.status, JSON.stringify(statistics.body)).toBe(200);
    publishedAnalytics.expectResponse("POST", "/analytics/statistics", 200, statistics.body);
    const daily = statistics.body.statistics[0];
    expect(daily.alias).toBe("daily");
    expect(daily.rows.every((row: { activityID: string }) => row.activityID === campaignId)).toBe(true);
    const sum = (metric: string) => daily.rows.reduce((total: number, row: Record<string, number>) => total + row[metric], 0);
    expect([sum("sent"), sum("uniqueOpens")]).toEqual([3, 2]);
    const withoutDay = await call("/api/analytics/statistics", {
      body: { queries: [{ dateRange: { from: today, to: today }, dimensions: [{ name: "activityID" }], metrics: [{ name: "sent" }] }] },
    });
    expect(withoutDay.status).toBe(400);
    expect(withoutDay.body.errors).toEqual([expect.objectContaining({ pointer: "/queries/0/dimensions", code: "required" })]);
  });
});

describe("an A/B test", () => {
  it("sends the test group a and b, and the winner by opens to the rest, each contact once", async () => {
    const created = await call("/api/campaigns", {
      body: {
        channel: "email",
        type: "abTest",
        name: "Subject test",
        audience: { includedSegmentIDs: [segments.ab] },
        abTest: {
          settings: { testSizePercent: 50, winningMetric: "openRate", decisionTime: { amount: 1, unit: "h" } },
          variants: {
            a: { content: { email: { templateID: templateId, subject: "Variant A subject", senderName: "Acme" } } },
            b: { content: { email: { templateID: templateId, subject: "Variant B subject", senderName: "Acme" } } },
          },
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect((await call(`/api/campaigns/${id}/send`, { method: "POST" })).status).toBe(204);
    // The test group is handed over; the decision waits for its time.
    const waiting = await until(
      () => db.campaign.findUniqueOrThrow({ where: { id } }),
      (c) => c.runStep === "decide",
    );
    await until(
      async () => sentTo("Variant A subject").length + sentTo("Variant B subject").length,
      (n) => n === waiting.queuedCount,
    );
    const a = sentTo("Variant A subject");
    const b = sentTo("Variant B subject");
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(a.length + b.length).toBeLessThan(24);
    // The variants split the test group evenly (one page of the audience: at most one apart).
    expect(Math.abs(a.length - b.length), JSON.stringify({ a, b })).toBeLessThanOrEqual(1);

    // Variant B's recipients open; then the decision time passes.
    await ageMessages(id);
    for (const name of b) await openEmail(`${name}@inbox.test`, "Variant B subject");
    await db.campaign.update({ where: { id }, data: { nextRunAt: new Date() } });
    const done = await untilStatus(id, "sent");
    published.expectResponse("GET", "/campaigns/{id}", 200, done);
    expect(done.abTest.result).toMatchObject({ winnerVariantID: created.body.abTest.variants.b.id, isManuallySelected: false });

    const rest = sentTo("Variant B subject").filter((n) => !b.includes(n));
    expect(sentTo("Variant A subject")).toEqual(a);
    expect([...a, ...b, ...rest].sort()).toEqual(Array.from({ length: 24 }, (_, i) => `ab${i}`).sort());
    for (let i = 0; i < 24; i++) expect(received(`ab${i}@inbox.test`).filter((r) => r.raw.includes("Variant"))).toHaveLength(1);
    const report = (await call(`/api/campaigns/${id}/report`)).body;
    expect(report.parts.map((p: { part: string; figures: { sent: number } }) => [p.part, p.figures.sent])).toEqual([
      ["a", a.length],
      ["b", b.length],
      ["rest", rest.length],
    ]);
  });
});

describe("a booster", () => {
  it("follows its parent to the recipients who did not open", async () => {
    const parent = await call("/api/campaigns", {
      body: {
        channel: "email",
        type: "regular",
        name: "Parent",
        audience: { includedSegmentIDs: [segments.vip], excludedSegmentIDs: [segments.blocked] },
        content: { email: { templateID: templateId, subject: "Parent email", senderName: "Acme" } },
      },
    });
    const booster = await call("/api/campaigns", {
      body: {
        channel: "email",
        type: "booster",
        boosterSettings: { campaignID: parent.body.id, sendTo: "nonOpeners", delay: { amount: 2, unit: "h" } },
        content: { email: { subject: "Did you miss it?" } },
      },
    });
    expect(booster.status, JSON.stringify(booster.body)).toBe(201);
    expect((await call(`/api/campaigns/${parent.body.id}/send`, { method: "POST" })).status).toBe(204);
    await untilStatus(parent.body.id, "sent");
    const scheduled = await campaignOf(booster.body.id);
    expect(scheduled.status).toBe("scheduled");
    const parentRead = await campaignOf(parent.body.id);
    expect(new Date(scheduled.sendingSettings.scheduledAt).getTime() - new Date(parentRead.startedAt).getTime()).toBe(2 * 3_600_000);

    await ageMessages(parent.body.id);
    await openEmail("ana@inbox.test", "Parent email");
    await db.campaign.update({ where: { id: booster.body.id }, data: { nextRunAt: new Date() } });
    await untilStatus(booster.body.id, "sent");
    expect(sentTo("Did you miss it?").sort()).toEqual(["ben", "cara"]);
  });
});

describe("a scheduled send", () => {
  let restarted: TestServer | undefined;
  afterAll(async () => {
    await restarted?.stop();
  });

  it("is kept across a restart of the server and sent once when its time comes", async () => {
    const at = new Date(Date.now() + 8_000).toISOString();
    const id = await createAndSend({
      name: "Later",
      audience: { includedSegmentIDs: [segments.vip], excludedSegmentIDs: [segments.blocked] },
      sendingSettings: { strategy: "scheduled", scheduledAt: at },
      content: { email: { templateID: templateId, subject: "Scheduled email", senderName: "Acme" } },
    });
    expect((await campaignOf(id)).status).toBe("scheduled");
    // The server stops before the time and another starts on the same database after it.
    const { databaseUrl, authSecret } = env.server;
    // SIGKILL the launcher and the server itself (its node child): nothing of the first server runs on.
    const exited = new Promise((r) => env.server.process.once("exit", r));
    killHard(env.server);
    killed = true;
    await exited;
    await new Promise((r) => setTimeout(r, 8_000));
    const settings = Object.fromEntries(
      ["SMTP_HOST", "SMTP_PORT", "SMTP_TLS", "SMTP_FROM", "SMTP_POOL_CONNECTIONS", "EVENTS_WORKER_IDLE_MS", "RATE_LIMIT_PER_MINUTE"].map(
        (k) => [k, process.env[k]!],
      ),
    );
    restarted = await startTestServer({ label: "campaigns-restart", databaseUrl, env: { ...settings, AUTH_SECRET: authSecret } });
    const read = async () =>
      (
        await fetch(`${restarted!.baseUrl}/api/campaigns/${id}`, {
          headers: { "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${key}` },
        })
      ).json();
    await until(read, (c) => c.status === "sent", 60_000);
    expect(sentTo("Scheduled email").sort()).toEqual(["ana", "ben", "cara"]);
    // 8 s to the time, a server start and the send: more than the default 30 s on a loaded machine.
  }, 120_000);
});
