// Helpers for render tests: templates through the API, events through POST /api/events and the
// server's own worker (the same code path as production), then waiting until the worker is done.
import { createHash } from "node:crypto";
import { expect } from "vitest";
import { db } from "@/lib/db";
import { api, json } from "./helpers";

/**
 * Render tests name their nodes ("greeting", "cta"); node ids are 24 hexadecimal characters as
 * published, so each name becomes a stable hex id (the same name, the same id).
 */
export function hexIds<T>(doc: T): T {
  const walk = (v: unknown, key?: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x));
    // a filter rule's property id names a contact property, not a node
    if (key === "property") return v;
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    if (key === "id" && typeof v === "string" && !/^[0-9a-f]{24}$/i.test(v)) return createHash("sha1").update(v).digest("hex").slice(0, 24);
    return v;
  };
  return walk(doc) as T;
}

export async function createTemplate(key: string, body: Record<string, unknown>): Promise<{ id: string; updatedAt: string }> {
  const res = await api("/api/email-templates", { key, body: hexIds({ name: "Render test", ...body }) });
  const created = await json(res);
  expect(res.status, JSON.stringify(created)).toBe(201);
  return created;
}

/** Renders; a 200's `warnings` (a JSON-encoded string, every value of the map being a string) comes back decoded. */
export async function render(key: string, templateId: string, body?: unknown) {
  const res = await api(`/api/email-templates/${templateId}/render`, { key, method: "POST", body });
  const parsed = await json(res.clone());
  if (res.status === 200) {
    expect(
      Object.values(parsed).every((v) => typeof v === "string"),
      "every value of a render is a string",
    ).toBe(true);
    parsed.warnings = JSON.parse(parsed.warnings);
  }
  return { res, body: parsed };
}

type EventBody = { eventName: string; eventVersion?: string; email: string; properties: Record<string, unknown>; minutesAgo?: number };

/** Sends recommended events one by one (202 each), then waits until the worker processed all of them. */
export async function sendEvents(key: string, brandId: string, events: EventBody[]): Promise<void> {
  for (const e of events) {
    const res = await api("/api/events", {
      key,
      body: {
        eventName: e.eventName,
        eventVersion: e.eventVersion ?? "v1",
        origin: "api",
        contact: { email: e.email },
        properties: e.properties,
        ...(e.minutesAgo !== undefined ? { eventTime: new Date(Date.now() - e.minutesAgo * 60_000).toISOString() } : {}),
      },
    });
    expect(res.status, await res.clone().text()).toBe(202);
  }
  await waitForWorker(brandId);
}

export async function waitForWorker(brandId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const pending = await db.eventInbox.count({ where: { brandId, status: "pending" } });
    if (pending === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the events worker did not finish in 30 s");
}

export async function contactIdOf(brandId: string, email: string): Promise<string> {
  const identifier = await db.contactIdentifier.findFirstOrThrow({
    where: { brandId, type: "email", value: email.toLowerCase() },
    select: { contactId: true },
  });
  return identifier.contactId;
}

export const viewed = (email: string, productID: string, extra: Record<string, unknown> = {}, minutesAgo?: number): EventBody => ({
  eventName: "viewed product",
  email,
  minutesAgo,
  properties: { productID, productTitle: `Product ${productID}`, url: `https://shop.example.com/p/${productID}`, ...extra },
});

export const line = (productID: string, quantity = 1, price = 10, categories?: string[]) => ({
  productID,
  productTitle: `Product ${productID}`,
  productPrice: price,
  productQuantity: quantity,
  productURL: `https://shop.example.com/p/${productID}`,
  productImageURL: `https://cdn.example.com/${productID}.png`,
  ...(categories ? { categories } : {}),
});

export const ordered = (email: string, orderID: string, lineItems: ReturnType<typeof line>[], minutesAgo?: number): EventBody => ({
  eventName: "placed order",
  email,
  minutesAgo,
  properties: { orderID, currency: "USD", value: lineItems.reduce((s, i) => s + i.productPrice * i.productQuantity, 0), lineItems },
});

export const addedToCart = (email: string, lineItems: ReturnType<typeof line>[], minutesAgo?: number): EventBody => ({
  eventName: "added product to cart",
  email,
  minutesAgo,
  properties: { cartID: "cart-1", currency: "USD", abandonedCheckoutURL: "https://shop.example.com/checkout/abc", lineItems },
});
