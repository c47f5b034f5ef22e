// The published contract (Omnisend API 2026-03-15, emailtemplates document; machine copy in
// tests/published/ with its source named): every response of the template, layout, email-content, import
// and render operations validates against the published response schema (OpenAPI 3.0 semantics:
// nullable honoured, extra fields allowed), and every request body built from the document's examples
// is answered 2xx.
//
// The document has no whole-body examples, only one `example` per field; the request bodies here are
// assembled from those values. Where our spec decides otherwise, the spec's rule is applied and named:
//  - generalSettings.content is the canvas (spec: width, backgroundColor, fontFamily, fontSize, color),
//    where the published schema points at Content;
//  - given preset lists hold the required presets (spec preset rules): the example preset under each id;
//  - node ids are unique within the template (spec): each node gets its own 24-hex id;
//  - each block carries its own type's content field and the components its type takes (published
//    Block.type and BlockComponent rules), one block per type; each section type holds what it accepts
//    (spec: product sections hold product blocks; universal_layout names a layout of the brand, and only it
//    carries settings.universalLayoutID).
import fs from "node:fs";
import path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createTestBrand, json, MISSING_ID, type TestBrand } from "./helpers";

type Schema = Record<string, any>;
const copy = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "../published/emailtemplates-2026-03-15.json"), "utf8")) as {
  source: Record<string, string>;
  operations: Record<string, { request: Schema | null; responses: Record<string, Schema | null>; scopes: string[] }>;
  schemas: Record<string, Schema>;
};

// ---- OpenAPI 3.0 → JSON Schema (draft-07): nullable becomes a null type; refs point into one root.
const ROOT = "published";
function toJsonSchema(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(toJsonSchema);
  if (!s || typeof s !== "object") return s;
  const out: Schema = {};
  for (const [k, v] of Object.entries(s as Schema)) {
    if (k === "nullable" || k === "example") continue;
    if (k === "$ref") out.$ref = `${ROOT}${v}`;
    else if (k === "properties") out.properties = Object.fromEntries(Object.entries(v as Schema).map(([p, x]) => [p, toJsonSchema(x)]));
    else out[k] = toJsonSchema(v);
  }
  if ((s as Schema).nullable === true && typeof out.type === "string") out.type = [out.type, "null"];
  return out;
}
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addSchema({ $id: ROOT, components: { schemas: toJsonSchema(copy.schemas) } });
const validators = new Map<string, ValidateFunction>();

/** Asserts `body` validates against the published response schema of `operation` and `status`. */
function expectPublished(operation: string, status: number, body: unknown) {
  const op = copy.operations[operation];
  expect(op, `published operation ${operation}`).toBeDefined();
  const schema = op.responses[String(status)];
  expect(schema, `${operation} publishes ${status}`).toBeDefined();
  if (schema === null) return;
  const key = `${operation} ${status}`;
  let validate = validators.get(key);
  if (!validate) validators.set(key, (validate = ajv.compile(toJsonSchema(schema) as Schema)));
  const ok = validate(body);
  expect(ok ? [] : validate.errors, `${key}: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
}

/** Asserts `body` validates against a published component schema. */
function expectSchema(name: string, body: unknown) {
  const validate = ajv.getSchema(`${ROOT}#/components/schemas/${name}`)!;
  expect(validate(body) ? [] : validate.errors, `${name}: ${JSON.stringify(body).slice(0, 300)}`).toEqual([]);
}

// ---- request bodies from the per-field examples
const S = copy.schemas;
const refName = (ref: string) => ref.split("/").pop()!;
function example(s: Schema, stack: string[] = []): any {
  const ref = s.$ref ?? (s.allOf?.length === 1 ? s.allOf[0].$ref : undefined);
  if (ref) {
    const name = refName(ref);
    return stack.includes(name) ? undefined : example(S[name], [...stack, name]);
  }
  if (s.type === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, p] of Object.entries<Schema>(s.properties ?? {})) {
      if (p.readOnly) continue;
      const v = example(p, stack);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }
  if (s.type === "array") {
    if (s.example !== undefined) return s.example;
    const item = example(s.items, stack);
    return item === undefined ? [] : [item];
  }
  return s.example ?? (s.enum ? s.enum[0] : s.type === "string" ? "x" : s.type === "boolean" ? true : 1);
}

let counter = 0;
const nodeId = () => (0x5e0000 + ++counter).toString(16).padStart(24, "0");

const of = (name: string) => example({ $ref: `#/components/schemas/${name}` });
const BLOCK = of("Block");
const COMPONENT = of("BlockComponent");
const SECTION = of("Section");
const ROW = of("Row");
const COLUMN = of("Column");

const component = (type: string, role: string, extra: Record<string, unknown> = {}) => ({
  ...COMPONENT,
  id: nodeId(),
  type,
  role,
  ...extra,
});
const COMPONENTS: Record<string, () => unknown[]> = {
  menu: () => [component("text", "menu_text")],
  discount: () => [
    component("text", "discount_code"),
    component("button", "discount_button"),
    component("text", "discount_expiration_date"),
  ],
  dynamicDiscount: () => [
    component("text", "discount_code"),
    component("button", "discount_button"),
    component("text", "discount_expiration_date"),
  ],
  staticDiscount: () => [component("text", "discount_code"), component("text", "discount_expiration_date")],
  product: () => [
    component("image", "product_image"),
    component("text", "product_title"),
    component("text", "product_description"),
    component("price", "product_prices", {
      components: [component("text", "product_current_price"), component("text", "product_old_price")],
    }),
    component("button", "product_button"),
  ],
};
const CONTENT_KEY: Record<string, string[]> = { logo: ["logo", "image"], menu: [] };

/** One block of `type` as the published examples describe it. */
function block(type: string) {
  const keys = CONTENT_KEY[type] ?? (type in BLOCK ? [type] : []);
  return {
    id: nodeId(),
    type,
    role: BLOCK.role,
    stylePresetID: type === "button" ? "primary_button" : BLOCK.stylePresetID,
    secondaryStylePresetID: BLOCK.secondaryStylePresetID,
    styleProperties: BLOCK.styleProperties,
    ...(type === "text" || type === "price" ? { text: BLOCK.text } : {}),
    ...Object.fromEntries(keys.map((k) => [k, BLOCK[k]])),
    ...(COMPONENTS[type] ? { components: COMPONENTS[type]() } : {}),
  };
}

const WRITABLE_BLOCKS = (S.Block.properties.type.enum as string[]).filter((t) => t !== "html");
const CONTENT_BLOCKS = WRITABLE_BLOCKS.filter((t) => t !== "product");

function section(type: string, blocks: unknown[], layoutId?: string) {
  const { universalLayoutID: _u, ...settings } = SECTION.settings;
  return {
    ...SECTION,
    id: nodeId(),
    type,
    ...(type === "product_recommender" ? {} : { productRecommender: undefined }),
    settings: type === "universal_layout" ? { ...settings, universalLayoutID: layoutId } : settings,
    rows: [{ ...ROW, id: nodeId(), columns: [{ ...COLUMN, id: nodeId(), blocks }] }],
  };
}

function sections(layoutId: string) {
  return [
    section("preheader", [block("preheader")]),
    section("", CONTENT_BLOCKS.map(block)),
    ...["products_listing", "product_recommender", "product_cart_recovery", "product_back_in_stock"].map((t) =>
      section(t, [block("product")]),
    ),
    section("dynamic_list", [block("text")]),
    section("universal_layout", [], layoutId),
  ];
}

function generalSettings() {
  const g = of("GeneralSettings");
  const presets = (list: Schema[], ids: string[]) => [
    ...list,
    ...ids.filter((id) => !list.some((p) => p.id === id)).map((id) => ({ ...list[0], id, name: id })),
  ];
  return {
    ...g,
    content: { width: "600px", backgroundColor: "#FFFFFF", fontFamily: "Arial, sans-serif", fontSize: "16px", color: "#383838" },
    buttonPresets: presets(g.buttonPresets, ["primary_button", "secondary_button", "tertiary_button"]),
    textPresets: presets(g.textPresets, ["heading_large", "heading_medium", "heading_small", "paragraph", "footnote"]),
  };
}

const JSON_BODY = (x: unknown) => JSON.parse(JSON.stringify(x)); // drops the undefined members

let brand: TestBrand;
let free: TestBrand;
let layoutId: string;

beforeAll(async () => {
  brand = await createTestBrand({ plan: "standard" });
  free = await createTestBrand({ plan: "free" });
  expect(copy.source).toMatchObject({ repository: "api-evangelist/omnisend", commit: expect.stringMatching(/^[0-9a-f]{40}$/) });
});

describe("universal layouts", () => {
  it("the published request examples are answered 2xx, and every response validates", async () => {
    const layout = JSON_BODY({ ...of("UniversalLayout"), content: section(SECTION.type, [block("product")]) });
    const created = await api("/api/email-universal-layouts", { key: brand.key, body: layout });
    const body = await json(created);
    expect(created.status, JSON.stringify(body)).toBe(201);
    expectPublished("POST /email-universal-layouts", 201, body);
    layoutId = body.id;

    const plain = JSON_BODY({ ...of("UniversalLayout"), content: section("", CONTENT_BLOCKS.map(block)) });
    const put = await api(`/api/email-universal-layouts/${layoutId}`, { key: brand.key, method: "PUT", body: plain });
    expect(put.status, await put.clone().text()).toBe(200);
    expectPublished("PUT /email-universal-layouts/{id}", 200, await json(put));

    const read = await api(`/api/email-universal-layouts/${layoutId}`, { key: brand.key });
    expectPublished("GET /email-universal-layouts/{id}", 200, await json(read));
    const list = await api("/api/email-universal-layouts?limit=5", { key: brand.key });
    expectPublished("GET /email-universal-layouts", 200, await json(list));

    // the body read back is a valid request again (read-only fields are ignored)
    const again = await api(`/api/email-universal-layouts/${layoutId}`, {
      key: brand.key,
      method: "PUT",
      body: await json(await api(`/api/email-universal-layouts/${layoutId}`, { key: brand.key })),
    });
    expect(again.status, await again.clone().text()).toBe(200);
  });
});

describe("templates, email content and render", () => {
  let templateId: string;

  it("POST and PUT the published template example: 201 and 200, the response as published", async () => {
    const template = JSON_BODY({ ...of("Template"), generalSettings: generalSettings(), sections: sections(layoutId) });
    const created = await api("/api/email-templates", { key: brand.key, body: template });
    const body = await json(created);
    expect(created.status, JSON.stringify(body)).toBe(201);
    expectPublished("POST /email-templates", 201, body);
    templateId = body.id;
    expect(body.sections.map((s: { type?: string }) => s.type)).toEqual(template.sections.map((s: { type?: string }) => s.type));
    // nothing sent is dropped: the stored document is the request's (the layout's rows resolved)
    expect(body.sections.slice(0, -1)).toEqual(template.sections.slice(0, -1));

    const put = await api(`/api/email-templates/${templateId}`, {
      key: brand.key,
      method: "PUT",
      body: { ...template, name: "Welcome Email 2" },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    expectPublished("PUT /email-templates/{id}", 200, await json(put));
  });

  it("GET one and the list validate", async () => {
    const one = await api(`/api/email-templates/${templateId}`, { key: brand.key });
    expectPublished("GET /email-templates/{id}", 200, await json(one));
    const list = await api("/api/email-templates?limit=3&sort=name&direction=asc", { key: brand.key });
    expectPublished("GET /email-templates", 200, await json(list));
  });

  it("email content: GET, PUT with the published Content example, render", async () => {
    const got = await api(`/api/email-content/${templateId}`, { key: brand.key });
    const content = await json(got);
    expect(got.status, JSON.stringify(content)).toBe(200);
    expectPublished("GET /email-content/{id}", 200, content);
    expect(content).not.toHaveProperty("name");
    expect(content.id).toBe(templateId);

    const body = JSON_BODY({ ...of("Content"), generalSettings: generalSettings(), sections: sections(layoutId).slice(0, 3) });
    const put = await api(`/api/email-content/${templateId}`, { key: brand.key, method: "PUT", body });
    const replaced = await json(put);
    expect(put.status, JSON.stringify(replaced)).toBe(200);
    expectPublished("PUT /email-content/{id}", 200, replaced);
    expect(replaced.sections).toHaveLength(3);
    // the template keeps its name and shows the new content
    const template = await json(await api(`/api/email-templates/${templateId}`, { key: brand.key }));
    expect(template.name).toBe("Welcome Email 2");
    expect(template.sections).toEqual(replaced.sections);

    const rendered = await api(`/api/email-content/${templateId}/render`, { key: brand.key, method: "POST" });
    const html = await json(rendered);
    expect(rendered.status, JSON.stringify(html).slice(0, 300)).toBe(200);
    expectPublished("POST /email-content/{id}/render", 200, html);
    expect(html.html).toMatch(/^<!doctype html>/i);
  });

  it("template render answers the published string-to-string map", async () => {
    const rendered = await api(`/api/email-templates/${templateId}/render`, { key: brand.key, method: "POST" });
    const body = await json(rendered);
    expect(rendered.status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expectPublished("POST /email-templates/{id}/render", 200, body);
    expect(Array.isArray(JSON.parse(body.warnings))).toBe(true);
  });

  it("a free-plan template (with the read-only badge section) validates too", async () => {
    const created = await api("/api/email-templates", { key: free.key, body: { name: "Free", sections: [section("", [block("text")])] } });
    const body = await json(created);
    expect(created.status, JSON.stringify(body)).toBe(201);
    expectPublished("POST /email-templates", 201, body);
    expect(body.sections.at(-1).type).toBe("badge");
  });

  it("import: the published example is answered 201 with a published Template", async () => {
    const res = await api("/api/email-templates/import", { key: brand.key, body: of("ImportTemplateRequest") });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(201);
    expectPublished("POST /email-templates/import", 201, body);
  });

  it("error responses are published APIErrorResponse bodies", async () => {
    const bad = await api("/api/email-templates", { key: brand.key, body: { name: "", sections: [{ id: "x" }] } });
    expect(bad.status).toBe(400);
    expectPublished("POST /email-templates", 400, await json(bad));
    const missing = await api(`/api/email-content/${MISSING_ID}`, { key: brand.key });
    expect(missing.status).toBe(404);
    expectPublished("GET /email-content/{id}", 404, await json(missing));
    const unclosed = await api("/api/email-templates", {
      key: brand.key,
      body: { name: "Unclosed", sections: [section("", [{ id: nodeId(), type: "text", text: "Hi [[contact.first_name" }])] },
    });
    const { id } = await json(unclosed);
    for (const p of [`/api/email-templates/${id}/render`, `/api/email-content/${id}/render`]) {
      const res = await api(p, { key: brand.key, method: "POST" });
      expect(res.status).toBe(422);
      const problem = await json(res);
      // the content render publishes its 422; the template render's error bodies are APIErrorResponse too
      if (p.startsWith("/api/email-content")) expectPublished("POST /email-content/{id}/render", 422, problem);
      else expectSchema("APIErrorResponse", problem);
    }
    const gone = await api(`/api/email-templates/${id}`, { key: brand.key, method: "DELETE" });
    expect(gone.status).toBe(204);
    expectPublished("DELETE /email-templates/{id}", 204, null);
  });
});

describe("scopes as published", () => {
  it("email content: GET needs email-templates.read; PUT and render need email-templates.write", async () => {
    const { accessTokenFor } = await import("./oauth-helpers");
    const read = await accessTokenFor(brand.brandId, ["email-templates.read"]);
    const write = await accessTokenFor(brand.brandId, ["email-templates.write"]);
    const { id } = await json(await api("/api/email-templates", { key: brand.key, body: { name: "Scopes", sections: [] } }));
    expect((await api(`/api/email-content/${id}`, { bearer: read })).status).toBe(200);
    expect((await api(`/api/email-content/${id}`, { bearer: read, method: "PUT", body: { sections: [] } })).status).toBe(403);
    expect((await api(`/api/email-content/${id}/render`, { bearer: read, method: "POST" })).status).toBe(403);
    expect((await api(`/api/email-content/${id}`, { bearer: write, method: "PUT", body: { sections: [] } })).status).toBe(200);
    expect((await api(`/api/email-content/${id}/render`, { bearer: write, method: "POST" })).status).toBe(200);
  });

  it("both render operations need the scope the published document gives them (email-templates.write)", async () => {
    const { accessTokenFor } = await import("./oauth-helpers");
    const { id } = await json(await api("/api/email-templates", { key: brand.key, body: { name: "Render scopes", sections: [] } }));
    for (const [operation, path] of [
      ["POST /email-templates/{id}/render", `/api/email-templates/${id}/render`],
      ["POST /email-content/{id}/render", `/api/email-content/${id}/render`],
    ]) {
      const [scope] = copy.operations[operation].scopes;
      expect(copy.operations[operation].scopes, operation).toEqual(["email-templates.write"]);
      const other = scope.replace(/\.write$/, ".read");
      const allowed = await accessTokenFor(brand.brandId, [scope]);
      const refused = await accessTokenFor(brand.brandId, [other]);
      expect((await api(path, { bearer: allowed, method: "POST" })).status, `${operation} with ${scope}`).toBe(200);
      const problem = await api(path, { bearer: refused, method: "POST" });
      expect(problem.status, `${operation} with ${other} only`).toBe(403);
      expectPublished(operation, 403, await json(problem));
    }
  });
});
