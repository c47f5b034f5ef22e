// JSON Schema (OpenAPI 3.1, as our document writes it) → fast-check arbitrary of values the schema
// accepts, or nearly: cross-field rules are not in a schema, so a generated value may still be refused,
// which is fine for a fuzzer. Sizes stay small (overlong strings and huge arrays are mutations).
// Keywords: $ref, type (one or a list), const, enum, anyOf/oneOf/allOf, properties/required/
// additionalProperties/propertyNames, items/minItems/maxItems, minLength/maxLength/pattern/format,
// minimum/maximum/exclusiveMinimum/exclusiveMaximum, example/examples/default; readOnly fields are left out.
import fc from "fast-check";
import { FIXTURES, textByName } from "./fixtures";

export type JsonSchema = { [key: string]: unknown };
export type OpenApiDocument = { paths: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, JsonSchema> } };

/** Past this depth of nesting an object keeps its required properties only and an array its minimum. */
const SHALLOW_FROM = 6;
/** Past this depth a schema with no finite shape gives null (a recursive $ref without end). */
const GIVE_UP_AT = 12;
const MAX_ITEMS = 3;
const MAX_STRING = 24;

export class SchemaArbitraries {
  private readonly cache = new Map<JsonSchema, fc.Arbitrary<unknown>[]>();

  constructor(private readonly document: OpenApiDocument) {}

  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let i = 0; i < 20 && typeof current.$ref === "string"; i++) {
      const name = (current.$ref as string).replace(/^#\/components\/schemas\//, "");
      const target = this.document.components?.schemas?.[name];
      if (!target) return {};
      current = { ...target, ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== "$ref")) };
    }
    return current;
  }

  /** An arbitrary of values `schema` accepts (within the limits above). */
  of(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
    if (!schema) return fc.jsonValue({ maxDepth: 1 });
    const byDepth = this.cache.get(schema) ?? [];
    this.cache.set(schema, byDepth);
    const level = Math.min(depth, GIVE_UP_AT + 1);
    byDepth[level] ??= this.build(schema, depth);
    return byDepth[level];
  }

  private build(raw: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    if (depth > GIVE_UP_AT) return fc.constant(null);
    const schema = this.resolve(raw);
    const examples = [schema.example, ...((schema.examples as unknown[] | undefined) ?? [])].filter((e) => e !== undefined);
    const generated = this.generated(schema, depth);
    const fixture = typeof raw.$ref === "string" ? FIXTURES[raw.$ref.replace(/^#\/components\/schemas\//, "")] : undefined;
    const choices = [{ arbitrary: generated, weight: 1 }];
    if (examples.length) choices.push({ arbitrary: fc.constantFrom(...examples), weight: 1 });
    if (fixture) choices.push({ arbitrary: fixture, weight: 3 });
    return choices.length === 1 ? generated : fc.oneof(...choices);
  }

  private generated(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    if ("const" in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
    const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (choices?.length) return fc.oneof(...choices.map((choice) => this.of(choice, depth + 1)));
    if (Array.isArray(schema.allOf)) return this.of(this.merge(schema.allOf as JsonSchema[]), depth);
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === "string" ? [schema.type] : [];
    if (types.length > 1) return fc.oneof(...types.map((type) => this.typed({ ...schema, type }, type, depth)));
    if (types.length === 1) return this.typed(schema, types[0], depth);
    if (schema.properties || schema.additionalProperties) return this.typed(schema, "object", depth);
    if (schema.items) return this.typed(schema, "array", depth);
    return fc.jsonValue({ maxDepth: 1 });
  }

  private merge(parts: JsonSchema[]): JsonSchema {
    const merged: JsonSchema = {};
    for (const part of parts.map((p) => this.resolve(p))) {
      Object.assign(merged, part, {
        properties: { ...(merged.properties as object), ...(part.properties as object) },
        required: [...((merged.required as string[]) ?? []), ...((part.required as string[]) ?? [])],
      });
    }
    return merged;
  }

  private typed(schema: JsonSchema, type: string, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer":
      case "number":
        return numbers(schema, type === "integer");
      case "string":
        return strings(schema);
      case "array": {
        const min = (schema.minItems as number | undefined) ?? 0;
        const max = depth >= SHALLOW_FROM ? min : Math.max(min, Math.min((schema.maxItems as number | undefined) ?? MAX_ITEMS, MAX_ITEMS));
        return fc.array(this.of(schema.items as JsonSchema | undefined, depth + 1), { minLength: min, maxLength: max });
      }
      case "object":
        return this.object(schema, depth);
      default:
        return fc.jsonValue({ maxDepth: 1 });
    }
  }

  /** A property's values: by its name too, when the schema says only "text" (an email, a link). */
  private property(name: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const byName = isPlainText(this.resolve(schema)) ? textByName(name) : null;
    return byName ? fc.oneof({ arbitrary: byName, weight: 3 }, { arbitrary: this.of(schema, depth), weight: 1 }) : this.of(schema, depth);
  }

  private object(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
    const properties = Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {}).filter(
      ([, property]) => this.resolve(property).readOnly !== true,
    );
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const kept = depth >= SHALLOW_FROM ? properties.filter(([name]) => required.has(name)) : properties;
    const record = fc.record(Object.fromEntries(kept.map(([name, property]) => [name, this.property(name, property, depth + 1)])), {
      requiredKeys: kept.map(([name]) => name).filter((name) => required.has(name)),
    });
    const extra = schema.additionalProperties;
    if (properties.length === 0 && extra && typeof extra === "object" && depth < SHALLOW_FROM) {
      const keys = schema.propertyNames
        ? (strings(this.resolve(schema.propertyNames as JsonSchema)) as fc.Arbitrary<string>)
        : fc.string({ minLength: 1, maxLength: 12 });
      return fc.dictionary(keys, this.of(extra as JsonSchema, depth + 1), { maxKeys: MAX_ITEMS });
    }
    return record;
  }
}

function isPlainText(schema: JsonSchema): boolean {
  return schema.type === "string" && !schema.enum && !schema.pattern && !schema.format && !("const" in schema);
}

function numbers(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum : undefined;
  const exclusiveMax = typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum : undefined;
  let min = (schema.minimum as number | undefined) ?? (exclusiveMin !== undefined ? exclusiveMin + (integer ? 1 : 1e-6) : -1e6);
  let max = (schema.maximum as number | undefined) ?? (exclusiveMax !== undefined ? exclusiveMax - (integer ? 1 : 1e-6) : 1e6);
  if (min > max) [min, max] = [max, min];
  if (integer)
    return fc.integer({ min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  "date-time": fc
    .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString()),
  date: fc
    .date({ min: new Date("1950-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  email: fc.emailAddress({ size: "xsmall" }),
  uuid: fc.uuid(),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
  uri: fc.webUrl({ size: "xsmall" }),
  url: fc.webUrl({ size: "xsmall" }),
  binary: fc.string({ maxLength: 16 }),
};

function strings(schema: JsonSchema): fc.Arbitrary<string> {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = Math.max(min, Math.min((schema.maxLength as number | undefined) ?? MAX_STRING, MAX_STRING));
  const format = typeof schema.format === "string" ? FORMATS[schema.format] : undefined;
  // dates by their format (the patterns allow year 0000); anything else by its pattern, which is the
  // server's own rule (the document's email pattern is stricter than RFC 5322)
  if (format && (schema.format === "date-time" || schema.format === "date" || typeof schema.pattern !== "string")) return format;
  if (typeof schema.pattern === "string") {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).map((s) => (s.length > 400 ? s.slice(0, 400) : s));
    } catch {
      // a pattern fast-check cannot generate from: fall through to plain text
    }
  }
  return fc.string({ minLength: min, maxLength: max, unit: "grapheme-ascii" });
}
