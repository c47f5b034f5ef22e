// Automations end to end through the built server, on real time: events sent through POST /api/events,
// the server's own events and automations workers, one-minute delays and inactivity, and a webhook
// receiver in this process as what the workflow does (AUTOMATIONS_WEBHOOK_ALLOWED_HOSTS lets the server
// call 127.0.0.1). Each test waits a minute or two, so they run side by side.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createTestBrand, json, type TestBrand } from "./helpers";

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
  lineItems: [{ productID: `p-${cartID}`, productTitle: `Product of ${cartID}`, productPrice: value, productQuantity: 1 }],
});

describe.concurrent("one-minute flows through the server", () => {
  it("an abandoned cart starts the flow once, a minute after the last cart update, with that cart", async () => {
    const brand = await createTestBrand();
    const path = `/cart-${brand.brandId}`;
    await enabledWorkflow(brand, {
      trigger: {
        condition: { event: "added product to cart", origin: "api" },
        inactivitySettings: { duration: { amount: 1, units: "m" } },
      },
      blocks: [hook("h", path, '{"cart":"[[event.cartID]]","value":"[[event.value]]","email":"[[contact.email]]"}')],
      settings: { sendingThresholds: { email: "all", sms: "subscribed" } },
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
});
