// Batches as published (api-evangelist/omnisend, Batches API 2026-03-15): a batch is stored before its
// answer and processed by the server's worker, each item through its single endpoint's code, with its
// own result; answers validate against the published schemas.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";
import { accessTokenFor } from "./oauth-helpers";
import { exampleOf, expectPublished, publishedResponseSchema } from "./published";
import { waitForWorker } from "./render-helpers";

let shop: TestBrand;

const contact = (email: string, extra: Record<string, unknown> = {}) => ({
  identifiers: [{ type: "email", id: email, channels: { email: { status: "subscribed" } } }],
  ...extra,
});

async function send(key: string, body: unknown): Promise<{ batchID: string; totalCount: number }> {
  const res = await api("/api/batches", { key, body });
  const created = await json(res);
  expect(res.status, JSON.stringify(created)).toBe(201);
  expectPublished("batches", publishedResponseSchema("batches", "/batches", "post", "201"), created);
  return created;
}

/** Polls the batch until it is finished (the worker runs in the server). */
async function finished(key: string, batchID: string): Promise<any> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const batch = await json(await api(`/api/batches/${batchID}`, { key }));
    if (batch.status === "finished") return batch;
    if (Date.now() > deadline) throw new Error(`batch ${batchID} not finished: ${JSON.stringify(batch)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function items(key: string, batchID: string): Promise<any> {
  const body = await json(await api(`/api/batches/${batchID}/items`, { key }));
  expectPublished("batches", publishedResponseSchema("batches", "/batches/{batchID}/items", "get", "200"), body);
  return body;
}

beforeAll(async () => {
  shop = await createTestBrand();
});

describe("batches of contacts", () => {
  it("the published example (with a contact item) is answered 201 and processed: each item upserted with its result", async () => {
    const example = exampleOf("batches", "CreateBatchRequest");
    expect(example).toEqual({ endpoint: "contacts", method: "POST", origin: "omnisend" });
    const { batchID, totalCount } = await send(shop.key, { ...example, items: [contact("first@example.com", { firstName: "Ada" })] });
    expect(totalCount).toBe(1);
    const batch = await finished(shop.key, batchID);
    expectPublished("batches", publishedResponseSchema("batches", "/batches/{batchID}", "get", "200"), batch);
    expect(batch).toMatchObject({
      batchID,
      endpoint: "contacts",
      method: "POST",
      origin: "omnisend",
      status: "finished",
      totalCount: 1,
      finishedCount: 1,
      errorsCount: 0,
    });
    expect(Date.parse(batch.endedAt)).toBeGreaterThanOrEqual(Date.parse(batch.startedAt));
    const { responses, errors } = await items(shop.key, batchID);
    expect(errors).toEqual([]);
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({
      status: "finished",
      responseCode: 201,
      request: contact("first@example.com", { firstName: "Ada" }),
    });
    const stored = await json(await api(`/api/contacts/${responses[0].response.contactID}`, { key: shop.key }));
    expect(stored).toMatchObject({ email: "first@example.com", firstName: "Ada", status: "subscribed" });
  });

  it("invalid items and conflicts fail alone with the problem the single endpoint gives; the others are processed", async () => {
    await api("/api/contacts", {
      key: shop.key,
      body: {
        identifiers: [
          { type: "email", id: "owner@example.com" },
          { type: "phone", id: "+14155552671" },
        ],
      },
    });
    await api("/api/contacts", { key: shop.key, body: { identifiers: [{ type: "email", id: "someone-else@example.com" }] } });
    const { batchID } = await send(shop.key, {
      endpoint: "contacts",
      method: "PUT",
      items: [
        contact("ok-1@example.com"),
        { identifiers: [{ type: "email", id: "not-an-email" }] },
        {
          identifiers: [
            { type: "email", id: "someone-else@example.com" },
            { type: "phone", id: "+14155552671" },
          ],
          firstName: "Mallory",
        },
        "not even an object",
        contact("ok-2@example.com", { firstName: "Bo" }),
      ],
    });
    const batch = await finished(shop.key, batchID);
    expect(batch).toMatchObject({ totalCount: 5, finishedCount: 5, errorsCount: 3 });
    const { responses, errors } = await items(shop.key, batchID);
    expect(responses.map((r: { responseCode: number }) => r.responseCode)).toEqual([201, 400, 409, 400, 201]);
    expect(errors.map((e: { itemID: string }) => e.itemID)).toEqual([responses[1].itemID, responses[2].itemID, responses[3].itemID]);
    expect(errors[0].response).toMatchObject({
      status: 400,
      title: "Validation failed",
      errors: [{ field: "identifiers.id", pointer: "/identifiers/0/id" }],
    });
    expect(errors[0].response.type).toMatch(/\/validation-failed$/);
    expect(errors[1].response).toMatchObject({ status: 409, detail: expect.stringContaining("+14155552671") });
  });

  it("items for the same contact are applied in the order sent; a repeated upsert updates (200)", async () => {
    const { batchID } = await send(shop.key, {
      endpoint: "contacts",
      method: "POST",
      items: [
        contact("order@example.com", { firstName: "One" }),
        contact("ORDER@example.com", { firstName: "Two" }),
        contact("order@example.com", { lastName: "Last" }),
      ],
    });
    await finished(shop.key, batchID);
    const { responses } = await items(shop.key, batchID);
    expect(responses.map((r: { responseCode: number }) => r.responseCode)).toEqual([201, 200, 200]);
    const found = await json(await api("/api/contacts?email=order@example.com", { key: shop.key }));
    expect(found.contacts).toHaveLength(1);
    expect(found.contacts[0]).toMatchObject({ firstName: "Two", lastName: "Last" });
  });

  it("100 items is the limit; the envelope is validated at once", async () => {
    const many = Array.from({ length: 101 }, (_, i) => contact(`many-${i}@example.com`));
    const tooMany = await expectProblem(
      await api("/api/batches", { key: shop.key, body: { endpoint: "contacts", method: "POST", items: many } }),
      400,
      "validation-failed",
    );
    expect(tooMany.errors[0]).toMatchObject({ field: "items", code: "too_big" });
    const bad = await expectProblem(
      await api("/api/batches", { key: shop.key, body: { endpoint: "orders", method: "PATCH", items: [] } }),
      400,
      "validation-failed",
    );
    expect(bad.errors.map((e: { field: string }) => e.field).sort()).toEqual(["endpoint", "items", "method"]);
    const events = await expectProblem(
      await api("/api/batches", { key: shop.key, body: { endpoint: "events", method: "PUT", items: [{}] } }),
      400,
      "validation-failed",
    );
    expect(events.errors[0]).toMatchObject({ field: "method" });
    const { batchID } = await send(shop.key, { endpoint: "contacts", method: "POST", items: many.slice(0, 100) });
    expect(await finished(shop.key, batchID)).toMatchObject({ totalCount: 100, finishedCount: 100, errorsCount: 0 });
  });
});

describe("batches of events, products and categories", () => {
  it("events go through the event acceptance path and the events worker; each item's id is its event's id", async () => {
    const brand = await createTestBrand();
    const { batchID } = await send(brand.key, {
      endpoint: "events",
      method: "POST",
      origin: "shop-sync",
      items: [
        { eventName: "signed up", contact: { email: "evt@example.com" }, properties: { plan: "gold" } },
        {
          eventName: "viewed product",
          eventVersion: "v1",
          origin: "api",
          contact: { email: "evt@example.com" },
          properties: { productID: "p1", productTitle: "Shoe", url: "https://shop.example.com/p1" },
        },
        { eventName: "viewed product", contact: { email: "evt@example.com" } },
      ],
    });
    await finished(brand.key, batchID);
    const { responses } = await items(brand.key, batchID);
    expect(responses.map((r: { responseCode: number }) => r.responseCode)).toEqual([202, 202, 400]);
    expect(responses[0].response).toEqual({ id: responses[0].itemID, status: "accepted" });
    expect(responses[2].response.errors.map((e: { field: string }) => e.field)).toContain("eventVersion");
    await waitForWorker(brand.brandId);
    const contactId = (await db.contactIdentifier.findFirstOrThrow({ where: { brandId: brand.brandId, value: "evt@example.com" } }))
      .contactId;
    const events = await json(await api(`/api/contacts/${contactId}/events`, { key: brand.key }));
    expect(events.events.map((e: { id: string; origin: string }) => [e.id, e.origin]).sort()).toEqual(
      [
        [responses[0].itemID, "shop-sync"],
        [responses[1].itemID, "api"],
      ].sort(),
    );
    const listed = await json(await api("/api/batches?endpoint=events", { key: brand.key }));
    expectPublished("batches", publishedResponseSchema("batches", "/batches", "get", "200"), listed);
    expect(listed.batches.map((b: { batchID: string }) => b.batchID)).toEqual([batchID]);
  });

  it("products: POST creates (409 for an existing id), PUT replaces (404 for a missing one); categories likewise", async () => {
    const brand = await createTestBrand();
    const product = (id: string, title = `Product ${id}`) => ({
      id,
      title,
      url: `https://shop.example.com/${id}`,
      currency: "EUR",
      status: "inStock",
    });
    const created = await send(brand.key, { endpoint: "products", method: "POST", items: [product("a"), product("b"), product("a")] });
    await finished(brand.key, created.batchID);
    expect((await items(brand.key, created.batchID)).responses.map((r: { responseCode: number }) => r.responseCode)).toEqual([
      201, 201, 409,
    ]);
    const replaced = await send(brand.key, { endpoint: "products", method: "PUT", items: [product("a", "Renamed"), product("zzz")] });
    await finished(brand.key, replaced.batchID);
    expect((await items(brand.key, replaced.batchID)).responses.map((r: { responseCode: number }) => r.responseCode)).toEqual([200, 404]);
    expect((await json(await api("/api/products/a", { key: brand.key }))).title).toBe("Renamed");

    const categories = await send(brand.key, {
      endpoint: "categories",
      method: "POST",
      items: [
        { categoryID: "c1", title: "Shoes" },
        { categoryID: "c2", title: "" },
      ],
    });
    await finished(brand.key, categories.batchID);
    expect((await items(brand.key, categories.batchID)).responses.map((r: { responseCode: number }) => r.responseCode)).toEqual([201, 400]);
    const renamed = await send(brand.key, { endpoint: "categories", method: "PUT", items: [{ categoryID: "c1", title: "Footwear" }] });
    await finished(brand.key, renamed.batchID);
    expect((await json(await api("/api/product-categories/c1", { key: brand.key }))).title).toBe("Footwear");
  });
});

describe("reading batches", () => {
  it("lists by endpoint (required), status and dates, newest first, in offset pages", async () => {
    const brand = await createTestBrand();
    const firstDay = new Date().toISOString().slice(0, 10); // read before the batches, so a run over midnight still finds them
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await send(brand.key, { endpoint: "contacts", method: "POST", items: [contact(`list-${i}@example.com`)] })).batchID);
    for (const id of ids) await finished(brand.key, id);
    const page = await json(await api("/api/batches?endpoint=contacts&limit=2", { key: brand.key }));
    expect(page.batches.map((b: { batchID: string }) => b.batchID)).toEqual([ids[2], ids[1]]);
    expect(page.paging).toMatchObject({ limit: 2, offset: 0 });
    expect(new URL(page.paging.next).searchParams.get("endpoint")).toBe("contacts");
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await json(await api(`/api/batches?endpoint=contacts&status=finished&dateFrom=${firstDay}&dateTo=${today}`, { key: brand.key })))
        .batches,
    ).toHaveLength(3);
    expect((await json(await api("/api/batches?endpoint=contacts&dateTo=2020-01-01", { key: brand.key }))).batches).toHaveLength(0);
    expect((await json(await api("/api/batches?endpoint=products", { key: brand.key }))).batches).toHaveLength(0);
    const missing = await expectProblem(await api("/api/batches", { key: brand.key }), 400, "validation-failed");
    expect(missing.errors[0]).toMatchObject({ field: "endpoint" });
    await expectProblem(await api("/api/batches?endpoint=contacts&dateFrom=yesterday", { key: brand.key }), 400, "validation-failed");
    await expectProblem(await api(`/api/batches/${MISSING_ID}`, { key: brand.key }), 404, "not-found");
    await expectProblem(await api(`/api/batches/${ids[0]}`, { key: shop.key }), 404, "not-found"); // another brand's
    await expectProblem(await api("/api/batches/not-an-id", { key: brand.key }), 400, "invalid-id");
  });

  it("scopes follow the endpoint: contacts.write creates contact batches only, reading needs the endpoint's read scope", async () => {
    const contactsWriter = await accessTokenFor(shop.brandId, ["contacts.write"]);
    const created = await api("/api/batches", {
      bearer: contactsWriter,
      body: { endpoint: "contacts", method: "POST", items: [contact("scoped@example.com")] },
    });
    expect(created.status).toBe(201);
    const { batchID } = await json(created);
    await expectProblem(
      await api("/api/batches", { bearer: contactsWriter, body: { endpoint: "products", method: "POST", items: [{}] } }),
      403,
      "insufficient-scope",
    );
    expect((await api(`/api/batches/${batchID}`, { bearer: contactsWriter })).status).toBe(200);
    const productsReader = await accessTokenFor(shop.brandId, ["products.read"]);
    await expectProblem(await api(`/api/batches/${batchID}`, { bearer: productsReader }), 403, "insufficient-scope");
    await expectProblem(await api("/api/batches?endpoint=contacts", { bearer: productsReader }), 403, "insufficient-scope");
    const eventsReader = await accessTokenFor(shop.brandId, ["events.read"]);
    expect((await api("/api/batches?endpoint=events", { bearer: eventsReader })).status).toBe(200);
  });
});
