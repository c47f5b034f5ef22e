// Automations end to end through the built server, on real time: events sent through POST /api/events,
// the server's own events, automations and delivery workers, one-minute delays and inactivity, and as
// what the workflow does a webhook receiver in this process (AUTOMATIONS_WEBHOOK_ALLOWED_HOSTS lets the
// server call 127.0.0.1) and emails read back from the built-in outbox (the test server has no SMTP_HOST),
// opened through their tracking pixel as a person's mail client would. Each test waits a minute or two, so
// they run side by side.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlReader } from "@/lib/db/sql";
import { api, createTestBrand, json, type TestBrand } from "./helpers";
import { createTemplate } from "./render-helpers";

type Hit = { path: string; body: any; headers: http.IncomingHttpHeaders; at: number };
let receiver: http.Server;
let base: string;
const hits: Hit[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      hits.push({ path: req.url ?? "", body: JSON.parse(body || "null"), headers: req.headers, at: Date.now() });
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const hitsAt = (path: string) => hits.filter((h) => h.path === path);

function hook(id: string, path: string, body: string) {
  return { temporaryID: id, type: "action", action: { type: "sendWebhook", sendWebhook: { callbackUrl: `${base}${path}`, body } } };
}

async function enabledWorkflow(brand: TestBrand, body: Record<string, unknown>) {
  const created = await api("/api/automations", { key: brand.key, body: { name: "Flow", ...body } });
  const automation = await json(created);
  expect(created.status, JSON.stringify(automation)).toBe(201);
  const enabled = await api(`/api/automations/${automation.id}/enable`, { key: brand.key, method: "POST" });
  expect(enabled.status).toBe(200);
  return automation;
}

const RECOMMENDED = new Set(["added product to cart", "started checkout", "placed order"]);

async function sendEvent(brand: TestBrand, eventName: string, email: string, properties: object = {}, eventTime?: Date) {
  const res = await api("/api/events", {
    key: brand.key,
    body: {
      eventName,
      origin: "api",
      ...(RECOMMENDED.has(eventName) ? { eventVersion: "v1" } : {}),
      contact: { email },
      properties,
      ...(eventTime ? { eventTime: eventTime.toISOString() } : {}),
    },
  });
  expect(res.status, await res.clone().text()).toBe(202);
}

const cart = (cartID: string, value: number) => ({
  cartID,
  value,
  currency: "EUR",
  lineItems: [
    {
      productID: `p-${cartID}`,
      productTitle: `Product of ${cartID}`,
      productPrice: value,
      productQuantity: 1,
      productURL: `https://shop.example/products/${cartID}`,
      productImageURL: `https://cdn.shop.example/${cartID}.png`,
    },
  ],
});

/** A contact subscribed to email (the workflow's default sending threshold); its id. */
async function subscribed(brand: TestBrand, email: string): Promise<string> {
  const res = await api("/api/contacts", {
    key: brand.key,
    body: { identifiers: [{ type: "email", id: email, channels: { email: { status: "subscribed" } } }] },
  });
  const created = await json(res);
  expect([200, 201], JSON.stringify(created)).toContain(res.status);
  return created.id;
}

const emailBlock = (id: string, templateID: string, subject: string) => ({
  temporaryID: id,
  type: "action",
  action: { type: "sendEmail", sendEmail: { templateID, language: "en_US", subject, preheader: "", senderName: "Shop" } },
});

const textTemplate = (brand: TestBrand, text: string) =>
  createTemplate(brand.key, {
    name: text,
    sections: [{ id: "s", rows: [{ id: "r", columns: [{ id: "c", blocks: [{ id: "t", type: "text", text: `<p>${text}</p>` }] }] }] }],
  });

type Sent = { id: string; contactID: string; status: string; part: string; subject?: string };
/** The workflow's messages in the outbox once `count` of them were sent (read once a second: the API's rate limit). */
async function sentMessages(brand: TestBrand, automationId: string, count: number, timeoutMs = 120_000): Promise<Sent[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(`/api/messages?sourceKind=automation&sourceID=${automationId}`, { key: brand.key });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    const messages = body.messages as Sent[];
    if (messages.filter((m) => m.status === "sent").length >= count) return messages;
    if (Date.now() > deadline) {
      const enrollments = await sqlReader().all(
        `SELECT "status", "blockId", "attempts", "lastError" FROM "AutomationEnrollment" WHERE "automationId" = ?`,
        [automationId],
      );
      throw new Error(`timed out waiting for ${count} sent: ${JSON.stringify({ messages, enrollments })}`);
    }
    await sleep(1000);
  }
}

const bodyOf = async (brand: TestBrand, messageId: string) =>
  (await json(await api(`/api/messages/${messageId}`, { key: brand.key }))).body as { html: string; text: string };

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

describe.concurrent("one-minute flows through the server", () => {
  it("an abandoned cart starts the flow once, a minute after the last cart update, and is one email holding that cart", async () => {
    const brand = await createTestBrand();
    const path = `/cart-${brand.brandId}`;
    const { id: cartTemplate } = await createTemplate(brand.key, {
      name: "Your cart",
      sections: [
        {
          id: "cart",
          type: "product_cart_recovery",
          rows: [{ id: "cr", columns: [{ id: "cc", blocks: [{ id: "p1", type: "product", product: {} }] }] }],
        },
      ],
    });
    await subscribed(brand, "shopper@example.com");
    const automation = await enabledWorkflow(brand, {
      trigger: {
        condition: { event: "added product to cart", origin: "api" },
        inactivitySettings: { duration: { amount: 1, units: "m" } },
      },
      blocks: [
        hook("h", path, '{"cart":"[[event.cartID]]","value":"[[event.value]]","email":"[[contact.email]]"}'),
        emailBlock("mail", cartTemplate, "You left something"),
      ],
    });
    const started = Date.now();
    await sendEvent(brand, "added product to cart", "shopper@example.com", cart("c1", 20));
    await sleep(15_000);
    await sendEvent(brand, "added product to cart", "shopper@example.com", cart("c2", 45));
    const updated = Date.now();
    await sleep(45_000);
    expect(hitsAt(path)).toEqual([]); // a minute after the first update, but not after the last
    for (let i = 0; i < 60 && hitsAt(path).length === 0; i++) await sleep(1000);
    const [hit] = hitsAt(path);
    expect(hit?.body).toEqual({ cart: "c2", value: "45", email: "shopper@example.com" });
    expect(hit.at - updated).toBeGreaterThanOrEqual(59_000);
    expect(hit.at - started).toBeGreaterThanOrEqual(74_000);
    await sleep(5000);
    expect(hitsAt(path)).toHaveLength(1);
    const messages = await sentMessages(brand, automation.id, 1);
    expect(messages).toHaveLength(1);
    const { html } = await bodyOf(brand, messages[0].id);
    expect(html).toContain("cdn.shop.example/c2.png"); // the cart's product, shown by its picture
    expect(html).toContain("Product of c2");
    expect(html).not.toContain("cdn.shop.example/c1.png");
    // The contact's journey names what was sent.
    const journeys = await json(await api(`/api/contacts/${messages[0].contactID}/automations`, { key: brand.key }));
    expect(journeys.journeys).toHaveLength(1);
    expect(journeys.journeys[0]).toMatchObject({ automationID: automation.id, status: "completed", triggeredBy: "added product to cart" });
    const steps = journeys.journeys[0].steps.map((s: { kind: string; subject: string | null }) => [s.kind, s.subject]);
    expect(steps.sort()).toEqual([
      ["sendEmail", "You left something"],
      ["sendWebhook", null],
    ]);
  }, 240_000);

  it("an order placed during the wait takes the contact out; a contact who did not order goes on", async () => {
    const brand = await createTestBrand();
    const path = `/exit-${brand.brandId}`;
    await enabledWorkflow(brand, {
      trigger: { condition: { event: "started checkout", origin: "api" } },
      blocks: [
        { temporaryID: "wait", type: "delay", delay: { mode: "duration", duration: { amount: 1, units: "m" } } },
        hook("h", path, '{"email":"[[contact.email]]"}'),
      ],
      exitConditions: [{ event: "placed order", origin: "api" }],
    });
    const checkout = { cartID: "c", value: 10, lineItems: [{ productID: "p", productQuantity: 1 }] };
    await sendEvent(brand, "started checkout", "buyer@example.com", checkout);
    await sendEvent(brand, "started checkout", "browser@example.com", checkout);
    await sleep(10_000);
    await sendEvent(brand, "placed order", "buyer@example.com", {
      orderID: "o-1",
      value: 10,
      lineItems: [{ productID: "p", productQuantity: 1 }],
    });
    for (let i = 0; i < 90 && hitsAt(path).length === 0; i++) await sleep(1000);
    await sleep(5000);
    expect(hitsAt(path).map((h) => h.body.email)).toEqual(["browser@example.com"]);
  }, 240_000);

  it("frequency once holds: the second trigger a minute later starts nothing", async () => {
    const brand = await createTestBrand();
    const path = `/once-${brand.brandId}`;
    await enabledWorkflow(brand, {
      trigger: { condition: { event: "joined club", origin: "api" } },
      blocks: [hook("h", path, '{"email":"[[contact.email]]"}')],
      settings: { frequencyLimiter: { mode: "once" } },
    });
    await sendEvent(brand, "joined club", "member@example.com");
    for (let i = 0; i < 30 && hitsAt(path).length === 0; i++) await sleep(500);
    expect(hitsAt(path)).toHaveLength(1);
    await sleep(60_000);
    await sendEvent(brand, "joined club", "member@example.com");
    await sleep(10_000);
    expect(hitsAt(path)).toHaveLength(1);
  }, 240_000);

  it("a journey lists the steps one walk ran in the flow's order, a block added later (a later id) among them", async () => {
    const brand = await createTestBrand();
    const tag = (value: string) => ({ type: "action", action: { type: "addTag", addTag: { value } } });
    const created = await api("/api/automations", {
      key: brand.key,
      body: {
        name: "Steps",
        trigger: { condition: { event: "joined club", origin: "api" } },
        blocks: [tag("one"), tag("three")].map((b, i) => ({ ...b, temporaryID: `t${i}` })),
      },
    });
    const draft = await json(created);
    expect(created.status, JSON.stringify(draft)).toBe(201);
    const [one, three] = draft.blocks as { id: string }[];
    const put = await api(`/api/automations/${draft.id}/blocks`, {
      key: brand.key,
      method: "PUT",
      body: {
        blocks: [
          { id: one.id, ...tag("one") },
          { temporaryID: "two", ...tag("two") },
          { id: three.id, ...tag("three") },
        ],
      },
    });
    const edited = await json(put);
    expect(put.status, JSON.stringify(edited)).toBe(200);
    const flow = (edited.blocks as { id: string }[]).map((b) => b.id);
    expect(flow[1] > flow[2], "the block added later has the later id").toBe(true);
    expect((await api(`/api/automations/${draft.id}/enable`, { key: brand.key, method: "POST" })).status).toBe(200);
    const contactId = await subscribed(brand, "walker@example.com");
    await sendEvent(brand, "joined club", "walker@example.com");
    let journeys: { status: string; steps: { blockID: string; at: string }[] }[] = [];
    for (let i = 0; i < 60 && journeys[0]?.status !== "completed"; i++) {
      await sleep(500);
      journeys = (await json(await api(`/api/contacts/${contactId}/automations`, { key: brand.key }))).journeys;
    }
    expect(journeys[0]?.status, JSON.stringify(journeys)).toBe("completed");
    const { steps } = journeys[0];
    expect(new Set(steps.map((s) => s.at)).size, "one walk ran the three").toBe(1);
    expect(steps.map((s) => s.blockID)).toEqual(flow);
  }, 120_000);

  it("a historical event triggers nothing; the same event in real time does", async () => {
    const brand = await createTestBrand();
    const path = `/historical-${brand.brandId}`;
    await enabledWorkflow(brand, {
      trigger: { condition: { event: "joined club", origin: "api" } },
      blocks: [hook("h", path, '{"email":"[[contact.email]]"}')],
    });
    await sendEvent(brand, "joined club", "old@example.com", {}, new Date(Date.now() - 2 * 24 * 3_600_000));
    await sendEvent(brand, "joined club", "now@example.com");
    for (let i = 0; i < 30 && hitsAt(path).length === 0; i++) await sleep(500);
    await sleep(5000);
    expect(hitsAt(path).map((h) => h.body.email)).toEqual(["now@example.com"]);
  }, 120_000);

  it("a split on 'opened the first email' sends who opened it one way and who did not the other", async () => {
    const brand = await createTestBrand();
    const { id: first } = await textTemplate(brand, "Welcome to the club");
    const openerId = await subscribed(brand, "opener@example.com");
    await subscribed(brand, "ignorer@example.com");
    const automation = await enabledWorkflow(brand, {
      trigger: { condition: { event: "joined club", origin: "api" } },
      blocks: [
        emailBlock("first", first, "Welcome"),
        { temporaryID: "wait", type: "delay", delay: { mode: "duration", duration: { amount: 1, units: "m" } } },
        {
          temporaryID: "opened?",
          type: "split",
          split: {
            filterGroup: {
              logicalOperator: "and",
              filters: [{ type: "message", field: "blockID", operator: "openedEmail", value: "first" }],
            },
            trueBlocks: [hook("yes", `/opened-${brand.brandId}`, '{"email":"[[contact.email]]"}')],
            falseBlocks: [hook("no", `/not-opened-${brand.brandId}`, '{"email":"[[contact.email]]"}')],
          },
        },
      ],
    });
    const started = Date.now();
    await sendEvent(brand, "joined club", "opener@example.com");
    await sendEvent(brand, "joined club", "ignorer@example.com");
    const messages = await sentMessages(brand, automation.id, 2, 50_000);
    const opener = messages.find((m) => m.contactID === openerId)!;
    const pixel = /src="(http:\/\/[^"]+\/email\/o\/[^"]+)"/.exec((await bodyOf(brand, opener.id)).html)![1];
    await sleep(3000); // a person opens it later than a mail server's prefetch would
    expect((await fetch(pixel, { headers: { "User-Agent": BROWSER } })).status).toBe(200);
    const opened = `/opened-${brand.brandId}`;
    const notOpened = `/not-opened-${brand.brandId}`;
    for (let i = 0; i < 120 && hitsAt(opened).length + hitsAt(notOpened).length < 2; i++) await sleep(1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(60_000);
    expect(hitsAt(opened).map((h) => h.body.email)).toEqual(["opener@example.com"]);
    expect(hitsAt(notOpened).map((h) => h.body.email)).toEqual(["ignorer@example.com"]);
    // The figures the list and the canvas show: two entered and finished, two emails sent, one opened; each
    // branch taken once, each of its webhooks reached once.
    const list = await json(await api(`/api/automations/figures?id=${automation.id}`, { key: brand.key }));
    expect(list.figures).toEqual([
      expect.objectContaining({
        automationID: automation.id,
        entered: 2,
        inProgress: 0,
        completed: 2,
        emailsQueued: 2,
        emailsSent: 2,
        emailsOpened: 1,
        emailsClicked: 0,
      }),
    ]);
    const canvas = await json(await api(`/api/automations/${automation.id}/figures`, { key: brand.key }));
    const [firstEmail, wait, split] = automation.blocks.map((b: { id: string }) => b.id);
    const byBlock = Object.fromEntries(canvas.blocks.map((b: { blockID: string }) => [b.blockID, b]));
    expect(byBlock[firstEmail]).toMatchObject({ reached: 2, emails: { sent: 2, opened: 1, clicked: 0 } });
    expect(byBlock[wait]).toMatchObject({ reached: 2, waiting: 0, emails: null });
    expect(byBlock[split]).toMatchObject({ reached: 2, outcomes: { true: 1, false: 1 } });
  }, 240_000);
});

describe("simulate before enabling", () => {
  it("counts who would have entered, reached each block and been skipped, from the stored events, writing and sending nothing", async () => {
    const brand = await createTestBrand();
    const { id: templateID } = await textTemplate(brand, "Thanks for your order");
    const a = await subscribed(brand, "sim-a@example.com");
    const c = await subscribed(brand, "sim-c@example.com");
    await sendEvent(brand, "sim order", "sim-a@example.com", { value: 150 });
    await sendEvent(brand, "sim order", "sim-b@example.com", { value: 50 }); // below the trigger's filter
    await sendEvent(brand, "sim order", "sim-c@example.com", { value: 200 });
    await sendEvent(brand, "sim order", "sim-c@example.com", { value: 250 }); // still in the workflow from the first
    await sendEvent(brand, "sim order", "sim-d@example.com", { value: 300 }); // not subscribed: the email is skipped
    const res = await api("/api/automations", {
      key: brand.key,
      body: {
        name: "Simulated",
        trigger: {
          condition: {
            event: "sim order",
            origin: "api",
            filterGroups: [{ logicalOperator: "and", filters: [{ field: "value", operator: "gt", value: 100 }] }],
          },
        },
        blocks: [
          emailBlock("mail", templateID, "Thanks"),
          { temporaryID: "wait", type: "delay", delay: { mode: "duration", duration: { amount: 1, units: "d" } } },
          { temporaryID: "tag", type: "action", action: { type: "addTag", addTag: { value: "simulated" } } },
        ],
      },
    });
    const automation = await json(res);
    expect(res.status, JSON.stringify(automation)).toBe(201);
    const [mail, wait, tag] = automation.blocks.map((b: { id: string }) => b.id);
    const simulate = async () => {
      const answer = await api(`/api/automations/${automation.id}/simulate`, { key: brand.key, body: { days: 7 } });
      const body = await json(answer);
      expect(answer.status, JSON.stringify(body)).toBe(200);
      return body;
    };
    // The events worker stores the events in a moment: simulate until the four that pass the filter are there.
    await expect.poll(async () => (await simulate()).triggers, { timeout: 30_000, interval: 500 }).toBe(4);
    const result = await simulate();
    expect(result).toMatchObject({ entered: 3, completed: 0, exited: 0, canceled: 0, stillIn: 3, skipped: { "already-in-workflow": 1 } });
    const byBlock = Object.fromEntries(result.blocks.map((b: { blockID: string }) => [b.blockID, b]));
    expect(byBlock[mail]).toMatchObject({ reached: 3, waiting: 0, outcomes: { wouldSend: 2, notSubscribed: 1 } });
    expect(byBlock[wait]).toMatchObject({ reached: 3, waiting: 3 });
    expect(byBlock[tag] ?? { reached: 0 }).toMatchObject({ reached: 0 });
    expect(result.samples.skipped).toEqual([{ contactID: c, email: "sim-c@example.com", reason: "already-in-workflow" }]);
    expect(result.samples.entered.map((s: { email: string }) => s.email).sort()).toEqual([
      "sim-a@example.com",
      "sim-c@example.com",
      "sim-d@example.com",
    ]);
    // Nothing was written or sent.
    const journeys = await json(await api(`/api/contacts/${a}/automations`, { key: brand.key }));
    expect(journeys.journeys).toEqual([]);
    const messages = await json(await api(`/api/messages?sourceKind=automation&sourceID=${automation.id}`, { key: brand.key }));
    expect(messages.messages).toEqual([]);
  });
  it("asks the pipeline's recipient rule with each email step's topic: a contact who left the topic or never chose it is not sent to", async () => {
    const brand = await createTestBrand();
    const { id: templateID } = await textTemplate(brand, "Topic news");
    const topic = await json(await api("/api/subscription-topics", { key: brand.key, body: { name: "News", kind: "marketing" } }));
    const choose = async (email: string, status?: "subscribed" | "unsubscribed") => {
      const id = await subscribed(brand, email);
      if (!status) return id;
      const put = await api(`/api/contacts/${id}/subscription-topics`, {
        key: brand.key,
        method: "PUT",
        body: { topics: [{ topicID: topic.id, status }] },
      });
      expect(put.status, JSON.stringify(await json(put))).toBe(200);
      return id;
    };
    await choose("topic-in@example.com", "subscribed");
    const left = await choose("topic-left@example.com", "unsubscribed");
    const never = await choose("topic-never@example.com");
    for (const email of ["topic-in@example.com", "topic-left@example.com", "topic-never@example.com"])
      await sendEvent(brand, "topic sim", email);
    const forTopic = emailBlock("news", templateID, "News");
    forTopic.action.sendEmail = { ...forTopic.action.sendEmail, topicID: topic.id, isSkipAllowed: true } as never;
    const res = await api("/api/automations", {
      key: brand.key,
      body: {
        name: "Topic simulation",
        trigger: { condition: { event: "topic sim", origin: "api" } },
        blocks: [forTopic, emailBlock("all", templateID, "For everyone")],
      },
    });
    const automation = await json(res);
    expect(res.status, JSON.stringify(automation)).toBe(201);
    const [news, all] = automation.blocks.map((b: { id: string }) => b.id);
    const simulate = async () => json(await api(`/api/automations/${automation.id}/simulate`, { key: brand.key, body: { days: 7 } }));
    await expect.poll(async () => (await simulate()).triggers, { timeout: 30_000, interval: 500 }).toBe(3);
    const result = await simulate();
    const byBlock = Object.fromEntries(result.blocks.map((b: { blockID: string }) => [b.blockID, b]));
    // The real engine (decide() in lib/delivery/eligibility.ts) sends the topic's email to its subscriber only.
    expect(byBlock[news].outcomes).toEqual({ wouldSend: 1, unsubscribedFromTopic: 1, notSubscribedToTopic: 1 });
    // The step without a topic reaches all three (the topic's email may be skipped).
    expect(byBlock[all].outcomes).toEqual({ wouldSend: 3 });
    expect(result).toMatchObject({ entered: 3, completed: 3, canceled: 0 });
    // The reasons read as the workflow's history records them.
    expect(result.samples.notSent).toEqual(
      expect.arrayContaining([
        { contactID: left, email: "topic-left@example.com", blockID: news, reason: "suppressed:unsubscribed-from-topic" },
        { contactID: never, email: "topic-never@example.com", blockID: news, reason: "not-subscribed-to-topic" },
      ]),
    );
    expect(result.samples.notSent).toHaveLength(2);
  });
});
