import { describe, expect, it } from "vitest";
import { DOCUMENTED_ROUTES } from "@/app/api-routes";
import { openApiDocument } from "@/lib/openapi/document";
import {
  constraintsOf,
  describeAccess,
  findSchema,
  findSection,
  groupOperations,
  movedAnchors,
  namedSchemas,
  schemaHref,
  schemaRows,
  slug,
  typeOf,
} from "./openapi-view";

const doc = openApiDocument(DOCUMENTED_ROUTES) as any;

describe("groupOperations", () => {
  it("lists every operation of the document under its tag", () => {
    const groups = groupOperations(doc);
    const all = groups.flatMap((g) => g.operations.map((o) => `${o.method} ${o.path}`));
    const expected = Object.entries<any>(doc.paths).flatMap(([path, item]) =>
      ["get", "post", "put", "patch", "delete"].filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(all.sort()).toEqual(expected.sort());
    expect(groups.map((g) => g.tag)).toContain("Account");
  });

  it("shows the version header parameter and the request body of POST /api/api-keys", () => {
    const op = groupOperations(doc)
      .flatMap((g) => g.operations)
      .find((o) => o.method === "POST" && o.path === "/api/api-keys")!;
    expect(op.parameters).toContainEqual(
      expect.objectContaining({ name: "Service-Version", in: "header", required: true, type: '"2026-03-15"' }),
    );
    expect(op.access).toEqual(["Dashboard session"]);
    expect(schemaRows(doc, op.requestBody!.schema)).toContainEqual(
      expect.objectContaining({ name: "name", type: "string", required: true, constraints: ["1–100 characters"] }),
    );
  });
});

describe("schemaRows", () => {
  it("nests object fields and marks nullable types", () => {
    const rows = schemaRows(doc, { $ref: "#/components/schemas/Me" });
    expect(rows).toContainEqual(expect.objectContaining({ name: "brand", depth: 0 }));
    expect(rows).toContainEqual(expect.objectContaining({ name: "plan", depth: 1, type: '"free" | "standard" | "pro"' }));
    const apiKeyRows = schemaRows(doc, { $ref: "#/components/schemas/ApiKey" });
    expect(apiKeyRows.find((r) => r.name === "lastUsedAt")?.type).toBe("string (date-time) | null");
  });

  it("stops at a schema that refers to itself", () => {
    const recursive = {
      components: { schemas: { Node: { type: "object", properties: { child: { $ref: "#/components/schemas/Node" } } } } },
    };
    const rows = schemaRows(recursive, { $ref: "#/components/schemas/Node" });
    expect(rows.map((r) => r.name)).toEqual(["child"]);
  });
});

describe("describeAccess", () => {
  it("names the OAuth scope an operation needs", () => {
    expect(describeAccess(doc, [{ apiKey: [] }, { oauth2: ["contacts.read"] }])).toEqual([
      "API key",
      "OAuth token with scope “contacts.read”",
    ]);
    expect(typeOf(doc, { type: "array", items: { $ref: "#/components/schemas/ApiKey" } })).toBe("ApiKey[]");
  });
});

describe("constraintsOf", () => {
  it("names real bounds and leaves out the integer's safe range zod writes for every int", () => {
    expect(constraintsOf({ type: "integer", minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER })).toEqual([]);
    expect(constraintsOf({ type: "integer", minimum: 1, maximum: 250 })).toEqual(["≥ 1", "≤ 250"]);
  });
});

describe("the reference's pages", () => {
  it("give every section and every named schema an address of its own", () => {
    const groups = groupOperations(doc);
    expect(new Set(groups.map((g) => g.slug)).size).toBe(groups.length);
    expect(groups.map((g) => g.slug)).not.toContain("schemas");
    for (const g of groups) expect(findSection(doc, g.slug)?.tag).toBe(g.tag);
    const schemas = namedSchemas(doc);
    expect(new Set(schemas.map((s) => slug(s.name))).size).toBe(schemas.length);
    for (const s of schemas) expect(findSchema(doc, slug(s.name))?.name).toBe(s.name);
    expect(schemaHref("Problem")).toBe("/docs/api/schemas/problem");
    expect(findSchema(doc, "problem")?.name).toBe("Problem");
    expect(findSection(doc, "no-such-section")).toBeUndefined();
  });

  it("send the anchors of the one-page reference to where they now live", () => {
    const moved = movedAnchors(doc);
    expect(moved["op-post-api-api-keys"]).toBe("/docs/api/account#op-post-api-api-keys");
    expect(moved["schema-apikey"]).toBe("/docs/api/schemas/apikey");
    expect(moved["tag-contacts"]).toBe("/docs/api/contacts");
    const operations = groupOperations(doc).flatMap((g) => g.operations);
    for (const op of operations) expect(moved[op.id]).toMatch(new RegExp(`^/docs/api/[a-z0-9-]+#${op.id}$`));
  });
});
