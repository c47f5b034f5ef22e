// Event metadata over HTTP: declaring a custom event's schema (POST), merging changes (PUT), the query,
// events checked against what was declared (field errors as for recommended events), the identity
// registry and the segment builder's checks reading it, and tenancy.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createTestBrand, expectProblem, json, type TestBrand } from "./helpers";
import { until } from "./until";

let brand: TestBrand;
let other: TestBrand;
beforeAll(async () => {
  [brand, other] = await Promise.all([createTestBrand(), createTestBrand()]);
});

const unique = () => randomBytes(4).toString("hex");
const declare = (body: unknown, key = brand.key, method = "POST") => api("/api/event-metadata", { key, method, body });
const send = (body: Record<string, unknown>, key = brand.key) =>
  api("/api/events", { key, body: { origin: "api", contact: { email: `m-${unique()}@example.com` }, ...body } });

const order = {
  type: "struct",
  displayName: "Order",
  properties: {
    id: { type: "string" },
    items: { type: "structList", properties: { sku: { type: "string" }, quantity: { type: "integer" } } },
  },
};

describe("POST /api/event-metadata", () => {
  it("declares a schema; every node comes back explicitlyDefined", async () => {
    const name = `points earned ${unique()}`;
    const res = await declare({
      name,
      origin: "api",
      displayName: "Points earned",
      properties: { points: { type: "integer", description: "How many" }, order },
    });
    expect(res.status).toBe(201);
    expect((await json(res)).event).toEqual({
      name,
      displayName: "Points earned",
      origins: ["api"],
      explicitlyDefined: true,
      properties: {
        points: { type: "integer", description: "How many", explicitlyDefined: true },
        order: {
          type: "struct",
          displayName: "Order",
          explicitlyDefined: true,
          properties: {
            id: { type: "string", explicitlyDefined: true },
            items: {
              type: "structList",
              explicitlyDefined: true,
              properties: { sku: { type: "string", explicitlyDefined: true }, quantity: { type: "integer", explicitlyDefined: true } },
            },
          },
        },
      },
    });
    await expectProblem(
      await declare({ name, origin: "api", displayName: "Again", properties: { points: { type: "integer" } } }),
      409,
      "conflict",
    );
    // The same name from another origin is another event.
    expect((await declare({ name, origin: "mobile", displayName: "Points (app)", properties: { points: { type: "float" } } })).status).toBe(
      201,
    );
  });

  it("refuses what the published rules refuse, every problem at once", async () => {
    const body = await expectProblem(
      await declare({
        name: "x",
        origin: "api",
        displayName: null,
        properties: { a: { type: "integer", properties: { b: { type: "string" } } }, "c.d": { type: "uuid" } },
      }),
      400,
      "validation-failed",
    );
    expect(body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual([
      "/displayName",
      "/properties/a/properties",
      "/properties/c.d",
    ]);
    const type = await expectProblem(
      await declare({ name: "x", origin: "api", displayName: "X", properties: { c: { type: "uuid" } } }),
      400,
      "validation-failed",
    );
    expect(type.errors).toEqual([expect.objectContaining({ pointer: "/properties/c/type", code: "invalid_value" })]);
    const missing = await expectProblem(await declare({ name: "y", origin: "api" }), 400, "validation-failed");
    expect(missing.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(["/displayName", "/properties"]);
    const lexicon = await expectProblem(
      await declare({ name: "placed order", origin: "api", displayName: "Mine", properties: { a: { type: "string" } } }),
      409,
      "conflict",
    );
    expect(lexicon.detail).toMatch(/recommended event/);
  });
});

describe("PUT /api/event-metadata", () => {
  it("merges: new properties added, given metadata replaced, the rest kept; a declared type cannot change", async () => {
    const name = `merge ${unique()}`;
    await declare({ name, origin: "api", displayName: "First", properties: { a: { type: "string", group: "Core" }, order } });
    const merged = await declare(
      {
        name,
        origin: "api",
        properties: {
          b: { type: "boolean" },
          a: { type: "string", displayName: "A" },
          order: { type: "struct", properties: { note: { type: "string" } } },
        },
      },
      brand.key,
      "PUT",
    );
    expect(merged.status).toBe(200);
    const event = (await json(merged)).event;
    expect(event.displayName).toBe("First");
    expect(event.properties.a).toEqual({ type: "string", group: "Core", displayName: "A", explicitlyDefined: true });
    expect(Object.keys(event.properties).sort()).toEqual(["a", "b", "order"]);
    expect(Object.keys(event.properties.order.properties).sort()).toEqual(["id", "items", "note"]);
    const conflict = await expectProblem(
      await declare(
        { name, origin: "api", properties: { order: { type: "struct", properties: { id: { type: "integer" } } } } },
        brand.key,
        "PUT",
      ),
      409,
      "conflict",
    );
    expect(conflict.detail).toContain("order.id is declared as string");
    await expectProblem(await declare({ name, origin: "elsewhere", properties: {} }, brand.key, "PUT"), 404, "not-found");
    await expectProblem(await declare({ name: "viewed product", origin: "api", properties: {} }, brand.key, "PUT"), 409, "conflict");
  });
});

describe("events checked against a declared schema", () => {
  it("breaking the declared types is a 400 with a field error per property, nested ones included; conforming events pass", async () => {
    const name = `checked ${unique()}`;
    await declare({
      name,
      origin: "api",
      displayName: "Checked",
      properties: { points: { type: "integer" }, when: { type: "date" }, tags: { type: "stringList" }, order },
    });
    const res = await send({
      eventName: name,
      properties: {
        points: 1.5,
        when: "soon",
        tags: ["a", 2],
        order: {
          id: 7,
          items: [
            { sku: "a", quantity: 1 },
            { sku: "b", quantity: "two" },
          ],
        },
        extra: "kept",
      },
    });
    const body = await expectProblem(res, 400, "validation-failed");
    // (sorted: PostgreSQL's jsonb keeps object keys in its own order)
    expect(body.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]).sort()).toEqual([
      ["/properties/order/id", "invalid_type"],
      ["/properties/order/items/1/quantity", "invalid_type"],
      ["/properties/points", "invalid_type"],
      ["/properties/tags", "invalid_type"],
      ["/properties/when", "invalid_type"],
    ]);
    expect(
      (
        await send({
          eventName: name,
          properties: { points: 3, when: "2026-01-01", tags: ["a"], order: { id: "o1", items: [] }, extra: 1 },
        })
      ).status,
    ).toBe(202);
    // Another origin, the no-origin compatibility mode and another brand are not this schema's events.
    expect((await send({ eventName: name, origin: "web", properties: { points: "x" } })).status).toBe(202);
    expect(
      (
        await api("/api/events", {
          key: brand.key,
          headers: { compatibility: "no-origin" },
          body: { eventName: name, origin: "api", contact: { email: `n-${unique()}@example.com` }, properties: { points: "x" } },
        })
      ).status,
    ).toBe(202);
    expect((await send({ eventName: name, properties: { points: "x" } }, other.key)).status).toBe(202);
  });

  it("holds for events sent in a batch: the breaking item fails alone with the same field error", async () => {
    const name = `batched ${unique()}`;
    await declare({ name, origin: "api", displayName: "Batched", properties: { points: { type: "integer" } } });
    const event = (points: unknown) => ({
      eventName: name,
      origin: "api",
      contact: { email: `b-${unique()}@example.com` },
      properties: { points },
    });
    const created = await api("/api/batches", {
      key: brand.key,
      body: { endpoint: "events", method: "POST", items: [event(2), event("two")] },
    });
    expect(created.status).toBe(201);
    const { batchID } = await json(created);
    await until(
      async () => (await json(await api(`/api/batches/${batchID}`, { key: brand.key }))).status,
      (status) => status === "finished",
    );
    const { responses } = await json(await api(`/api/batches/${batchID}/items`, { key: brand.key }));
    expect(responses.map((r: { responseCode: number }) => r.responseCode)).toEqual([202, 400]);
    expect(responses[1].response.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code])).toEqual([
      ["/properties/points", "invalid_type"],
    ]);
  });
});

describe("GET /api/event-catalog", () => {
  it("declared schemas join the recommended catalog, for the brand that declared them only", async () => {
    const name = `loyalty tier changed ${unique()}`;
    expect(
      (
        await declare({
          name,
          origin: "loyalty-app",
          displayName: "Loyalty tier changed",
          properties: { tier: { type: "string", description: "The new tier" }, since: { type: "date" }, order },
        })
      ).status,
    ).toBe(201);
    const { events } = await json(await api("/api/event-catalog", { key: brand.key }));
    // the recommended events are all still there, unchanged
    expect(events.filter((e: { eventVersion: string }) => e.eventVersion === "v1").map((e: { eventName: string }) => e.eventName)).toEqual(
      expect.arrayContaining(["viewed product", "placed order"]),
    );
    const entry = events.find((e: { eventName: string }) => e.eventName === name);
    expect(entry).toEqual({
      eventName: name,
      eventVersion: "",
      description: "Loyalty tier changed",
      displayName: "Loyalty tier changed",
      origin: "loyalty-app",
      properties: {
        type: "object",
        properties: {
          tier: { type: "string", description: "The new tier" },
          since: { type: "string", anyOf: [{ format: "date" }, { format: "date-time" }] },
          order: {
            type: "object",
            title: "Order",
            properties: {
              id: { type: "string" },
              items: { type: "array", items: { type: "object", properties: { sku: { type: "string" }, quantity: { type: "integer" } } } },
            },
          },
        },
      },
    });
    // an event that breaks the declared schema is refused as the catalog's types say
    const broken = await expectProblem(
      await send({ eventName: name, origin: "loyalty-app", properties: { tier: 3 } }),
      400,
      "validation-failed",
    );
    expect(broken.errors.map((e: { pointer: string }) => e.pointer)).toEqual(["/properties/tier"]);
    // another brand's catalog does not show it
    const theirs = await json(await api("/api/event-catalog", { key: other.key }));
    expect(theirs.events.map((e: { eventName: string }) => e.eventName)).not.toContain(name);
  });
});

describe("POST /api/event-metadata/query and the identity registry", () => {
  it("lists recommended, declared and received events, filtered as asked", async () => {
    const received = `received ${unique()}`;
    const declaredName = `declared ${unique()}`;
    await declare({ name: declaredName, origin: "api", displayName: "Declared one", properties: { level: { type: "integer" } } });
    expect(
      (await send({ eventName: received, origin: "mobile", properties: { level: 3, tags: ["a"], at: "2026-01-01", nested: { ok: true } } }))
        .status,
    ).toBe(202);
    expect((await send({ eventName: declaredName, properties: { level: 2 } })).status).toBe(202);
    // Earlier tests share this brand, so wait for these two names, not for a count.
    await until(
      async () =>
        (await json(await api("/api/event-identities", { key: brand.key }))).identities.map((i: { eventName: string }) => i.eventName),
      (names: string[]) => names.includes(received) && names.includes(declaredName),
    );
    // Both events processed: the received one is known with its properties (the identity alone can come first).
    const query = async () =>
      (await json(await api("/api/event-metadata/query", { key: brand.key, body: { category: "segments", includeProperties: true } })))
        .events;
    const all = await until(
      query,
      (events: { name: string }[]) => events.some((e) => e.name === received) && events.some((e) => e.name === declaredName),
    );
    const byName = (n: string) => all.filter((e: { name: string }) => e.name === n);
    expect(byName(received)).toEqual([
      {
        name: received,
        displayName: expect.any(String),
        origins: ["mobile"],
        explicitlyDefined: false,
        properties: {
          level: { type: "integer", explicitlyDefined: false },
          tags: { type: "stringList", explicitlyDefined: false },
          at: { type: "date", explicitlyDefined: false },
          nested: { type: "struct", explicitlyDefined: false, properties: { ok: { type: "boolean", explicitlyDefined: false } } },
        },
      },
    ]);
    expect(byName(declaredName)).toEqual([
      {
        name: declaredName,
        displayName: "Declared one",
        origins: ["api"],
        explicitlyDefined: true,
        properties: { level: { type: "integer", explicitlyDefined: true } },
      },
    ]);
    expect(byName("placed order")[0]).toMatchObject({
      explicitlyDefined: false,
      properties: { orderID: { type: "string" }, lineItems: { type: "structList", properties: { productID: { type: "string" } } } },
    });

    const standard = (
      await json(await api("/api/event-metadata/query", { key: brand.key, body: { category: "automations", excludeCustomEvents: true } }))
    ).events;
    expect(
      standard.every((e: { explicitlyDefined: boolean; properties?: unknown }) => !e.explicitlyDefined && e.properties === undefined),
    ).toBe(true);
    expect(standard.map((e: { name: string }) => e.name)).not.toContain(received);
    const fromMobile = (
      await json(
        await api("/api/event-metadata/query", {
          key: brand.key,
          body: { category: "events", origins: ["mobile"], events: [received, declaredName] },
        }),
      )
    ).events;
    expect(fromMobile.map((e: { name: string }) => e.name)).toEqual([received]);
    await expectProblem(
      await api("/api/event-metadata/query", { key: brand.key, body: { category: "campaigns" } }),
      400,
      "validation-failed",
    );

    const registry = await json(await api("/api/event-identities", { key: brand.key }));
    expect(registry.identities.find((i: { eventName: string }) => i.eventName === declaredName)).toMatchObject({
      origin: "api",
      declared: true,
    });
    expect(registry.identities.find((i: { eventName: string }) => i.eventName === received)).toMatchObject({ declared: false });
    expect(registry.declared).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: declaredName, origin: "api", displayName: "Declared one", seen: true })]),
    );
    // Another brand sees none of it.
    const theirs = (await json(await api("/api/event-metadata/query", { key: other.key, body: { category: "segments" } }))).events;
    expect(theirs.map((e: { name: string }) => e.name)).not.toContain(declaredName);
  });

  it("a segment's property filter compares a declared property as its declared type", async () => {
    const name = `typed ${unique()}`;
    await declare({ name, origin: "api", displayName: "Typed", properties: { level: { type: "integer" } } });
    const filter = (extra: Record<string, unknown>) => ({
      name: "typed",
      conditionGroups: [
        {
          conditions: [
            {
              entity: "event",
              filters: [{ name, operator: "has", count: "atLeast", value: 1, filters: [{ property: "level", ...extra }] }],
            },
          ],
        },
      ],
    });
    const wrong = await expectProblem(
      await api("/api/segments", { key: brand.key, body: filter({ operator: "contains", value: ["3"], valueType: "text" }) }),
      400,
      "validation-failed",
    );
    expect(wrong.errors).toEqual([
      expect.objectContaining({
        pointer: "/conditionGroups/0/conditions/0/filters/0/filters/0/valueType",
        message: expect.stringContaining("compare it as number"),
      }),
    ]);
    const inferred = await api("/api/segments", { key: brand.key, body: filter({ operator: "moreThan", value: 2 }) });
    expect(inferred.status).toBe(201);
    expect((await json(inferred)).conditionGroups[0].conditions[0].filters[0].filters[0]).toEqual({
      property: "level",
      operator: "moreThan",
      value: 2,
      valueType: "number",
    });
  });
});
