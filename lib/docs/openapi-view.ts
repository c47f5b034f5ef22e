// Turns the OpenAPI document into plain rows for the reference page: operations grouped by tag and
// JSON Schemas flattened into field tables. Generic on purpose: it renders whatever the document holds.
type Json = Record<string, any>;

export type SchemaRow = {
  name: string;
  depth: number;
  type: string;
  required: boolean;
  description?: string;
  constraints: string[];
  ref?: string;
};
export type ParameterView = { name: string; in: string; required: boolean; type: string; description?: string; constraints: string[] };
export type ResponseView = { status: string; description: string; contentType?: string; schema?: Json };
export type OperationView = {
  id: string;
  method: string;
  path: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  access: string[];
  parameters: ParameterView[];
  requestBody?: { contentType: string; schema: Json; required: boolean };
  responses: ResponseView[];
};
/** A tag's operations: one page of the reference (`/docs/api/<slug>`). */
export type TagGroup = { tag: string; id: string; slug: string; description?: string; operations: OperationView[] };

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function refName(ref: string): string {
  return ref.split("/").pop() ?? ref;
}

export function resolve(doc: Json, schema: Json | undefined): Json | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 10; hops++) current = doc.components?.schemas?.[refName(current.$ref)];
  return current;
}

/** Who may call an operation, in words. */
export function describeAccess(doc: Json, security: Json[] | undefined): string[] {
  const requirements = security ?? doc.security ?? [];
  if (requirements.length === 0) return ["No credentials needed"];
  const lines: string[] = [];
  for (const requirement of requirements) {
    for (const [scheme, scopes] of Object.entries(requirement) as [string, string[]][]) {
      if (scheme === "apiKey") lines.push("API key");
      else if (scheme === "session") lines.push("Dashboard session");
      else if (scheme === "oauth2")
        lines.push(scopes.length ? `OAuth token with scope ${scopes.map((s) => `“${s}”`).join(" and ")}` : "OAuth token (any scope)");
      else lines.push(scopes.length ? `${scheme} (${scopes.join(", ")})` : scheme);
    }
  }
  return [...new Set(lines)];
}

export function groupOperations(doc: Json): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  const tagInfo = new Map<string, string | undefined>((doc.tags ?? []).map((t: Json) => [t.name, t.description]));
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      if (!groups.has(tag))
        groups.set(tag, { tag, id: `tag-${slug(tag)}`, slug: slug(tag), description: tagInfo.get(tag), operations: [] });
      groups.get(tag)!.operations.push(operationView(doc, path, method, op, item.parameters ?? []));
    }
  }
  // In the order of the document's tags (the reading order it declares), then any other.
  const order = [...tagInfo.keys()];
  const rank = (tag: string) => (order.includes(tag) ? order.indexOf(tag) : order.length);
  return [...groups.values()].sort((a, b) => rank(a.tag) - rank(b.tag));
}

function operationView(doc: Json, path: string, method: string, op: Json, shared: Json[]): OperationView {
  const parameters = [...shared, ...(op.parameters ?? [])]
    .map((p: Json) => resolve(doc, p) ?? p)
    .map((p: Json) => {
      const schema = resolve(doc, p.schema) ?? {};
      return {
        name: p.name,
        in: p.in,
        required: !!p.required,
        type: typeOf(doc, p.schema ?? {}),
        description: p.description ?? schema.description,
        constraints: constraintsOf(schema),
      };
    });
  const body = op.requestBody ? resolve(doc, op.requestBody) : undefined;
  const [bodyType, bodyMedia] = Object.entries<Json>(body?.content ?? {})[0] ?? [];
  const responses = Object.entries<Json>(op.responses ?? {}).map(([status, r]) => {
    const response = resolve(doc, r) ?? r;
    const [contentType, media] = Object.entries<Json>(response.content ?? {})[0] ?? [];
    return { status, description: response.description ?? "", contentType, schema: media?.schema };
  });
  return {
    id: `op-${method}-${slug(path)}`,
    method: method.toUpperCase(),
    path,
    summary: op.summary,
    description: op.description,
    deprecated: !!op.deprecated,
    access: describeAccess(doc, op.security),
    parameters,
    requestBody: bodyType ? { contentType: bodyType, schema: bodyMedia.schema ?? {}, required: !!body?.required } : undefined,
    responses,
  };
}

/** A short type label: "string", "integer", "ApiKey[]", "string | null", "\"free\" | \"pro\"". */
export function typeOf(doc: Json, schema: Json): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(" | ");
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map((s: Json) => typeOf(doc, s)))].join(" | ");
  if (schema.allOf) return schema.allOf.map((s: Json) => typeOf(doc, s)).join(" & ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (type === "array") return `${typeOf(doc, schema.items ?? {})}[]`;
  if (type === "object" && !schema.properties && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    return `map of ${typeOf(doc, schema.additionalProperties)}`;
  }
  if (type === "string" && schema.format) return `string (${schema.format})`;
  return type ?? "any";
}

export function constraintsOf(schema: Json): string[] {
  const out: string[] = [];
  if (schema.minLength !== undefined && schema.maxLength !== undefined) out.push(`${schema.minLength}–${schema.maxLength} characters`);
  else if (schema.minLength !== undefined) out.push(`at least ${schema.minLength} characters`);
  else if (schema.maxLength !== undefined) out.push(`at most ${schema.maxLength} characters`);
  // zod writes an integer's safe range (±2^53 - 1) as its bounds: that is no limit a reader needs.
  if (schema.minimum !== undefined && schema.minimum !== Number.MIN_SAFE_INTEGER) out.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined && schema.maximum !== Number.MAX_SAFE_INTEGER) out.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) out.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minItems !== undefined) out.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) out.push(`at most ${schema.maxItems} items`);
  // A format (date-time, email...) says more than the regular expression that implements it.
  if (schema.pattern && !schema.format) out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

const MAX_DEPTH = 6;

/**
 * The fields of an object schema as rows, nested objects and arrays of objects indented below their
 * parent. A named schema ($ref) met a second time on the same branch is shown by name only, so
 * recursive schemas end; below the first level a named schema is shown by name (its type links to it).
 */
export function schemaRows(doc: Json, schema: Json | undefined, depth = 0, seen: string[] = []): SchemaRow[] {
  if (!schema || depth > MAX_DEPTH) return [];
  const ref = schema.$ref ? refName(schema.$ref) : undefined;
  if (ref && seen.includes(ref)) return [];
  const target = resolve(doc, schema) ?? {};
  const trail = ref ? [...seen, ref] : seen;
  const objects = objectParts(doc, target);
  const rows: SchemaRow[] = [];
  for (const part of objects) {
    const required = new Set<string>(part.required ?? []);
    for (const [name, property] of Object.entries<Json>(part.properties ?? {})) {
      const resolved = resolve(doc, property) ?? {};
      const nullableInner = (resolved.anyOf ?? resolved.oneOf)?.find((s: Json) => s.type !== "null");
      const inner = resolve(doc, nullableInner) ?? resolved;
      rows.push({
        name,
        depth,
        type: typeOf(doc, property),
        required: required.has(name),
        description: property.description ?? resolved.description ?? inner.description,
        constraints: constraintsOf(inner),
        ref: property.$ref ? refName(property.$ref) : undefined,
      });
      const child = inner.type === "array" || inner.items ? inner.items : (nullableInner ?? property);
      // Named schemas are expanded one level down only; deeper they are a link to their own table
      // (the template document nests dozens of named schemas: expanding them all made a 19 MB page).
      if (child && !(child.$ref && depth >= 1)) rows.push(...schemaRows(doc, child, depth + 1, trail));
    }
  }
  return rows;
}

function objectParts(doc: Json, schema: Json): Json[] {
  if (schema.properties) return [schema];
  if (schema.allOf) return schema.allOf.flatMap((s: Json) => objectParts(doc, resolve(doc, s) ?? {}));
  return [];
}

/** The reference's page of a tag's operations, and of one named schema. */
export const sectionHref = (group: TagGroup) => `/docs/api/${group.slug}`;
export const operationHref = (group: TagGroup, op: OperationView) => `${sectionHref(group)}#${op.id}`;
export const schemaHref = (name: string) => `/docs/api/schemas/${slug(name)}`;

export function findSection(doc: Json, sectionSlug: string): TagGroup | undefined {
  return groupOperations(doc).find((g) => g.slug === sectionSlug);
}

export function findSchema(doc: Json, schemaSlug: string) {
  return namedSchemas(doc).find((s) => slug(s.name) === schemaSlug);
}

/**
 * Where the anchors of the one-page reference (`/docs/api#op-…`, `/docs/api#schema-…`, `#tag-…`) now
 * live, so that links people kept still land on what they named.
 */
export function movedAnchors(doc: Json): Record<string, string> {
  const moved: Record<string, string> = {};
  for (const group of groupOperations(doc)) {
    moved[group.id] = sectionHref(group);
    for (const op of group.operations) moved[op.id] = operationHref(group, op);
  }
  for (const schema of namedSchemas(doc)) moved[schema.id] = schemaHref(schema.name);
  return moved;
}

export function namedSchemas(doc: Json): { name: string; id: string; description?: string; schema: Json }[] {
  return Object.entries<Json>(doc.components?.schemas ?? {}).map(([name, schema]) => ({
    name,
    id: `schema-${slug(name)}`,
    description: schema.description,
    schema,
  }));
}
