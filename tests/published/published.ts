// Reusable checks against a machine copy of a published OpenAPI 3.0 document (tests/published/*.json:
// `paths` and `components.schemas`, types and examples only, with a `source` naming where it came from).
//  - expectResponse(method, path, status, body): the body validates against the published response schema
//    of that operation and status (OpenAPI 3.0 semantics: `nullable` honoured, extra fields allowed, a
//    field the schema does not make nullable refuses null);
//  - expectSchema(name, body): against one component schema;
//  - example(name, options): a request body assembled from the per-field `example` values (a field
//    without one is left out; an enum without one takes its first value).
import fs from "node:fs";
import path from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import { expect } from "vitest";

type Schema = Record<string, any>;
export type PublishedCopy = {
  source: { repository: string; path: string; commit: string };
  paths: Record<string, Record<string, { requestBody?: Schema; responses: Record<string, Schema>; requestExamples?: unknown[] }>>;
  components: { schemas: Record<string, Schema> };
};

export function loadPublished(file: string): PublishedCopy {
  return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, file), "utf8")) as PublishedCopy;
}

const ROOT = "published";

/** OpenAPI 3.0 schema → JSON Schema (draft-07): nullable becomes a null type, examples and readOnly go. */
export function toJsonSchema(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(toJsonSchema);
  if (!s || typeof s !== "object") return s;
  const out: Schema = {};
  for (const [k, v] of Object.entries(s as Schema)) {
    if (k === "nullable" || k === "example" || k === "readOnly" || k.startsWith("x-")) continue;
    if (k === "$ref") out.$ref = `${ROOT}${v}`;
    else if (k === "properties") out.properties = Object.fromEntries(Object.entries(v as Schema).map(([p, x]) => [p, toJsonSchema(x)]));
    else out[k] = toJsonSchema(v);
  }
  if ((s as Schema).nullable === true) {
    if (typeof out.type === "string") out.type = [out.type, "null"];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  }
  return out;
}

export function publishedValidator(copy: PublishedCopy) {
  // Formats (a request schema's "date") are checked by our own validators; the shapes are what is compared here.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: ROOT, components: { schemas: toJsonSchema(copy.components.schemas) } });
  const compiled = new Map<string, ValidateFunction>();
  const schemas = copy.components.schemas;

  function errorsOf(schema: Schema, key: string, body: unknown) {
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = ajv.compile(toJsonSchema(schema) as Schema)));
    return validate(body) ? [] : validate.errors;
  }

  /** The published response schema of an operation and status: null when the status has no body. */
  function responseSchema(method: string, route: string, status: number): Schema | null {
    const operation = copy.paths[route]?.[method.toLowerCase()];
    expect(operation, `published operation ${method} ${route}`).toBeDefined();
    const response = operation!.responses[String(status)];
    expect(response, `${method} ${route} publishes ${status}`).toBeDefined();
    return response.content?.["application/json"]?.schema ?? null;
  }

  const refName = (ref: string) => ref.split("/").pop()!;

  /** A value assembled from the examples of a schema. `mapKeys` names the key of a map property ("Schema.property"). */
  function exampleOf(s: Schema, options: { mapKeys?: Record<string, string> } = {}, owner = "", stack: string[] = []): unknown {
    const ref = s.$ref ?? (s.allOf?.length === 1 && s.allOf[0].$ref ? s.allOf[0].$ref : undefined);
    if (s.example !== undefined) return s.example;
    if (ref) {
      const name = refName(ref);
      if (stack.includes(name)) return undefined;
      const target = schemas[name];
      // allOf: [$ref] with a narrowing enum beside it (events' channel).
      if (s.enum) return s.enum[0];
      return exampleOf(target, options, name, [...stack, name]);
    }
    if (s.enum) return s.enum[0];
    if (s.type === "array") {
      const item = s.items ? exampleOf(s.items, options, owner, stack) : undefined;
      return item === undefined ? undefined : [item];
    }
    if (s.type === "object" || s.properties) {
      // A map whose key the caller did not name has no example to give.
      if (!s.properties && s.additionalProperties && typeof s.additionalProperties === "object") return undefined;
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries<Schema>(s.properties ?? {})) {
        const mapKey = options.mapKeys?.[`${owner}.${key}`];
        if (mapKey && property.additionalProperties && typeof property.additionalProperties === "object") {
          const value = exampleOf(property.additionalProperties, options, owner, stack);
          if (value !== undefined) out[key] = { [mapKey]: value };
          continue;
        }
        const value = exampleOf(property, options, owner, stack);
        if (value !== undefined) out[key] = value;
        else if (property.type === "object" && property.additionalProperties === true) out[key] = {};
      }
      return out;
    }
    return undefined;
  }

  return {
    source: copy.source,
    /** Asserts `body` validates against the published response of `method route` for `status`. */
    expectResponse(method: string, route: string, status: number, body: unknown) {
      const schema = responseSchema(method, route, status);
      if (schema === null) return;
      expect(errorsOf(schema, `${method} ${route} ${status}`, body), `${method} ${route} ${status}: ${JSON.stringify(body).slice(0, 400)}`).toEqual([]);
    },
    /** Asserts `body` validates against the component schema `name`. */
    expectSchema(name: string, body: unknown) {
      expect(schemas[name], `published schema ${name}`).toBeDefined();
      expect(errorsOf({ $ref: `#/components/schemas/${name}` }, name, body), `${name}: ${JSON.stringify(body).slice(0, 400)}`).toEqual([]);
    },
    /** A body for the component schema `name` assembled from the document's per-field examples. */
    example(name: string, options: { mapKeys?: Record<string, string> } = {}): Record<string, any> {
      return exampleOf(schemas[name], options, name, [name]) as Record<string, any>;
    },
    /** The whole-body request examples the document gives for an operation. */
    requestExamples(method: string, route: string): unknown[] {
      return copy.paths[route]?.[method.toLowerCase()]?.requestExamples ?? [];
    },
  };
}
