// POST /api/events and what processing does with an event: every rule of the spec and the contract,
// each with the exact problem, over HTTP against the built server (its in-process worker processes).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, baseUrl, createSession, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";

let brand: TestBrand;

beforeAll(async () => {
  brand = await createTestBrand();
});

const viewed = (email: string, extra: Record<string, unknown> = {}) => ({
  eventName: "viewed product",
  eventVersion: "v1",
  origin: "api",
  contact: { email },
  properties: { productID: "sku-1", productTitle: "Shirt", url: "https://shop.example.com/p/sku-1" },
  ...extra,
});

const post = (body: unknown, key = brand.key, headers: Record<string, string> = {}) => api("/api/events", { key, body, headers });
const email = () => `ev-${randomUUID().slice(0, 8)}@example.com`;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the worker has finished with the given inbox events. */
const processed = (ids: string[]) =>
  until(
    () => db.eventInbox.findMany({ where: { id: { in: ids } }, select: { id: true, status: true, outcome: true, lastError: true } }),
    (rows) => rows.length === ids.length && rows.every((r) => r.status !== "pending"),
  );

async function contactByEmail(key: string, address: string) {
  const body = await json(await api(`/api/contacts?email=${encodeURIComponent(address)}`, { key }));
  return body.contacts[0];
}

async function accept(body: unknown, key = brand.key, headers: Record<string, string> = {}): Promise<string> {
  const res = await post(body, key, headers);
  const out = await json(res);
  expect(res.status, JSON.stringify(out)).toBe(202);
  return out.id;
}

describe("POST /api/events: accepted", () => {
  it("answers 202 with the event id, and the event is already stored when the answer arrives", async () => {
    const res = await post(viewed(email()));
    expect(res.status).toBe(202);
    const body = await json(res);
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), status: "accepted" });
    const stored = await db.eventInbox.findUnique({ where: { id: body.id } });
    expect(stored).toMatchObject({
      brandId: brand.brandId,
      eventName: "viewed product",
      eventVersion: "v1",
      origin: "api",
      originInIdentity: true,
    });
  });

  it("a custom event needs no version and takes any properties", async () => {
    await accept({
      eventName: "Wishlist Shared",
      origin: "api",
      contact: { email: email() },
      properties: { anything: { nested: [1, 2] } },
    });
  });

  it("eventTime defaults to the time of arrival", async () => {
    const before = Date.now();
    const id = await accept(viewed(email()));
    const stored = await db.eventInbox.findUniqueOrThrow({ where: { id } });
    expect(stored.eventTime.getTime()).toBe(stored.receivedAt.getTime());
    expect(stored.eventTime.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.historical).toBe(false);
  });

  it("an eventTime with an offset is accepted and stored as that instant", async () => {
    const id = await accept(viewed(email(), { eventTime: "2026-01-10T12:00:00+02:00", eventID: randomUUID() }));
    const stored = await db.eventInbox.findUniqueOrThrow({ where: { id } });
    expect(stored.eventTime.toISOString()).toBe("2026-01-10T10:00:00.000Z");
    expect(stored.historical).toBe(true);
  });
});

describe("POST /api/events: validation", () => {
  it("origin is required on a recommended event", async () => {
    const { origin: _o, ...body } = viewed(email());
    const problem = await expectProblem(await post(body), 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "origin", pointer: "/origin", code: "required" })]);
  });

  it("origin is required on a custom event too", async () => {
    const problem = await expectProblem(await post({ eventName: "custom thing", contact: { email: email() } }), 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "origin", pointer: "/origin", code: "required" })]);
  });

  it("a recommended event needs its eventVersion", async () => {
    const { eventVersion: _v, ...body } = viewed(email());
    const problem = await expectProblem(await post(body), 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "eventVersion", pointer: "/eventVersion", code: "required" })]);
    expect(problem.errors[0].message).toContain("v1");
  });

  it("an unknown version of a recommended event is refused", async () => {
    const problem = await expectProblem(await post(viewed(email(), { eventVersion: "v7" })), 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "eventVersion", pointer: "/eventVersion", code: "invalid_value" })]);
  });

  it("a custom event must not carry eventVersion", async () => {
    const problem = await expectProblem(
      await post({ eventName: "Viewed Product", eventVersion: "v1", origin: "api", contact: { email: email() } }),
      400,
      "validation-failed",
    );
    expect(problem.errors).toEqual([expect.objectContaining({ field: "eventVersion", pointer: "/eventVersion", code: "not_allowed" })]);
  });

  it("eventID must be a UUID", async () => {
    const problem = await expectProblem(await post(viewed(email(), { eventID: "order-17" })), 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "eventID", pointer: "/eventID", code: "invalid_format" })]);
  });

  it("eventTime must be RFC 3339 with a zone", async () => {
    const problem = await expectProblem(await post(viewed(email(), { eventTime: "2026-01-10 12:00:00" })), 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "eventTime", pointer: "/eventTime", code: "invalid_format" })]);
  });

  it("eventTime may not lie more than 5 minutes ahead", async () => {
    const problem = await expectProblem(
      await post(viewed(email(), { eventTime: new Date(Date.now() + 10 * 60_000).toISOString() })),
      400,
      "validation-failed",
    );
    expect(problem.errors).toEqual([expect.objectContaining({ field: "eventTime", pointer: "/eventTime", code: "too_big" })]);
    await accept(viewed(email(), { eventTime: new Date(Date.now() + 60_000).toISOString() }));
  });

  it("contact.phoneNumber is refused with a pointer to contact.phone", async () => {
    const problem = await expectProblem(
      await post(viewed(email(), { contact: { phoneNumber: "+14155552671" } })),
      400,
      "validation-failed",
    );
    expect(problem.errors).toEqual([
      expect.objectContaining({ field: "contact.phoneNumber", pointer: "/contact/phoneNumber", code: "renamed" }),
    ]);
    await accept(viewed(email(), { contact: { phone: "+14155552671" } }));
  });

  it("contact.phone must be an international number", async () => {
    const problem = await expectProblem(await post(viewed(email(), { contact: { phone: "0301234567" } })), 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "contact.phone", pointer: "/contact/phone", code: "invalid_phone" })]);
  });

  it("a contact needs an email or a phone", async () => {
    const problem = await expectProblem(await post(viewed(email(), { contact: { firstName: "Ann" } })), 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "contact.email", pointer: "/contact/email", code: "required" })]);
  });

  it("properties of a recommended event follow its schema (added product to cart)", async () => {
    const body = {
      eventName: "added product to cart",
      eventVersion: "v1",
      origin: "api",
      contact: { email: email() },
      properties: {
        cartID: "c1",
        currency: "EUR",
        value: 10,
        abandonedCheckoutURL: "not a url",
        lineItems: [{ productID: "p1", productQuantity: 1, productPrice: "9.99" }],
      },
    };
    const problem = await expectProblem(await post(body), 400, "validation-failed");
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: "properties.abandonedCheckoutURL",
          pointer: "/properties/abandonedCheckoutURL",
          code: "invalid_format",
        }),
        expect.objectContaining({
          field: "properties.lineItems.productPrice",
          pointer: "/properties/lineItems/0/productPrice",
          code: "invalid_type",
        }),
      ]),
    );
    expect(problem.errors).toHaveLength(2);
    body.properties.abandonedCheckoutURL = "https://shop.example.com/cart/c1";
    body.properties.lineItems[0].productPrice = 9.99 as unknown as string;
    await accept(body);
  });

  it("properties of viewed product need productID", async () => {
    const problem = await expectProblem(
      await post(viewed(email(), { properties: { url: "https://shop.example.com/p/1", productTitle: "Shirt" } })),
      400,
      "validation-failed",
    );
    expect(problem.errors).toEqual([
      expect.objectContaining({ field: "properties.productID", pointer: "/properties/productID", code: "required" }),
    ]);
  });

  it("reports every problem at once", async () => {
    const problem = await expectProblem(
      await post({ eventName: "viewed product", eventID: "x", contact: { phoneNumber: "1" }, properties: {} }),
      400,
      "validation-failed",
    );
    expect(problem.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      "/contact/phoneNumber",
      "/eventID",
      "/eventVersion",
      "/origin",
    ]);
  });

  it("unknown top-level fields are refused", async () => {
    const problem = await expectProblem(await post(viewed(email(), { eventType: "x" })), 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "eventType", pointer: "/eventType", code: "unknown_field" })]);
  });

  it("an unknown compatibility mode is refused", async () => {
    const problem = await expectProblem(await post(viewed(email()), brand.key, { compatibility: "no_origin" }), 400, "bad-request");
    expect(problem.detail).toContain("no-origin");
  });

  it("pipeline rules hold on the fast path: credentials, version, media type, size, method", async () => {
    await expectProblem(await api("/api/events", { body: viewed(email()) }), 401, "unauthorized");
    await expectProblem(await api("/api/events", { key: brand.key, body: viewed(email()), version: null }), 400, "version-required");
    await expectProblem(
      await api("/api/events", { key: brand.key, body: "x=1", headers: { "Content-Type": "text/plain" } }),
      415,
      "unsupported-media-type",
    );
    await expectProblem(await api("/api/events", { key: brand.key, body: "{" }), 400, "invalid-json");
    await expectProblem(
      await api("/api/events", { key: brand.key, body: JSON.stringify({ x: "y".repeat(1024 * 1024) }) }),
      413,
      "payload-too-large",
    );
    const res = await api("/api/events", { key: brand.key });
    await expectProblem(res, 405, "method-not-allowed");
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("a key revoked in the dashboard is refused at once on the fast path", async () => {
    const other = await createTestBrand();
    const session = await createSession(other.brandId);
    await accept(viewed(email()), other.key);
    const [key] = await db.apiKey.findMany({ where: { brandId: other.brandId }, select: { id: true } });
    expect(
      (await api(`/api/api-keys/${key.id}`, { method: "DELETE", cookie: session.cookie, headers: { Origin: baseUrl() } })).status,
    ).toBe(204);
    await expectProblem(await post(viewed(email()), other.key), 401, "unauthorized");
  });
});

describe("GET /api/event-catalog", () => {
  it("lists the recommended events with the spec's property shapes as JSON Schema", async () => {
    const res = await api("/api/event-catalog", { key: brand.key });
    expect(res.status).toBe(200);
    const { events } = await json(res);
    const names = events.map((e: { eventName: string }) => e.eventName);
    for (const name of [
      "viewed product",
      "added product to cart",
      "started checkout",
      "placed order",
      "paid for order",
      "order fulfilled",
      "order canceled",
      "order refunded",
      "viewed page",
    ]) {
      expect(names).toContain(name);
    }
    const cart = events.find((e: { eventName: string }) => e.eventName === "added product to cart");
    expect(cart.eventVersion).toBe("v1");
    expect(Object.keys(cart.properties.properties).sort()).toEqual(["abandonedCheckoutURL", "cartID", "currency", "lineItems", "value"]);
    expect(Object.keys(cart.properties.properties.lineItems.items.properties).sort()).toEqual([
      "productID",
      "productImageURL",
      "productPrice",
      "productQuantity",
      "productTitle",
      "productURL",
    ]);
    expect(cart.properties.properties.lineItems.items.properties.productQuantity.type).toBe("integer");
    const view = events.find((e: { eventName: string }) => e.eventName === "viewed product");
    expect(Object.keys(view.properties.properties).sort()).toEqual(["productID", "productTitle", "url"]);
  });

  it("needs credentials", async () => {
    await expectProblem(await api("/api/event-catalog"), 401, "unauthorized");
  });
});

describe("processing", () => {
  it("creates the contact from the event, then updates it from later events", async () => {
    const address = email();
    const first = await accept(viewed(address, { contact: { email: address, firstName: "Ada", customProperties: { tier: "gold" } } }));
    await processed([first]);
    const created = await contactByEmail(brand.key, address);
    expect(created).toMatchObject({ email: address, firstName: "Ada", customProperties: { tier: "gold" } });
    const second = await accept(
      viewed(address, { contact: { email: address.toUpperCase(), phone: "+14155550123", lastName: "Lovelace" } }),
    );
    await processed([second]);
    const updated = await contactByEmail(brand.key, address);
    expect(updated.id).toBe(created.id);
    expect(updated).toMatchObject({ firstName: "Ada", lastName: "Lovelace", phone: ["+14155550123"] });
    const events = await json(await api(`/api/contacts/${created.id}/events`, { key: brand.key }));
    expect(events.events.map((e: { id: string }) => e.id)).toEqual([second, first]);
    expect(events.events[0]).toMatchObject({
      eventName: "viewed product",
      eventVersion: "v1",
      origin: "api",
      eventID: null,
      properties: { productID: "sku-1" },
    });
  });

  it("shoppers never seen before, created together from one batch, get everything an upsert writes", async () => {
    const own = await createTestBrand();
    const shoppers = Array.from({ length: 20 }, () => email());
    const at = "2026-11-01T10:00:00.000Z";
    const contactOf = (address: string, i: number) => ({
      email: address,
      phone: `+1415555${String(1000 + i)}`,
      firstName: `Shopper ${i}`,
      country: "Germany",
      tags: ["new", `cohort-${i % 2}`],
      customProperties: { visits: i },
      consents: [{ channel: "email", source: "checkout", createdAt: at, ip: "203.0.113.9" }],
      optIns: [{ channel: "email", createdAt: at }],
    });
    // Sent together, so the worker takes most of them in one batch; a second event of the first shopper follows.
    const ids = await Promise.all(shoppers.map((address, i) => accept(viewed(address, { contact: contactOf(address, i) }), own.key)));
    ids.push(await accept(viewed(shoppers[0], { contact: { email: shoppers[0], lastName: "Later" } }), own.key));
    expect((await processed(ids)).every((r) => r.outcome === "processed")).toBe(true);
    for (const [i, address] of shoppers.entries()) {
      const contact = await contactByEmail(own.key, address);
      expect(contact).toMatchObject({
        firstName: `Shopper ${i}`,
        country: "Germany",
        countryCode: "DE",
        customProperties: { visits: i },
        identifiers: expect.arrayContaining([
          expect.objectContaining({ type: "email", id: address, channels: { email: expect.objectContaining({ status: "subscribed" }) } }),
          expect.objectContaining({ type: "phone", id: `+1415555${1000 + i}` }),
        ]),
        consents: [expect.objectContaining({ channel: "email", source: "checkout", ip: "203.0.113.9", createdAt: at })],
        optIns: [expect.objectContaining({ channel: "email", optInAt: at })],
      });
      expect([...contact.tags].sort()).toEqual([`cohort-${i % 2}`, "new"]);
      if (i === 0) expect(contact.lastName).toBe("Later");
    }
    const total = await json(await api("/api/contacts?limit=100", { key: own.key }));
    expect(total.contacts).toHaveLength(shoppers.length);
  });

  it("an event that repeats what the contact already has writes nothing; a changed value is written", async () => {
    const address = email();
    await processed([await accept(viewed(address, { contact: { email: address, firstName: "Grace", city: "Arlington" } }))]);
    const created = await contactByEmail(brand.key, address);
    await new Promise((resolve) => setTimeout(resolve, 20)); // a write would move updatedAt
    await processed([await accept(viewed(address, { contact: { email: address, firstName: "Grace", city: "Arlington" } }))]);
    expect((await contactByEmail(brand.key, address)).updatedAt).toBe(created.updatedAt);
    await processed([await accept(viewed(address, { contact: { email: address, firstName: "Grace", city: "New York" } }))]);
    const moved = await contactByEmail(brand.key, address);
    expect(moved).toMatchObject({ firstName: "Grace", city: "New York" });
    expect(moved.updatedAt > created.updatedAt).toBe(true);
  });

  it("a contact's data from a run of events is written in event order (the last event wins)", async () => {
    const own = await createTestBrand();
    const address = email();
    const others = Array.from({ length: 5 }, () => email());
    const ids: string[] = [];
    // Sent one after another within a few milliseconds: the worker usually claims them in one batch,
    // where contacts are resolved concurrently except for events that share an identifier.
    for (let i = 0; i < 10; i++) {
      ids.push(
        await accept(viewed(address, { contact: { email: address, firstName: `Version ${i}`, customProperties: { step: i } } }), own.key),
      );
      if (i < others.length) ids.push(await accept(viewed(others[i], { contact: { email: others[i], firstName: "Other" } }), own.key));
    }
    await processed(ids);
    const contact = await contactByEmail(own.key, address);
    expect(contact).toMatchObject({ firstName: "Version 9", customProperties: { step: 9 } });
    for (const other of others) expect(await contactByEmail(own.key, other)).toMatchObject({ firstName: "Other" });
  });

  it("events naming one contact by its email or by its phone are applied in event order too", async () => {
    const own = await createTestBrand();
    const address = email();
    const phone = `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
    await processed([await accept(viewed(address, { contact: { email: address, phone, firstName: "Start" } }), own.key)]);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const contact = i % 2 === 0 ? { email: address, firstName: `Version ${i}` } : { phone, firstName: `Version ${i}` };
      ids.push(await accept(viewed(address, { contact }), own.key));
    }
    await processed(ids);
    expect(await contactByEmail(own.key, address)).toMatchObject({ firstName: "Version 9", phone: [phone] });
  });

  it("200 concurrent events for one new contact make one contact with 200 events", async () => {
    const own = await createTestBrand();
    const address = email();
    const ids = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        accept(viewed(address, { contact: { email: address, firstName: "Burst" }, properties: { productID: `sku-${i}` } }), own.key),
      ),
    );
    expect(new Set(ids).size).toBe(200);
    await processed(ids);
    const contacts = await json(await api(`/api/contacts?email=${encodeURIComponent(address)}`, { key: own.key }));
    expect(contacts.contacts).toHaveLength(1);
    expect(await db.contact.count({ where: { brandId: own.brandId } })).toBe(1);
    const events = await json(await api(`/api/contacts/${contacts.contacts[0].id}/events?limit=250`, { key: own.key }));
    expect(events.events).toHaveLength(200);
    expect(new Set(events.events.map((e: { id: string }) => e.id))).toEqual(new Set(ids));
  });

  it("historical events with the same eventID and eventTime are processed once", async () => {
    const address = email();
    const eventID = randomUUID();
    const eventTime = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
    const a = await accept(viewed(address, { eventID, eventTime }));
    const b = await accept(viewed(address, { eventID, eventTime }));
    const c = await accept(viewed(address, { eventID, eventTime: new Date(Date.now() - 24 * 3600_000).toISOString() }));
    const rows = await processed([a, b, c]);
    expect(rows.find((r) => r.id === a)!.outcome).toBe("processed");
    expect(rows.find((r) => r.id === b)!.outcome).toBe("duplicate");
    expect(rows.find((r) => r.id === c)!.outcome).toBe("processed");
    const contact = await contactByEmail(brand.key, address);
    const events = await json(await api(`/api/contacts/${contact.id}/events`, { key: brand.key }));
    expect(events.events.map((e: { id: string }) => e.id).sort()).toEqual([a, c].sort());
  });

  it("real-time events are never deduplicated, even with the same eventID", async () => {
    const address = email();
    const eventID = randomUUID();
    const recent = new Date(Date.now() - 10 * 60_000).toISOString();
    const ids = [
      await accept(viewed(address, { eventID })),
      await accept(viewed(address, { eventID })),
      await accept(viewed(address, { eventID, eventTime: recent })),
      await accept(viewed(address, { eventID, eventTime: recent })),
    ];
    const rows = await processed(ids);
    expect(rows.map((r) => r.outcome)).toEqual(["processed", "processed", "processed", "processed"]);
    const contact = await contactByEmail(brand.key, address);
    const events = await json(await api(`/api/contacts/${contact.id}/events`, { key: brand.key }));
    expect(events.events).toHaveLength(4);
  });

  it("keeps product data from product events", async () => {
    const own = await createTestBrand();
    const address = email();
    const line = {
      productID: "sku-77",
      productTitle: "Linen shirt",
      productPrice: 49.5,
      productQuantity: 2,
      productURL: "https://shop.example.com/p/77",
      productImageURL: "https://cdn.example.com/77.jpg",
    };
    const ids = [
      await accept(
        viewed(address, {
          properties: {
            productID: "sku-77",
            productTitle: "Linen shirt",
            url: "https://shop.example.com/p/77",
            categories: ["shirts", "linen"],
          },
        }),
        own.key,
      ),
      await accept(viewed(address, { properties: { productID: "sku-77" } }), own.key),
      await accept(
        {
          eventName: "placed order",
          eventVersion: "v1",
          origin: "api",
          contact: { email: address },
          properties: { orderID: "o-1", currency: "EUR", value: 99, lineItems: [line] },
        },
        own.key,
      ),
    ];
    await processed(ids);
    const product = await db.product.findUniqueOrThrow({ where: { brandId_productId: { brandId: own.brandId, productId: "sku-77" } } });
    expect(product).toMatchObject({
      title: "Linen shirt",
      price: 49.5,
      currency: "EUR",
      url: "https://shop.example.com/p/77",
      imageUrl: "https://cdn.example.com/77.jpg",
      categories: ["shirts", "linen"],
      viewCount: 2,
      orderCount: 2,
    });
  });

  it("an event whose contact cannot be written is parked with its error, and listed", async () => {
    const own = await createTestBrand();
    const address = email();
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]));
    const ok = await accept(viewed(address, { contact: { email: address, customProperties: many } }), own.key);
    await processed([ok]);
    const bad = await accept(viewed(address, { contact: { email: address, customProperties: { oneTooMany: 1 } } }), own.key);
    const [row] = await processed([bad]);
    expect(row.status).toBe("parked");
    const res = await api("/api/events/parked", { key: own.key });
    expect(res.status).toBe(200);
    const parked = await json(res);
    expect(parked.events).toEqual([
      expect.objectContaining({ id: bad, eventName: "viewed product", lastError: expect.stringContaining("custom properties") }),
    ]);
    expect(parked.events[0].event.contact.customProperties).toEqual({ oneTooMany: 1 });
    // another brand sees none of it
    expect((await json(await api("/api/events/parked", { key: brand.key }))).events.map((e: { id: string }) => e.id)).not.toContain(bad);
  });
});

describe("identities", () => {
  it("counts identities and flags a name sent under two identities (compatibility: no-origin)", async () => {
    const own = await createTestBrand();
    const ids = [
      await accept({ eventName: "Signed Up", origin: "legacy-app", contact: { email: email() } }, own.key, { compatibility: "no-origin" }),
      await accept({ eventName: "Signed Up", origin: "another-app", contact: { email: email() } }, own.key, { compatibility: "no-origin" }),
      await accept(viewed(email()), own.key),
      await accept(viewed(email(), { origin: "shopify-app" }), own.key),
    ];
    const stored = await db.eventInbox.findUniqueOrThrow({ where: { id: ids[0] } });
    expect(stored).toMatchObject({ origin: "legacy-app", originInIdentity: false });
    await processed(ids);
    const res = await api("/api/event-identities", { key: own.key });
    expect(res.status).toBe(200);
    const { identities } = await json(res);
    const signedUp = identities.filter((i: { eventName: string }) => i.eventName === "Signed Up");
    // origin is not part of the identity under no-origin: both apps' events are one identity
    expect(signedUp).toEqual([expect.objectContaining({ origin: null, eventVersion: null, count: 2, conflict: false })]);
    const views = identities.filter((i: { eventName: string }) => i.eventName === "viewed product");
    expect(views).toHaveLength(2);
    expect(views.every((v: { conflict: boolean }) => v.conflict)).toBe(true);
    expect(views.map((v: { origin: string }) => v.origin).sort()).toEqual(["api", "shopify-app"]);
  });
});

describe("legacy identity of recommended names (compatibility: no-origin, spec identity rules 1-4)", () => {
  it("accepts a recommended name without eventVersion, properties unchanged, identified by name alone", async () => {
    const own = await createTestBrand();
    const legacy = {
      eventName: "viewed product",
      origin: "api",
      contact: { email: email() },
      properties: { sku: 42, legacyShape: ["kept"] },
    };
    // without the header the same event is a recommended one and needs its version
    await expectProblem(await post(legacy, own.key), 400, "validation-failed");
    const id = await accept(legacy, own.key, { compatibility: "no-origin" });
    await processed([id]);
    const event = await db.contactEvent.findUniqueOrThrow({ where: { id } });
    expect(event).toMatchObject({ eventName: "viewed product", eventVersion: null });
    expect(event.properties).toEqual({ sku: 42, legacyShape: ["kept"] });
    const { identities } = await json(await api("/api/event-identities", { key: own.key }));
    expect(identities).toEqual([expect.objectContaining({ eventName: "viewed product", origin: null, eventVersion: null, count: 1 })]);
  });

  it("still checks a recommended event that does carry its version", async () => {
    const res = await post({ ...viewed(email()), properties: { productID: 7 } }, brand.key, { compatibility: "no-origin" });
    const problem = await expectProblem(res, 400, "validation-failed");
    expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toContain("/properties/productID");
  });
});

describe("GET /api/contacts/{id}/events", () => {
  it("pages newest first without repeats, 404 for another brand's contact, 400 for a bad id or limit", async () => {
    const own = await createTestBrand();
    const address = email();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await accept(viewed(address, { eventTime: new Date(Date.now() - (5 - i) * 1000).toISOString() }), own.key));
    await processed(ids);
    const contact = await contactByEmail(own.key, address);
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await json(await api(`/api/contacts/${contact.id}/events?limit=2${after ? `&after=${after}` : ""}`, { key: own.key }));
      seen.push(...page.events.map((e: { id: string }) => e.id));
      if (!page.paging.hasMore) break;
      after = page.paging.cursors.after;
    }
    expect(seen).toEqual([...ids].reverse());
    await expectProblem(await api(`/api/contacts/${contact.id}/events`, { key: brand.key }), 404, "not-found");
    await expectProblem(await api(`/api/contacts/${MISSING_ID}/events`, { key: own.key }), 404, "not-found");
    await expectProblem(await api(`/api/contacts/not-an-id/events`, { key: own.key }), 400, "invalid-id");
    const problem = await expectProblem(
      await api(`/api/contacts/${contact.id}/events?limit=251`, { key: own.key }),
      400,
      "validation-failed",
    );
    expect(problem.errors).toEqual([expect.objectContaining({ field: "limit", code: "too_big" })]);
  });
});
