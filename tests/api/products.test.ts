// Products and product categories as published (api-evangelist/omnisend, Products API and Product
// Categories API 2026-03-15): every answer validates against the published schemas, the request built
// from the published examples is answered 2xx, and the rules, limits and paging hold.
import { beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, createTestBrand, expectProblem, json, type TestBrand } from "./helpers";
import { accessTokenFor } from "./oauth-helpers";
import { exampleOf, expectPublished, publishedResponseSchema } from "./published";

let shop: TestBrand;
let other: TestBrand;

const product = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Product ${id}`,
  url: `https://shop.example.com/p/${id}`,
  currency: "USD",
  status: "inStock",
  defaultImageUrl: `https://cdn.example.com/${id}.jpg`,
  variants: [{ id: `${id}-v1`, title: "Default", url: `https://shop.example.com/p/${id}`, price: 25 }],
  ...extra,
});

beforeAll(async () => {
  shop = await createTestBrand();
  other = await createTestBrand();
});

describe("products as published", () => {
  it("the product built from the published examples is created, read, listed and replaced; every answer validates", async () => {
    const example = exampleOf("products", "Product");
    expect(example).toMatchObject({ id: "1234567890", currency: "USD", status: "inStock" });
    expect((example.variants as unknown[]).length).toBe(1);

    const created = await api("/api/products", { key: shop.key, body: example });
    const createdBody = await json(created);
    expect(created.status, JSON.stringify(createdBody)).toBe(201);
    expect(createdBody).toEqual({ id: "1234567890" });
    expectPublished("products", publishedResponseSchema("products", "/products", "post", "201"), createdBody);

    const read = await json(await api("/api/products/1234567890", { key: shop.key }));
    expectPublished("products", "Product", read);
    const { createdAt: _c, updatedAt: _u, ...sent } = example;
    expect(read).toMatchObject(sent);
    expect(read.createdAt).toBe("2021-01-01T00:00:00.000Z"); // the store's createdAt is kept

    const list = await json(await api("/api/products", { key: shop.key }));
    expectPublished("products", publishedResponseSchema("products", "/products", "get", "200"), list);
    expect(list.products.map((p: { id: string }) => p.id)).toContain("1234567890");

    const replaced = await api("/api/products/1234567890", { key: shop.key, method: "PUT", body: { ...example, title: "Renamed" } });
    const replacedBody = await json(replaced);
    expect(replaced.status).toBe(200);
    expectPublished("products", publishedResponseSchema("products", "/products/{productID}", "put", "200"), replacedBody);
    expect((await json(await api("/api/products/1234567890", { key: shop.key }))).title).toBe("Renamed");
  });

  it("a second create of the same id is 409; a replace or delete of an unknown id is 404; delete answers 204", async () => {
    expect((await api("/api/products", { key: shop.key, body: product("dup") })).status).toBe(201);
    await expectProblem(await api("/api/products", { key: shop.key, body: product("dup") }), 409, "conflict");
    await expectProblem(await api("/api/products/nope", { key: shop.key, method: "PUT", body: product("nope") }), 404, "not-found");
    await expectProblem(await api("/api/products/nope", { key: shop.key }), 404, "not-found");
    const deleted = await api("/api/products/dup", { key: shop.key, method: "DELETE" });
    expect(deleted.status).toBe(204);
    await expectProblem(await api("/api/products/dup", { key: shop.key, method: "DELETE" }), 404, "not-found");
  });

  it("ids with spaces and slashes work in paths when encoded", async () => {
    const id = "shoes / blue 42";
    expect((await api("/api/products", { key: shop.key, body: product(id) })).status).toBe(201);
    const read = await json(await api(`/api/products/${encodeURIComponent(id)}`, { key: shop.key }));
    expect(read.id).toBe(id);
  });

  it("reports every invalid field at once: required fields, limits, links, status, duplicate variants", async () => {
    const res = await api("/api/products", {
      key: shop.key,
      body: {
        id: "x".repeat(101),
        url: "javascript:alert(1)",
        currency: "dollars",
        status: "sold",
        title: "",
        variants: [
          { id: "v", title: "A", url: "https://s.example/v", price: 1 },
          { id: "v", title: "B", url: "https://s.example/v", price: -1 },
        ],
        colour: "blue",
      },
    });
    const body = await expectProblem(res, 400, "validation-failed");
    const fields = body.errors.map((e: { pointer: string }) => e.pointer).sort();
    expect(fields).toEqual(
      expect.arrayContaining(["/id", "/url", "/currency", "/status", "/title", "/variants/1/id", "/variants/1/price"]),
    );
    expect(body.errors.some((e: { code: string; message: string }) => e.message.includes("colour"))).toBe(true);
    await expectProblem(await api("/api/products", { key: shop.key, body: { ...product("x"), url: undefined } }), 400, "validation-failed");
    const images = Array.from({ length: 301 }, (_, i) => `https://cdn.example.com/${i}.jpg`);
    const tooMany = await expectProblem(
      await api("/api/products", { key: shop.key, body: product("x", { images }) }),
      400,
      "validation-failed",
    );
    expect(tooMany.errors[0]).toMatchObject({ pointer: "/images", code: "too_big" });
  });

  it("PUT with a body id other than the path's is 400", async () => {
    await api("/api/products", { key: shop.key, body: product("mine") });
    const body = await expectProblem(
      await api("/api/products/mine", { key: shop.key, method: "PUT", body: product("theirs") }),
      400,
      "validation-failed",
    );
    expect(body.errors[0]).toMatchObject({ field: "id", code: "mismatch" });
  });

  it("offset pages: limit, offset, next and previous links on the public origin, newest first", async () => {
    const brand = await createTestBrand();
    for (let i = 0; i < 5; i++) {
      await api("/api/products", {
        key: brand.key,
        body: product(`page-${i}`, { createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() }),
      });
    }
    const first = await json(await api("/api/products?limit=2", { key: brand.key }));
    expect(first.products.map((p: { id: string }) => p.id)).toEqual(["page-4", "page-3"]);
    expect(first.paging).toMatchObject({ limit: 2, offset: 0 });
    expect(first.paging.previous).toBeUndefined();
    const next = new URL(first.paging.next);
    // The public origin (APP_URL unset: http://localhost:PORT), never the host the request came in on.
    expect(next.host).not.toBe(new URL(baseUrl()).host);
    expect(next.hostname).toBe("localhost");
    const second = await json(await api(`${next.pathname}${next.search}`, { key: brand.key }));
    expect(second.products.map((p: { id: string }) => p.id)).toEqual(["page-2", "page-1"]);
    expect(second.paging.previous).toBeDefined();
    const last = await json(await api("/api/products?limit=2&offset=4", { key: brand.key }));
    expect(last.products.map((p: { id: string }) => p.id)).toEqual(["page-0"]);
    expect(last.paging.next).toBeUndefined();
    await expectProblem(await api("/api/products?limit=251", { key: brand.key }), 400, "validation-failed");
    await expectProblem(await api("/api/products?sort=title", { key: brand.key }), 400, "validation-failed");
    expect((await api("/api/products?sort=date", { key: brand.key })).status).toBe(200);
  });

  it("a brand never sees another brand's products", async () => {
    await api("/api/products", { key: shop.key, body: product("secret") });
    await expectProblem(await api("/api/products/secret", { key: other.key }), 404, "not-found");
    expect((await json(await api("/api/products", { key: other.key }))).products).toEqual([]);
  });

  it("scopes: products.read reads, products.write writes", async () => {
    const reader = await accessTokenFor(shop.brandId, ["products.read"]);
    expect((await api("/api/products", { bearer: reader })).status).toBe(200);
    await expectProblem(await api("/api/products", { bearer: reader, body: product("by-reader") }), 403, "insufficient-scope");
    const contactsOnly = await accessTokenFor(shop.brandId, ["contacts.read"]);
    await expectProblem(await api("/api/products", { bearer: contactsOnly }), 403, "insufficient-scope");
  });
});

describe("product categories as published", () => {
  it("the published examples are answered 2xx; every answer validates", async () => {
    const create = exampleOf("productcategories", "CreateCategoryRequest");
    expect(create).toEqual({ categoryID: "C1234", title: "Beauty products" });
    const created = await api("/api/product-categories", { key: shop.key, body: create });
    const createdBody = await json(created);
    expect(created.status).toBe(201);
    expectPublished("productcategories", publishedResponseSchema("productcategories", "/product-categories", "post", "201"), createdBody);

    const read = await json(await api("/api/product-categories/C1234", { key: shop.key }));
    expectPublished(
      "productcategories",
      publishedResponseSchema("productcategories", "/product-categories/{categoryID}", "get", "200"),
      read,
    );
    expect(read).toMatchObject(create);

    const update = exampleOf("productcategories", "UpdateCategoryRequest");
    const updated = await api("/api/product-categories/C1234", { key: shop.key, method: "PATCH", body: { ...update, title: "Beauty" } });
    const updatedBody = await json(updated);
    expect(updated.status).toBe(200);
    expectPublished(
      "productcategories",
      publishedResponseSchema("productcategories", "/product-categories/{categoryID}", "patch", "200"),
      updatedBody,
    );
    expect((await json(await api("/api/product-categories/C1234", { key: shop.key }))).title).toBe("Beauty");

    const list = await json(await api("/api/product-categories", { key: shop.key }));
    expectPublished("productcategories", publishedResponseSchema("productcategories", "/product-categories", "get", "200"), list);
    expect(list.categories.map((c: { categoryID: string }) => c.categoryID)).toContain("C1234");
  });

  it("409 on a second create, 404 on unknown ids, 204 on delete, titles sort A to Z", async () => {
    const brand = await createTestBrand();
    for (const [id, title] of [
      ["b", "Bags"],
      ["a", "Shoes"],
      ["c", "Hats"],
    ]) {
      expect((await api("/api/product-categories", { key: brand.key, body: { categoryID: id, title } })).status).toBe(201);
    }
    await expectProblem(
      await api("/api/product-categories", { key: brand.key, body: { categoryID: "a", title: "Again" } }),
      409,
      "conflict",
    );
    const sorted = await json(await api("/api/product-categories?sort=title", { key: brand.key }));
    expect(sorted.categories.map((c: { title: string }) => c.title)).toEqual(["Bags", "Hats", "Shoes"]);
    await expectProblem(
      await api("/api/product-categories/zzz", { key: brand.key, method: "PATCH", body: { title: "x" } }),
      404,
      "not-found",
    );
    expect((await api("/api/product-categories/a", { key: brand.key, method: "DELETE" })).status).toBe(204);
    await expectProblem(await api("/api/product-categories/a", { key: brand.key }), 404, "not-found");
    const invalid = await expectProblem(
      await api("/api/product-categories", { key: brand.key, body: { categoryID: "", title: "x".repeat(256) } }),
      400,
      "validation-failed",
    );
    expect(invalid.errors.map((e: { field: string }) => e.field).sort()).toEqual(["categoryID", "title"]);
  });
});
