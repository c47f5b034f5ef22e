// Property trees of events (the published PropertyNode): from the recommended catalog's JSON Schemas, from
// declared schemas, or inferred from events received; how an event's properties are checked against a
// declared tree (field errors shaped like zod's, so declared and recommended events fail alike); and which
// segment valueType a property compares as.
import { isDateValue, type ValueType } from "@/lib/segments/conditions";
import type { FieldError } from "@/lib/http/problems";
import type { PropertyNode, PropertyType, WritePropertyNode } from "./schemas";

type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  description?: string;
  anyOf?: JsonSchema[];
};

const scalarOf: Record<string, PropertyType> = {
  string: "string",
  integer: "integer",
  number: "float",
  boolean: "boolean",
  object: "struct",
};

/** A catalog property schema (JSON Schema) as a property node. */
export function nodeFromJsonSchema(schema: JsonSchema): PropertyNode | null {
  const variant = schema.anyOf?.find((s) => s.type && s.type !== "null") ?? schema;
  const type = Array.isArray(variant.type) ? variant.type.find((t) => t !== "null") : variant.type;
  if (type === "array") {
    const item = variant.items ? nodeFromJsonSchema(variant.items) : null;
    if (!item) return { type: "stringList" };
    return item.type === "struct"
      ? { type: "structList", ...(item.properties ? { properties: item.properties } : {}) }
      : { type: `${item.type}List` as PropertyType };
  }
  if (!type || !scalarOf[type]) return null;
  const node: PropertyNode = {
    type: type === "string" && (variant.format === "date" || variant.format === "date-time") ? "date" : scalarOf[type],
  };
  if (variant.description) node.description = variant.description;
  if (type === "object" && variant.properties) node.properties = treeFromJsonSchema(variant);
  return node;
}

export function treeFromJsonSchema(schema: JsonSchema): Record<string, PropertyNode> {
  const out: Record<string, PropertyNode> = {};
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const node = nodeFromJsonSchema(child);
    if (node) out[key] = { ...node, explicitlyDefined: false };
  }
  return out;
}

const JSON_TYPE: Record<string, JsonSchema> = {
  string: { type: "string" },
  integer: { type: "integer" },
  float: { type: "number" },
  boolean: { type: "boolean" },
  date: { type: "string", anyOf: [{ format: "date" }, { format: "date-time" }] },
  struct: { type: "object" },
};

/** A declared tree as the JSON Schema of an event's properties (what GET /api/event-catalog shows); undeclared properties stay allowed. */
export function jsonSchemaOfTree(tree: Record<string, WritePropertyNode>): JsonSchema & { title?: string } {
  const node = (n: WritePropertyNode): JsonSchema & { title?: string } => {
    const list = n.type.endsWith("List");
    const item: JsonSchema = { ...JSON_TYPE[list ? n.type.slice(0, -4) : n.type] };
    if (n.properties) Object.assign(item, jsonSchemaOfTree(n.properties));
    const out: JsonSchema & { title?: string } = list ? { type: "array", items: item } : item;
    if (n.displayName) out.title = n.displayName;
    if (n.description) out.description = n.description;
    return out;
  };
  return { type: "object", properties: Object.fromEntries(Object.entries(tree).map(([key, n]) => [key, node(n)])) };
}

/** A declared tree as the API returns it: every node flagged explicitlyDefined. */
export function declaredTree(nodes: Record<string, WritePropertyNode>): Record<string, PropertyNode> {
  const out: Record<string, PropertyNode> = {};
  for (const [key, node] of Object.entries(nodes)) {
    const { properties, ...rest } = node;
    out[key] = { ...rest, explicitlyDefined: true, ...(properties ? { properties: declaredTree(properties) } : {}) };
  }
  return out;
}

/** The type a received value suggests. */
function typeOfValue(value: unknown): PropertyType | null {
  if (typeof value === "string") return isDateValue(value) ? "date" : "string";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "float";
  if (typeof value === "boolean") return "boolean";
  if (Array.isArray(value)) {
    const first = value.find((v) => v !== null && v !== undefined);
    const item = first === undefined ? "string" : typeOfValue(first);
    return item ? (`${item === "struct" ? "struct" : item}List` as PropertyType) : null;
  }
  if (value && typeof value === "object") return "struct";
  return null;
}

/** A tree inferred from events received (the first value seen of each key decides its type). */
export function inferTree(samples: Record<string, unknown>[], depth = 0): Record<string, PropertyNode> {
  const out: Record<string, PropertyNode> = {};
  if (depth > 4) return out;
  for (const sample of samples) {
    for (const [key, value] of Object.entries(sample)) {
      if (out[key] || key.includes(".")) continue;
      const type = typeOfValue(value);
      if (!type) continue;
      const node: PropertyNode = { type, explicitlyDefined: false };
      if (type === "struct" || type === "structList") {
        const children = samples.flatMap((s) => {
          const v = s[key];
          return type === "struct"
            ? v && typeof v === "object" && !Array.isArray(v)
              ? [v as Record<string, unknown>]
              : []
            : Array.isArray(v)
              ? (v.filter((x) => x && typeof x === "object") as Record<string, unknown>[])
              : [];
        });
        node.properties = inferTree(children, depth + 1);
      }
      out[key] = node;
    }
  }
  return out;
}

function matches(type: PropertyType, value: unknown): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "float":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "date":
      return isDateValue(value);
    case "struct":
      return !!value && typeof value === "object" && !Array.isArray(value);
    default:
      return Array.isArray(value) && value.every((item) => item === null || matches(type.slice(0, -4) as PropertyType, item));
  }
}

const EXPECTED: Record<PropertyType, string> = {
  string: "a string",
  integer: "a whole number",
  float: "a number",
  boolean: "true or false",
  date: "a date (YYYY-MM-DD or RFC 3339)",
  struct: "an object",
  stringList: "a list of strings",
  integerList: "a list of whole numbers",
  floatList: "a list of numbers",
  booleanList: "a list of true/false values",
  dateList: "a list of dates",
  structList: "a list of objects",
};

/** Field errors of `properties` against a declared tree (undeclared properties pass; null counts as absent). */
export function checkProperties(
  tree: Record<string, WritePropertyNode>,
  properties: Record<string, unknown>,
  path: (string | number)[] = ["properties"],
): FieldError[] {
  const errors: FieldError[] = [];
  for (const [key, node] of Object.entries(tree)) {
    const value = properties[key];
    if (value === undefined || value === null) continue;
    const at = [...path, key];
    if (!matches(node.type, value)) {
      errors.push({
        field: at.filter((p) => typeof p === "string").join("."),
        pointer: "/" + at.map((p) => String(p).replace(/~/g, "~0").replace(/\//g, "~1")).join("/"),
        code: "invalid_type",
        message: `must be ${EXPECTED[node.type]} (declared as ${node.type})`,
      });
      continue;
    }
    if (node.properties && node.type === "struct") errors.push(...checkProperties(node.properties, value as Record<string, unknown>, at));
    if (node.properties && node.type === "structList") {
      (value as unknown[]).forEach((item, i) => {
        if (item && typeof item === "object")
          errors.push(...checkProperties(node.properties!, item as Record<string, unknown>, [...at, i]));
      });
    }
  }
  return errors;
}

/** The segment valueType a property of this type compares as (list types compare their elements). */
export function valueTypeOf(type: PropertyType): ValueType | null {
  const base = type.endsWith("List") ? type.slice(0, -4) : type;
  switch (base) {
    case "string":
      return "text";
    case "integer":
    case "float":
      return "number";
    case "boolean":
      return "bool";
    case "date":
      return "date";
    default:
      return null;
  }
}

/** The node a segment property path names ("lineItems.[].productID"), or null. */
export function nodeAt(tree: Record<string, PropertyNode | WritePropertyNode>, path: string): PropertyNode | WritePropertyNode | null {
  let nodes: Record<string, PropertyNode | WritePropertyNode> | undefined = tree;
  let node: PropertyNode | WritePropertyNode | null = null;
  for (const key of path.split(".")) {
    if (key === "[]") {
      if (!node || !node.type.endsWith("List")) return null;
      continue;
    }
    node = nodes?.[key] ?? null;
    if (!node) return null;
    nodes = node.properties;
  }
  return node;
}
