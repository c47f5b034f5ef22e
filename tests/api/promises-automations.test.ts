// Automation promises that no test held (issue 38), against the built server sending to an SMTP sink
// (tests/api/delivery-setup.ts): `removeTag` at run time, each of the dashboard's seven starters
// (components/automations/starters.ts) created as the dashboard creates them and run end to end, the product in a
// back-in-stock email and the order in a post-purchase email, and a journey's "waiting until". The server's own
// workers take events and send the emails; where a flow waits hours, days or weeks, this process runs the
// engine's pass on the same database at the instant the wait ends (the server's worker would, that much later).
import { describe, expect, it } from "vitest";
import { AUTOMATION_STARTERS } from "@/components/automations/starters";
import { created, deliveryFile, mailsTo as sinkMailsTo, newShop, type Mail, type Shop } from "./automation-setup";
import { until } from "./until";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const delivery = deliveryFile(() => import("@/lib/automations/engine/run-worker"));

// ---- helpers

let passes = 0;
/** The automations worker's pass at `at`, until nothing more is due then. */
async function pass(at: Date) {
  const workerId = `promises-pass-${++passes}`;
  for (let i = 0; i < 20; i++) {
    const done = await delivery.lib.automationsPass({ workerId, batchSize: 500, idleMs: 1, leaseMs: 60_000, clock: () => at });
    if (done.enrollments + done.schedules + done.webhooks === 0) break;
  }
}
const later = (ms: number) => new Date(Date.now() + ms);

const shop = () => newShop(delivery);

/** A workflow from a starter as the dashboard makes it (components/automations/new-automation.tsx), enabled. */
async function fromStarter(s: Shop, id: string) {
  const starter = AUTOMATION_STARTERS.find((x) => x.id === id)!;
  const templates: Record<string, string> = {};
  for (const email of starter.emails)
    templates[email.key] = (await created(await s.call("/api/email-templates", { body: email.template(delivery.env.server.baseUrl) }))).id;
  const automation = await created(await s.call("/api/automations", { body: starter.workflow(templates, "api", "Acme") }));
  await created(await s.call(`/api/automations/${automation.id}/enable`, { method: "POST", body: {} }), 200);
  return automation as { id: string; blocks: { id: string }[] };
}

async function subscriber(s: Shop, name: string, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await s.call("/api/contacts", {
    body: {
      identifiers: [{ type: "email", id: `${name}@inbox.test`, channels: { email: { status: "subscribed" } } }],
      firstName: name[0].toUpperCase() + name.slice(1),
      ...fields,
    },
  });
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body.id;
}

async function sendEvent(s: Shop, eventName: string, name: string, properties: object, eventTime?: Date) {
  const res = await s.call("/api/events", {
    body: {
      eventName,
      origin: "api",
      eventVersion: "v1",
      contact: { email: `${name}@inbox.test` },
      properties,
      ...(eventTime ? { eventTime: eventTime.toISOString() } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
}

const enrollments = (automationId: string) =>
  delivery.lib.db.automationEnrollment.findMany({
    where: { automationId },
    select: { contactId: true, status: true, blockId: true, dueAt: true },
  });
/** Until the events worker has written `count` enrollments of the workflow. */
const enrolled = (automationId: string, count = 1) =>
  until(
    () => enrollments(automationId),
    (e) => e.length >= count,
  );

/** The workflow's messages handed to the pipeline (the pass enqueues before it returns; sending comes after). */
const queued = (automationId: string) => delivery.lib.db.message.count({ where: { sourceKind: "automation", sourceId: automationId } });

const mailsTo = (name: string) => sinkMailsTo(delivery.env, name);
const subjectsTo = async (name: string) => (await mailsTo(name)).map((m) => m.subject);
/** The mail with this subject, once the server's delivery worker sent it. */
async function mailTo(name: string, subject: string, timeoutMs = 30_000): Promise<Mail> {
  const found = await until(
    () => mailsTo(name),
    (mails) => mails.some((m) => m.subject === subject),
    timeoutMs,
  );
  return found.find((m) => m.subject === subject)!;
}

// ---- the tests

describe("the seven starters, end to end", () => {
  it("welcome series: the welcome email at once; two days later the best sellers to who opened it, the reminder to who did not", async () => {
    const s = await shop();
    const a = await fromStarter(s, "welcome");
    await subscriber(s, "ada");
    await subscriber(s, "bob");
    await pass(later(6_000)); // the subscriptions' timer (every 5 s)
    await mailTo("ada", "Welcome, Ada! Here is 10% off");
    const bobs = await mailTo("bob", "Welcome, Bob! Here is 10% off");
    // Bob opens it a minute after it was sent (a hit within seconds of delivery is a scanner's).
    await delivery.lib.db.message.updateMany({ where: { sourceId: a.id }, data: { sentAt: new Date(Date.now() - MINUTE) } });
    const pixel = /src="(http:\/\/[^"]+\/email\/o\/[^"]+)"/.exec(bobs.html)![1];
    expect((await fetch(pixel, { headers: { "User-Agent": BROWSER } })).status).toBe(200);
    await until(
      () => delivery.lib.db.message.findMany({ where: { sourceId: a.id, openedAt: { not: null } } }),
      (opened) => opened.length === 1,
    );
    await pass(later(2 * DAY - HOUR));
    expect(await queued(a.id)).toBe(2); // the two welcome emails only
    await pass(later(2 * DAY + MINUTE));
    await mailTo("ada", "Your 10% welcome code is waiting");
    await mailTo("bob", "What everyone is buying this week");
    expect((await subjectsTo("ada")).sort()).toEqual(["Welcome, Ada! Here is 10% off", "Your 10% welcome code is waiting"]);
    expect((await subjectsTo("bob")).sort()).toEqual(["Welcome, Bob! Here is 10% off", "What everyone is buying this week"]);
    expect((await enrollments(a.id)).map((e) => e.status)).toEqual(["completed", "completed"]);
  });

  it("abandoned cart: an hour after the last cart update the cart comes back by email; a day later the reminder", async () => {
    const s = await shop();
    const a = await fromStarter(s, "abandoned-cart");
    await subscriber(s, "cara");
    await sendEvent(s, "added product to cart", "cara", {
      cartID: "c1",
      value: 30,
      currency: "EUR",
      lineItems: [
        {
          productID: "scarf",
          productTitle: "Wool scarf",
          productPrice: 30,
          productQuantity: 1,
          productURL: "https://shop.test/scarf",
          productImageURL: "https://cdn.shop.test/scarf.jpg",
        },
      ],
    });
    await enrolled(a.id);
    await pass(later(HOUR - MINUTE));
    expect(await queued(a.id)).toBe(0); // nothing handed to the pipeline yet
    await pass(later(HOUR + MINUTE));
    const cart = await mailTo("cara", "Cara, you left something behind");
    expect(cart.html).toContain("Wool scarf");
    expect(cart.html).toContain("https://cdn.shop.test/scarf.jpg");
    await pass(later(HOUR + DAY + 2 * MINUTE));
    await mailTo("cara", "Still thinking it over?");
    expect(await subjectsTo("cara")).toHaveLength(2);
  });

  it("browse abandonment: an hour after the last product viewed, one email", async () => {
    const s = await shop();
    const a = await fromStarter(s, "browse-abandonment");
    await subscriber(s, "dan");
    await sendEvent(s, "viewed product", "dan", { productID: "lamp", productTitle: "Desk lamp", url: "https://shop.test/lamp" });
    await enrolled(a.id);
    await pass(later(HOUR - MINUTE));
    expect(await queued(a.id)).toBe(0); // nothing handed to the pipeline yet
    await pass(later(HOUR + MINUTE));
    await mailTo("dan", "Still thinking about it?");
    expect(await subjectsTo("dan")).toEqual(["Still thinking about it?"]);
  });

  it("back in stock: who viewed a product gets an email showing that product when it returns, not another one back since", async () => {
    const s = await shop();
    const product = (id: string, title: string, status: string) => ({
      id,
      title,
      url: `https://shop.test/p/${id}`,
      currency: "USD",
      status,
      defaultImageUrl: `https://cdn.shop.test/${id}.jpg`,
      variants: [{ id: `${id}-v`, title: "Default", url: `https://shop.test/p/${id}`, price: 25 }],
    });
    await created(await s.call("/api/products", { body: product("shoes", "Blue shoes", "outOfStock") }));
    await created(await s.call("/api/products", { body: product("boots", "Red boots", "outOfStock") }));
    await subscriber(s, "eve");
    // Eve viewed the shoes now and the boots 40 days ago (past the trigger's 30 days: the boots do not enroll her).
    await sendEvent(s, "viewed product", "eve", { productID: "boots", productTitle: "Red boots" }, new Date(Date.now() - 40 * DAY));
    await sendEvent(s, "viewed product", "eve", { productID: "shoes", productTitle: "Blue shoes" });
    await until(
      () => delivery.lib.db.contactEvent.count({ where: { brandId: s.brandId } }),
      (n) => n === 2,
    );
    const a = await fromStarter(s, "back-in-stock");
    await pass(new Date()); // the timer's first run
    await created(await s.call("/api/products/shoes", { method: "PUT", body: product("shoes", "Blue shoes", "inStock") }), 200);
    await new Promise((r) => setTimeout(r, 20));
    await created(await s.call("/api/products/boots", { method: "PUT", body: product("boots", "Red boots", "inStock") }), 200);
    await pass(later(31_000));
    const mail = await mailTo("eve", "It is back in stock");
    expect(mail.html).toContain("Blue shoes");
    expect(mail.html).toContain("https://cdn.shop.test/shoes.jpg");
    expect(mail.html).not.toContain("Red boots");
    expect(await enrollments(a.id)).toHaveLength(1);
  });

  it("post-purchase: a week after an order, the email showing that order's items (not a later order's)", async () => {
    const s = await shop();
    const a = await fromStarter(s, "post-purchase");
    await subscriber(s, "finn");
    const order = (orderID: string, productID: string, productTitle: string) => ({
      orderID,
      value: 24,
      currency: "USD",
      lineItems: [{ productID, productTitle, productPrice: 12, productQuantity: 2, productURL: `https://shop.test/p/${productID}` }],
    });
    await sendEvent(s, "placed order", "finn", order("o-1", "mug", "Blue mug"));
    await until(
      async () => (await pass(new Date()), enrollments(a.id)),
      (e) => e.length === 1 && e[0].blockId === a.blocks[0].id,
    );
    // A second order during the week: Finn is in the workflow already, so it starts nothing.
    await sendEvent(s, "placed order", "finn", order("o-2", "teapot", "Red teapot"));
    await until(
      async () => (
        await pass(new Date()),
        delivery.lib.db.automationCounter.findMany({ where: { automationId: a.id, metric: "skipped:already-in-workflow" } })
      ),
      (c) => c.length === 1,
    );
    await pass(later(7 * DAY - HOUR));
    expect(await queued(a.id)).toBe(0); // nothing handed to the pipeline yet
    await pass(later(7 * DAY + MINUTE));
    const mail = await mailTo("finn", "How is everything, Finn?");
    expect(mail.html).toContain("Blue mug");
    expect(mail.html).not.toContain("Red teapot");
  });

  it("win-back: eight weeks without an order, the personal code", async () => {
    const s = await shop();
    const a = await fromStarter(s, "win-back");
    await subscriber(s, "gus");
    await sendEvent(s, "placed order", "gus", { orderID: "o-9", value: 10, lineItems: [{ productID: "tea", productQuantity: 1 }] });
    await enrolled(a.id);
    await pass(later(8 * 7 * DAY - HOUR));
    expect(await queued(a.id)).toBe(0); // nothing handed to the pipeline yet
    await pass(later(8 * 7 * DAY + MINUTE));
    await mailTo("gus", "We miss you, Gus");
    expect(await subjectsTo("gus")).toEqual(["We miss you, Gus"]);
  });

  it("birthday: the gift on the contact's birthday (the brand's zone, UTC here), not before", async () => {
    const s = await shop();
    // One clock reading for "tomorrow" and the first run, so a test running over midnight stays consistent; a
    // leap birth year, so tomorrow may be 29 February.
    const start = new Date();
    const tomorrow = new Date(start.getTime() + DAY);
    const md = `${String(tomorrow.getUTCMonth() + 1).padStart(2, "0")}-${String(tomorrow.getUTCDate()).padStart(2, "0")}`;
    await subscriber(s, "hana", { birthdate: `1992-${md}` });
    const a = await fromStarter(s, "birthday");
    await pass(start);
    const midnight = Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate());
    await pass(new Date(midnight - HOUR));
    expect(await enrollments(a.id)).toEqual([]);
    await pass(new Date(midnight + HOUR + 1000));
    await mailTo("hana", "Happy birthday, Hana!");
    expect(await subjectsTo("hana")).toEqual(["Happy birthday, Hana!"]);
  });
});

describe("removeTag at run time", () => {
  it("takes the tag off the contact when the journey reaches the block, and leaves the others", async () => {
    const s = await shop();
    const ivy = await subscriber(s, "ivy", { tags: ["prospect", "newsletter"] });
    const a = await created(
      await s.call("/api/automations", {
        body: {
          name: "Converted",
          trigger: { condition: { event: "became customer", origin: "api" } },
          blocks: [
            { temporaryID: "wait", type: "delay", delay: { mode: "duration", duration: { amount: 1, units: "d" } } },
            { temporaryID: "untag", type: "action", action: { type: "removeTag", removeTag: { value: "prospect" } } },
          ],
        },
      }),
    );
    await created(await s.call(`/api/automations/${a.id}/enable`, { method: "POST", body: {} }), 200);
    const res = await s.call("/api/events", {
      body: { eventName: "became customer", origin: "api", contact: { email: "ivy@inbox.test" }, properties: {} },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await until(
      async () => (await pass(new Date()), enrollments(a.id)),
      (e) => e.length === 1 && e[0].blockId === a.blocks[0].id,
    );
    await pass(later(DAY + MINUTE));
    expect((await enrollments(a.id)).map((e) => e.status)).toEqual(["completed"]);
    const contact = await created(await s.call(`/api/contacts/${ivy}`), 200);
    expect([...contact.tags].sort()).toEqual(["newsletter"]);
  });
});

describe("a journey's waiting until", () => {
  it("GET /api/contacts/{id}/automations shows the contact waiting at the delay, with the time the wait ends", async () => {
    const s = await shop();
    const jo = await subscriber(s, "jo");
    const a = await created(
      await s.call("/api/automations", {
        body: {
          name: "Three days",
          trigger: { condition: { event: "joined club", origin: "api" } },
          blocks: [
            { temporaryID: "wait", type: "delay", delay: { mode: "duration", duration: { amount: 3, units: "d" } } },
            { temporaryID: "tag", type: "action", action: { type: "addTag", addTag: { value: "member" } } },
          ],
        },
      }),
    );
    await created(await s.call(`/api/automations/${a.id}/enable`, { method: "POST", body: {} }), 200);
    const before = Date.now();
    const res = await s.call("/api/events", {
      body: { eventName: "joined club", origin: "api", contact: { email: "jo@inbox.test" }, properties: {} },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    // The server's worker takes the contact to the delay.
    const [row] = await until(
      () => enrollments(a.id),
      (e) => e.length === 1 && e[0].blockId === a.blocks[0].id,
    );
    const after = Date.now();
    const { journeys } = await created(await s.call(`/api/contacts/${jo}/automations`), 200);
    expect(journeys).toHaveLength(1);
    expect(journeys[0]).toMatchObject({
      automationID: a.id,
      status: "active",
      started: true,
      blockID: a.blocks[0].id,
      blockLabel: "Wait 3 days",
      waitingUntil: row.dueAt!.toISOString(),
    });
    const until3d = Date.parse(journeys[0].waitingUntil);
    expect(until3d).toBeGreaterThanOrEqual(before + 3 * DAY - 1000);
    expect(until3d).toBeLessThanOrEqual(after + 3 * DAY);
  });
});
