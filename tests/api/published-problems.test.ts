// Error answers of the products, product categories, images and batches operations (400, 404, 409, 413)
// against the published documents' problem schemas (machine copies in tests/published/): the schema the
// operation publishes for the status where it publishes one, else the document's Problem.
import { beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, createTestBrand, expectProblem, MISSING_ID, VERSION, type TestBrand } from "./helpers";
import { oversizedPng } from "./image-fixtures";
import { expectPublishedProblem } from "./published";

let shop: TestBrand;

const product = (id: string) => ({
  id,
  title: `Product ${id}`,
  url: `https://shop.example.com/p/${id}`,
  currency: "USD",
  status: "inStock",
  variants: [{ id: `${id}-v1`, title: "Default", url: `https://shop.example.com/p/${id}`, price: 25 }],
});
/** More than the 1 MB every body may have. */
const HUGE = "x".repeat(1_100_000);

type Case = {
  doc: "products" | "productcategories" | "images" | "batches";
  route: string;
  method: string;
  status: number;
  code: string;
  send: () => Promise<Response>;
};

async function check(c: Case, expected: "ValidationProblem" | "Problem") {
  const body = await expectProblem(await c.send(), c.status, c.code);
  expect(expectPublishedProblem(c.doc, c.route, c.method, c.status, body), `${c.method.toUpperCase()} ${c.route} ${c.status}`).toBe(
    expected,
  );
  if (expected === "ValidationProblem") expect(body.errors.length, JSON.stringify(body)).toBeGreaterThan(0);
}

beforeAll(async () => {
  shop = await createTestBrand();
  expect((await api("/api/products", { key: shop.key, body: product("taken") })).status).toBe(201);
  expect((await api("/api/product-categories", { key: shop.key, body: { categoryID: "taken", title: "Taken" } })).status).toBe(201);
});

describe("products", () => {
  it("400 validation, 409 conflict and 404 answers are the published ValidationProblem and Problem", async () => {
    const key = shop.key;
    await check(
      {
        doc: "products",
        route: "/products",
        method: "post",
        status: 400,
        code: "validation-failed",
        send: () => api("/api/products", { key, body: { id: "", url: "ftp://x" } }),
      },
      "ValidationProblem",
    );
    await check(
      {
        doc: "products",
        route: "/products",
        method: "get",
        status: 400,
        code: "validation-failed",
        send: () => api("/api/products?limit=0", { key }),
      },
      "ValidationProblem",
    );
    await check(
      {
        doc: "products",
        route: "/products/{productID}",
        method: "put",
        status: 400,
        code: "validation-failed",
        send: () => api("/api/products/taken", { key, method: "PUT", body: product("other") }),
      },
      "ValidationProblem",
    );
    await check(
      {
        doc: "products",
        route: "/products",
        method: "post",
        status: 409,
        code: "conflict",
        send: () => api("/api/products", { key, body: product("taken") }),
      },
      "Problem",
    );
    await check(
      {
        doc: "products",
        route: "/products/{productID}",
        method: "get",
        status: 404,
        code: "not-found",
        send: () => api("/api/products/missing", { key }),
      },
      "Problem",
    );
    await check(
      {
        doc: "products",
        route: "/products/{productID}",
        method: "put",
        status: 404,
        code: "not-found",
        send: () => api("/api/products/missing", { key, method: "PUT", body: product("missing") }),
      },
      "Problem",
    );
    // not published for DELETE, nor 413 anywhere: the document's Problem
    await check(
      {
        doc: "products",
        route: "/products/{productID}",
        method: "delete",
        status: 404,
        code: "not-found",
        send: () => api("/api/products/missing", { key, method: "DELETE" }),
      },
      "Problem",
    );
    await check(
      {
        doc: "products",
        route: "/products",
        method: "post",
        status: 413,
        code: "payload-too-large",
        send: () => api("/api/products", { key, body: { ...product("big"), description: HUGE } }),
      },
      "Problem",
    );
  });
});

describe("product categories", () => {
  it("400, 409 and 404 answers are the published ValidationProblem and Problem", async () => {
    const key = shop.key;
    await check(
      {
        doc: "productcategories",
        route: "/product-categories",
        method: "post",
        status: 400,
        code: "validation-failed",
        send: () => api("/api/product-categories", { key, body: { categoryID: "", title: "" } }),
      },
      "ValidationProblem",
    );
    await check(
      {
        doc: "productcategories",
        route: "/product-categories/{categoryID}",
        method: "patch",
        status: 400,
        code: "validation-failed",
        send: () => api("/api/product-categories/taken", { key, method: "PATCH", body: { title: "x".repeat(256) } }),
      },
      "ValidationProblem",
    );
    await check(
      {
        doc: "productcategories",
        route: "/product-categories",
        method: "post",
        status: 409,
        code: "conflict",
        send: () => api("/api/product-categories", { key, body: { categoryID: "taken", title: "Again" } }),
      },
      "Problem",
    );
    await check(
      {
        doc: "productcategories",
        route: "/product-categories/{categoryID}",
        method: "get",
        status: 404,
        code: "not-found",
        send: () => api("/api/product-categories/missing", { key }),
      },
      "Problem",
    );
    await check(
      {
        doc: "productcategories",
        route: "/product-categories/{categoryID}",
        method: "patch",
        status: 404,
        code: "not-found",
        send: () => api("/api/product-categories/missing", { key, method: "PATCH", body: { title: "x" } }),
      },
      "Problem",
    );
  });
});

describe("images", () => {
  const upload = (file: Buffer | null) => {
    const form = new FormData();
    if (file) form.set("file", new Blob([new Uint8Array(file)], { type: "image/png" }), "photo.png");
    else form.set("name", "nothing");
    return fetch(`${baseUrl()}/api/images/upload`, {
      method: "POST",
      headers: { "Service-Version": VERSION, Authorization: `Service-API-Key ${shop.key}` },
      body: form,
    });
  };

  it("400 answers are the published ValidationProblem; 404 and 413, which the document does not publish, its Problem", async () => {
    const key = shop.key;
    await check(
      { doc: "images", route: "/images/upload", method: "post", status: 400, code: "validation-failed", send: () => upload(null) },
      "ValidationProblem",
    );
    await check(
      {
        doc: "images",
        route: "/images",
        method: "post",
        status: 400,
        code: "validation-failed",
        send: () => api("/api/images", { key, body: { url: "not a url" } }),
      },
      "ValidationProblem",
    );
    await check(
      {
        doc: "images",
        route: "/images",
        method: "get",
        status: 400,
        code: "validation-failed",
        send: () => api("/api/images?limit=0", { key }),
      },
      "ValidationProblem",
    );
    await check(
      {
        doc: "images",
        route: "/images/upload",
        method: "post",
        status: 413,
        code: "payload-too-large",
        send: () => upload(oversizedPng()),
      },
      "Problem",
    );
    await check(
      {
        doc: "images",
        route: "/images/{id}",
        method: "get",
        status: 404,
        code: "not-found",
        send: () => api(`/api/images/${MISSING_ID}`, { key }),
      },
      "Problem",
    );
    await check(
      {
        doc: "images",
        route: "/images/{id}",
        method: "delete",
        status: 404,
        code: "not-found",
        send: () => api(`/api/images/${MISSING_ID}`, { key, method: "DELETE" }),
      },
      "Problem",
    );
  });
});

describe("batches", () => {
  it("400 answers are the published ValidationProblem, 404 its Problem, 413 the document's Problem", async () => {
    const key = shop.key;
    await check(
      {
        doc: "batches",
        route: "/batches",
        method: "post",
        status: 400,
        code: "validation-failed",
        send: () => api("/api/batches", { key, body: { endpoint: "orders", method: "PATCH", items: [] } }),
      },
      "ValidationProblem",
    );
    await check(
      {
        doc: "batches",
        route: "/batches",
        method: "get",
        status: 400,
        code: "validation-failed",
        send: () => api("/api/batches", { key }),
      },
      "ValidationProblem",
    );
    await check(
      {
        doc: "batches",
        route: "/batches/{batchID}",
        method: "get",
        status: 404,
        code: "not-found",
        send: () => api(`/api/batches/${MISSING_ID}`, { key }),
      },
      "Problem",
    );
    await check(
      {
        doc: "batches",
        route: "/batches/{batchID}/items",
        method: "get",
        status: 404,
        code: "not-found",
        send: () => api(`/api/batches/${MISSING_ID}/items`, { key }),
      },
      "Problem",
    );
    await check(
      {
        doc: "batches",
        route: "/batches",
        method: "post",
        status: 413,
        code: "payload-too-large",
        send: () => api("/api/batches", { key, body: { endpoint: "contacts", method: "POST", items: [{ firstName: HUGE }] } }),
      },
      "Problem",
    );
  });
});
