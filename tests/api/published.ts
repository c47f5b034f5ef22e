// The published 2026-03-15 documents, as machine copies in tests/published/ (types, constraints and
// examples, no prose): validates our answers against their schemas, and builds request bodies from their
// examples (the documents carry per-field `example` values, no whole request examples).
import fs from "node:fs";
import path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import { expect } from "vitest";

type Schema = Record<string, any>;
type Doc = { source: Record<string, string>; paths: Record<string, any>; components: { schemas: Record<string, Schema> } };

const docs = new Map<string, Doc>();
const validators = new Map<string, ValidateFunction>();
// OpenAPI 3.0 schema objects: `nullable` is understood, `example` and friends are annotations.
const ajv = new Ajv({ strict: false, allErrors: true });

export function publishedDoc(name: "products" | "productcategories" | "images" | "batches"): Doc {
  let doc = docs.get(name);
  if (!doc) {
    doc = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../published/${name}-2026-03-15.json`), "utf8")) as Doc;
    ajv.addSchema({ components: doc.components }, name);
    docs.set(name, doc);
  }
  return doc;
}

/** Asserts that `body` validates against the published schema `schema` of document `name`. */
export function expectPublished(name: Parameters<typeof publishedDoc>[0], schema: string, body: unknown): void {
  publishedDoc(name);
  const key = `${name}#${schema}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `${name}#/components/schemas/${schema}` });
    validators.set(key, validate);
  }
  const valid = validate(body);
  expect(valid ? [] : validate.errors, `${schema} of ${name}: ${JSON.stringify(body).slice(0, 400)}`).toEqual([]);
}

/** The response schema a published operation names for a status, e.g. ("/products", "get", "200"). */
export function publishedResponseSchema(name: Parameters<typeof publishedDoc>[0], route: string, method: string, status: string): string {
  const content = publishedDoc(name).paths[route][method].responses[status].content;
  const ref: string = (Object.values(content)[0] as { schema: { $ref: string } }).schema.$ref;
  return ref.split("/").pop()!;
}

/** An object of every property the schema gives an example for (nested objects built the same way). */
export function exampleOf(name: Parameters<typeof publishedDoc>[0], schema: string): Record<string, unknown> {
  const doc = publishedDoc(name);
  const resolve = (s: Schema): Schema => (s.$ref ? doc.components.schemas[s.$ref.split("/").pop()!] : s);
  const build = (s: Schema): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, raw] of Object.entries<Schema>(s.properties ?? {})) {
      const property = resolve(raw);
      if (property.example !== undefined) out[key] = property.example;
      else if (property.type === "array" && property.items && resolve(property.items).properties)
        out[key] = [build(resolve(property.items))];
    }
    return out;
  };
  return build(doc.components.schemas[schema]);
}

/**
 * Asserts a problem answer validates against the schema the published operation gives its status
 * (ValidationProblem for 400, Problem for 404 and 409), or, for a status the operation does not publish
 * (413, the images' 404), against the document's own Problem schema. Returns the name validated against.
 */
export function expectPublishedProblem(
  name: Parameters<typeof publishedDoc>[0],
  route: string,
  method: string,
  status: number,
  body: unknown,
): string {
  const responses = publishedDoc(name).paths[route]?.[method]?.responses;
  expect(responses, `published operation ${method.toUpperCase()} ${route} of ${name}`).toBeDefined();
  const schema = responses[String(status)] ? publishedResponseSchema(name, route, method, String(status)) : "Problem";
  expect(body, `${method.toUpperCase()} ${route}`).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
  expectPublished(name, schema, body);
  return schema;
}
