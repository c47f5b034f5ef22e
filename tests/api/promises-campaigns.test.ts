// Campaign promises that no test held (issue 38), sent for real to an SMTP sink (tests/api/delivery-setup.ts):
// the complaint auto-pause shown on the campaign as it happens, the A/B winner by click rate, a winner chosen
// by hand going to the rest at once, a booster to non-clickers, personalized send times and the recipients'
// time zones.
import { randomUUID } from "node:crypto";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPublished, publishedValidator } from "../published/published";
import { startDeliveryEnv, type DeliveryEnv, oneTextBlockTemplate } from "./delivery-setup";
import { until } from "./until";

const published = publishedValidator(loadPublished("omnisend-campaigns.json"));
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const SENDER = "news@acme.test";
const HOUR = 3_600_000;

let env: DeliveryEnv;
let db: typeof import("@/lib/db").db;
let brandId = "";
let key = "";
let templateId = "";
const contacts: Record<string, string> = {};
const segments: Record<string, string> = {};

const TEMPLATE = oneTextBlockTemplate("Sale", '<p>Hi [[contact.first_name | there]],</p><p><a href="https://shop.test/sale">Shop</a></p>');

const call = (path: string, options: { method?: string; body?: unknown } = {}) => env.call(path, { key, ...options });

async function addContact(name: string, tag: string, fields: Record<string, unknown> = {}) {
  const res = await call("/api/contacts", {
    body: {
      identifiers: [{ type: "email", id: `${name}@inbox.test`, channels: { email: { status: "subscribed" } } }],
      firstName: name,
      tags: [tag],
      ...fields,
    },
  });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  contacts[name] = res.body.id;
}

async function addSegment(tag: string) {
  const res = await call("/api/segments", {
    body: {
      name: `Tag ${tag}`,
      conditionGroups: [
        { conditions: [{ entity: "contact", junction: "and", filters: [{ property: "tags", operator: "anyOf", value: [tag] }] }] },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  segments[tag] = res.body.segmentID;
}

const received = (address: string) => env.sink.received.filter((r) => r.to.includes(address));
const campaignOf = async (id: string) => (await call(`/api/campaigns/${id}`)).body;
const sentTo = (subject: string) =>
  env.sink.received.filter((r) => r.raw.includes(`Subject: ${subject}`)).flatMap((r) => r.to.map((t) => t.split("@")[0]));
const untilStatus = (id: string, status: string, timeoutMs = 30_000) =>
  until(
    () => campaignOf(id),
    (c) => c.status === status,
    timeoutMs,
  );

/** The message's sentAt a minute back, so a hit is not "within seconds of delivery" (a scanner's). */
const ageMessages = (campaignId: string) =>
  db.message.updateMany({ where: { sourceId: campaignId }, data: { sentAt: new Date(Date.now() - 60_000) } });

async function htmlOf(name: string, subject: string) {
  const mail = received(`${name}@inbox.test`).find((r) => r.raw.includes(`Subject: ${subject}`))!;
  return (await simpleParser(mail.raw)).html as string;
}
async function open(name: string, subject: string) {
  const pixel = /src="(http:\/\/[^"]+\/email\/o\/[^"]+)"/.exec(await htmlOf(name, subject))![1];
  expect((await fetch(pixel, { headers: { "User-Agent": BROWSER } })).status).toBe(200);
}
async function click(name: string, subject: string) {
  const link = /href="(http:\/\/[^"]+\/email\/c\/[^"]+)"/.exec(await htmlOf(name, subject))![1].replace(/&amp;/g, "&");
  expect((await fetch(link, { redirect: "manual", headers: { "User-Agent": BROWSER } })).status).toBe(302);
}

function abTest(tag: string, subject: string, settings: Record<string, unknown>) {
  return {
    channel: "email",
    type: "abTest",
    name: `A/B ${subject}`,
    audience: { includedSegmentIDs: [segments[tag]] },
    abTest: {
      settings: { decisionTime: { amount: 1, unit: "h" }, ...settings },
      variants: {
        a: { content: { email: { templateID: templateId, subject: `${subject} A`, senderName: "Acme" } } },
        b: { content: { email: { templateID: templateId, subject: `${subject} B`, senderName: "Acme" } } },
      },
    },
  };
}

/** Creates and sends an A/B test; resolves once its test group reached the sink and it waits for its decision. */
async function startAbTest(tag: string, subject: string, settings: Record<string, unknown>) {
  const created = await call("/api/campaigns", { body: abTest(tag, subject, settings) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  expect((await call(`/api/campaigns/${id}/send`, { method: "POST" })).status).toBe(204);
  const waiting = await until(
    () => db.campaign.findUniqueOrThrow({ where: { id } }),
    (c) => c.runStep === "decide",
  );
  await until(
    async () => sentTo(`${subject} A`).length + sentTo(`${subject} B`).length,
    (n) => n === waiting.queuedCount,
  );
  return {
    id,
    variants: created.body.abTest.variants as { a: { id: string }; b: { id: string } },
    a: sentTo(`${subject} A`),
    b: sentTo(`${subject} B`),
  };
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
  await db.brand.update({ where: { id: brandId }, data: { timeZone: "UTC", defaultSendHour: 7 } });
  const template = await call("/api/email-templates", { body: TEMPLATE });
  expect(template.status, JSON.stringify(template.body)).toBe(201);
  templateId = template.body.id;
  for (let i = 0; i < 16; i++) await addContact(`pause${i}`, "pause");
  for (let i = 0; i < 24; i++) await addContact(`click${i}`, "click");
  for (let i = 0; i < 24; i++) await addContact(`manual${i}`, "manual");
  for (const name of ["boost1", "boost2", "boost3"]) await addContact(name, "boost");
  for (const name of ["pers1", "pers2"]) await addContact(name, "pers");
  await addContact("tokyo", "tz", { countryCode: "JP" });
  await addContact("nowhere", "tz");
  for (const tag of ["pause", "click", "manual", "boost", "pers", "tz"]) await addSegment(tag);
  await until(
    async () => (await call("/api/segments?limit=50")).body.segments,
    (list: { status: string }[]) => list.every((s) => s.status === "ready"),
  );
}, 240_000);

afterAll(async () => {
  await env?.stop();
});

describe("the complaint auto-pause", () => {
  it("shows the campaign paused with its reason as the pipeline pauses it, not at the finish step", async () => {
    // An A/B test waits an hour for its decision: its finish step is far away.
    const test = await startAbTest("pause", "Complained", { testSizePercent: 80, winningMetric: "openRate" });
    const names = [...test.a, ...test.b];
    expect(names.length).toBeGreaterThanOrEqual(4); // DELIVERY_PAUSE_MIN_SENT
    expect((await campaignOf(test.id)).status).toBe("started");
    const events = await Promise.all(
      names.map(async (name) => {
        const mail = received(`${name}@inbox.test`)[0];
        return { type: "complaint", messageID: (await simpleParser(mail.raw)).messageId! };
      }),
    );
    const res = await call("/api/delivery-events", { body: { events } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Complaints over 50% of what was sent (DELIVERY_PAUSE_COMPLAINT_RATE) pause the source at once.
    const paused = await untilStatus(test.id, "paused", 10_000);
    expect(paused.statusReason).toMatch(/^Complaint rate 100% \(\d+ of \d+ delivered\) passed 50%$/);
    published.expectResponse("GET", "/campaigns/{id}", 200, paused);
  });
});

describe("an A/B test by click rate", () => {
  it("picks the variant whose recipients clicked, though the other's opened more, and sends it to the rest", async () => {
    const test = await startAbTest("click", "Clicks", { testSizePercent: 50, winningMetric: "clickRate" });
    expect(test.a.length).toBeGreaterThan(0);
    expect(test.b.length).toBeGreaterThan(0);
    await ageMessages(test.id);
    for (const name of test.a) await open(name, "Clicks A"); // every A recipient opens: A's open rate is 100%
    await click(test.b[0], "Clicks B"); // one B recipient clicks: B's click rate is above A's 0
    await db.campaign.update({ where: { id: test.id }, data: { nextRunAt: new Date() } });
    const done = await untilStatus(test.id, "sent");
    expect(done.abTest.result).toMatchObject({ winnerVariantID: test.variants.b.id, isManuallySelected: false });
    const rest = sentTo("Clicks B").filter((n) => !test.b.includes(n));
    expect([...test.a, ...test.b, ...rest].sort()).toEqual(Array.from({ length: 24 }, (_, i) => `click${i}`).sort());
    expect(sentTo("Clicks A")).toEqual(test.a);
  });
});

describe("a winner chosen by hand", () => {
  it("goes to the rest at once, though the decision time is an hour away and the other variant was opened more", async () => {
    const test = await startAbTest("manual", "Manual", { testSizePercent: 50, winningMetric: "openRate" });
    expect(test.b.length).toBeGreaterThan(0);
    await ageMessages(test.id);
    for (const name of test.b) await open(name, "Manual B");
    const chosen = await call(`/api/campaigns/${test.id}/ab-test/winner`, { method: "POST", body: { variantID: test.variants.a.id } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(204);
    // No nextRunAt moved by the test: the choice itself makes the rest due.
    const done = await untilStatus(test.id, "sent");
    expect(done.abTest.result).toMatchObject({ winnerVariantID: test.variants.a.id, isManuallySelected: true });
    const rest = sentTo("Manual A").filter((n) => !test.a.includes(n));
    expect(rest.length).toBe(24 - test.a.length - test.b.length);
    expect(rest.length).toBeGreaterThan(0);
    expect(sentTo("Manual B")).toEqual(test.b);
  });
});

describe("a booster to non-clickers", () => {
  it("goes to the parent's recipients who did not click, those who only opened included", async () => {
    const parent = await call("/api/campaigns", {
      body: {
        channel: "email",
        type: "regular",
        name: "Boost parent",
        audience: { includedSegmentIDs: [segments.boost] },
        content: { email: { templateID: templateId, subject: "Boost parent", senderName: "Acme" } },
      },
    });
    expect(parent.status, JSON.stringify(parent.body)).toBe(201);
    const booster = await call("/api/campaigns", {
      body: {
        channel: "email",
        type: "booster",
        boosterSettings: { campaignID: parent.body.id, sendTo: "nonClickers", delay: { amount: 2, unit: "h" } },
        content: { email: { subject: "Still thinking?" } },
      },
    });
    expect(booster.status, JSON.stringify(booster.body)).toBe(201);
    expect((await call(`/api/campaigns/${parent.body.id}/send`, { method: "POST" })).status).toBe(204);
    await untilStatus(parent.body.id, "sent");
    await ageMessages(parent.body.id);
    await click("boost1", "Boost parent");
    await open("boost2", "Boost parent");
    await db.campaign.update({ where: { id: booster.body.id }, data: { nextRunAt: new Date() } });
    await untilStatus(booster.body.id, "sent");
    expect(sentTo("Still thinking?").sort()).toEqual(["boost2", "boost3"]);
  });
});

/** Tomorrow's date (UTC, the brand's zone here) at `hour`. */
const tomorrowAt = (hour: number) => {
  const d = new Date(Date.now() + 24 * HOUR);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour));
};
const dueTimes = async (campaignId: string) =>
  Object.fromEntries(
    (await db.message.findMany({ where: { sourceId: campaignId }, select: { contactId: true, nextAttemptAt: true, status: true } })).map(
      (m) => [Object.keys(contacts).find((n) => contacts[n] === m.contactId)!, { at: m.nextAttemptAt.toISOString(), status: m.status }],
    ),
  );

describe("a personalized send", () => {
  it("gives each contact the hour of day they engaged most, and the others the brand's default hour", async () => {
    // pers1 clicked emails at 15:xx UTC (three times), once at 09:xx; pers2 has no history.
    const day = (n: number, hour: number, minute = 20) => {
      const d = new Date(Date.now() - n * 24 * HOUR);
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour, minute));
    };
    for (const at of [day(3, 15), day(5, 15, 40), day(9, 15, 5), day(4, 9)])
      await db.contactEvent.create({
        data: {
          id: randomUUID(),
          brandId,
          contactId: contacts.pers1,
          eventName: "clicked email",
          origin: "inkwell",
          eventTime: at,
          receivedAt: at,
          properties: { sourceKind: "campaign" },
        },
      });
    const created = await call("/api/campaigns", {
      body: {
        channel: "email",
        type: "regular",
        name: "Personalized",
        audience: { includedSegmentIDs: [segments.pers] },
        sendingSettings: { strategy: "personalized", scheduledAt: tomorrowAt(0).toISOString(), optimizeFor: "clicks" },
        content: { email: { templateID: templateId, subject: "Personalized", senderName: "Acme" } },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await call(`/api/campaigns/${created.body.id}/send`, { method: "POST" })).status).toBe(204);
    // Its window opens tomorrow; the test does not wait for it: the run, due now, opens the window now. A run
    // in the last minute before 07:00 or 15:00 might reach that hour while it runs: it waits past it first.
    const toNextHour = HOUR - (Date.now() % HOUR);
    if (toNextHour < 60_000 && [7, 15].includes(new Date(Date.now() + toNextHour).getUTCHours()))
      await new Promise((r) => setTimeout(r, toNextHour + 1_000));
    const runAt = new Date();
    await db.campaign.update({ where: { id: created.body.id }, data: { nextRunAt: runAt } });
    /** The first whole hour from the window's start whose UTC hour is `hour`. */
    const windowHour = (hour: number) => {
      const first = Math.ceil(runAt.getTime() / HOUR) * HOUR;
      return new Date(first + ((hour - new Date(first).getUTCHours() + 24) % 24) * HOUR).toISOString();
    };
    const due = await until(
      () => dueTimes(created.body.id),
      (d) => Object.keys(d).length === 2,
    );
    expect(due).toEqual({
      pers1: { at: windowHour(15), status: "queued" },
      pers2: { at: windowHour(7), status: "queued" },
    });
  }, 120_000);
});

describe("time-zone optimization", () => {
  it("sends each contact the campaign at the scheduled wall-clock time of their own zone", async () => {
    // Tokyo (UTC+9, no daylight saving) reaches the time in 2 s; the brand's zone (UTC) 9 hours later.
    const at = new Date(Math.ceil((Date.now() + 9 * HOUR + 2_000) / 1000) * 1000);
    const created = await call("/api/campaigns", {
      body: {
        channel: "email",
        type: "regular",
        name: "Time zones",
        audience: { includedSegmentIDs: [segments.tz] },
        sendingSettings: { strategy: "scheduled", scheduledAt: at.toISOString(), isTZOptimizationEnabled: true },
        content: { email: { templateID: templateId, subject: "Wall clock", senderName: "Acme" } },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await call(`/api/campaigns/${created.body.id}/send`, { method: "POST" })).status).toBe(204);
    // The run starts when UTC+14 reaches the time (already past): no nudge needed.
    await until(
      async () => sentTo("Wall clock"),
      (names) => names.length === 1,
      20_000,
    );
    expect(sentTo("Wall clock")).toEqual(["tokyo"]);
    const due = await dueTimes(created.body.id);
    expect(due.nowhere).toEqual({ at: at.toISOString(), status: "queued" });
    expect(due.tokyo.status).toBe("sent");
  });
});
