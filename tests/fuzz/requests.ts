// One fuzz request: an operation of the document, a valid request built from its schemas (path ids
// from the brand's own resources), then at most one mutation. Request number i of a run is generated
// from (seed, i) alone, so any failure replays with `npm run fuzz -- --seed S --only i`.
import fc from "fast-check";
import { FilePart } from "./fixtures";
import { encodeLoose, hostileUrlText, hostileValue, PROTOTYPE_KEYS, RawJson, WRONG_TYPES } from "./hostile-values";
import type { CredentialKind, Operation, Parameter } from "./operations";
import type { SchemaArbitraries } from "./schema-arbitrary";

export type Credentials = Record<Exclude<CredentialKind, "none">, Record<string, string>> & { none: Record<string, string> };

/** A brand's ids by collection path (e.g. /api/email-templates → template ids), grown as the run creates things. */
export class IdPools {
  private readonly pools = new Map<string, string[]>();
  private readonly seen = new Set<string>();
  readonly all = new Set<string>();

  constructor(private readonly excluded: ReadonlySet<string> = new Set()) {}

  add(collection: string, id: string): void {
    if (this.excluded.has(id) || this.seen.has(`${collection} ${id}`)) return;
    this.seen.add(`${collection} ${id}`);
    this.all.add(id);
    const pool = this.pools.get(collection) ?? [];
    if (pool.length < 200) pool.push(id);
    this.pools.set(collection, pool);
  }

  get(collection: string): readonly string[] {
    return this.pools.get(collection) ?? [];
  }

  collections(): string[] {
    return [...this.pools.keys()];
  }
}

/** Path parameters whose values are not plain ids of their collection. */
const PARAM_SOURCES: Record<string, { from: string; format: (id: string) => string }> = {
  "/v4/contacts": { from: "/api/contacts", format: (id) => `id:${id}` },
  // the public endpoints of signup forms (public-operations.ts) take a form's id
  "/f": { from: "/api/forms", format: (id) => id },
};

export function poolValues(pools: IdPools, collection: string | null): string[] {
  if (!collection) return [];
  const source = PARAM_SOURCES[collection];
  return source ? pools.get(source.from).map(source.format) : [...pools.get(collection)];
}

type Mutation =
  | { kind: "none" }
  | { kind: "value"; at: number; value: unknown }
  | { kind: "key"; at: number; key: string; value: unknown }
  | { kind: "root"; value: unknown }
  | { kind: "types"; picks: number[] }
  | { kind: "bytes"; at: number; variant: "invalid-utf8" | "truncate" | "empty" | "bom" | "null" | "garbage" | "form" | "escape" }
  | { kind: "content-type"; value: string | null }
  | { kind: "query"; at: number; value: string; how: "replace" | "repeat" | "unknown" | "empty" }
  | { kind: "path"; at: number; value: string }
  | { kind: "header"; variant: (typeof HEADER_VARIANTS)[number] }
  | { kind: "method"; method: string }
  | { kind: "huge"; bytes: number };

const HEADER_VARIANTS = [
  "no-version",
  "bad-version",
  "garbage-auth",
  "unknown-scheme",
  "no-auth",
  "foreign-origin",
  "null-origin",
  "bad-request-id",
  "other-credential",
] as const;

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 18, arbitrary: fc.constant({ kind: "none" as const }) },
  {
    weight: 24,
    arbitrary: fc.record({
      kind: fc.constant("value" as const),
      at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      value: hostileValue,
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("key" as const),
      at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      key: fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 }), fc.constantFrom("\ud800", "unknownField")),
      value: fc.oneof(hostileValue, fc.jsonValue({ maxDepth: 2 })),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("root" as const), value: hostileValue }) },
  // every field of the body (two levels deep) of another type, or left alone, at once: the values a
  // refinement reading several fields must never see
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant("types" as const),
      picks: fc.array(fc.nat(3 * WRONG_TYPES.length), { minLength: 40, maxLength: 40 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("bytes" as const),
      at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      variant: fc.constantFrom("invalid-utf8", "truncate", "empty", "bom", "null", "garbage", "form", "escape"),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("content-type" as const),
      value: fc.constantFrom(
        null,
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=fuzz",
        "application/json; charset=utf-16",
        "application/vnd.api+json",
        "APPLICATION/JSON",
        "application/json;;;",
        "application/xml",
        "*/*",
      ),
    }),
  },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant("query" as const),
      at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      value: hostileUrlText,
      how: fc.constantFrom("replace", "repeat", "unknown", "empty"),
    }),
  },
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant("path" as const),
      at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
      value: fc.oneof(hostileUrlText, fc.constantFrom("<missing>", "<foreign>", "<foreign>")),
    }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant("header" as const), variant: fc.constantFrom(...HEADER_VARIANTS) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("method" as const), method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE") }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("huge" as const), bytes: fc.constantFrom(900_000, 1_100_000) }) },
);

export type Plan = {
  op: Operation;
  params: Record<string, { pick: number; fromPool: boolean; generated: unknown }>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  credential: CredentialKind;
  mutation: Mutation;
};

/** The arbitraries of request plans: of any operation, and of one. */
export function planArbitraries(
  operations: Operation[],
  schemas: SchemaArbitraries,
): { any: fc.Arbitrary<Plan>; of: (op: Operation) => fc.Arbitrary<Plan> } {
  const perOperation = operations.map((op) => {
    const of = (where: Parameter["in"]) => op.parameters.filter((p) => p.in === where);
    // an optional parameter comes one time in five (a random cursor or filter mostly narrows to a 400)
    const optional = (params: Parameter[]) =>
      fc
        .record(
          Object.fromEntries(
            params.map((p) => [
              p.name,
              p.required
                ? schemas.of(p.schema)
                : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: schemas.of(p.schema) }),
            ]),
          ),
        )
        .map((values) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)));
    return fc.record({
      op: fc.constant(op),
      params: fc.record(
        Object.fromEntries(
          of("path").map((p) => [
            p.name,
            fc.record({ pick: fc.nat(), fromPool: fc.nat(9).map((n) => n < 8), generated: schemas.of(p.schema) }),
          ]),
        ),
      ),
      query: optional(of("query")),
      headers: optional(of("header")),
      body: op.body ? schemas.of(op.body.schema) : fc.constant(undefined),
      credential: fc.constantFrom(...op.credentials),
      mutation,
    });
  });
  const byOperation = new Map(operations.map((op, i) => [op, perOperation[i] as fc.Arbitrary<Plan>]));
  return { any: fc.oneof(...perOperation) as fc.Arbitrary<Plan>, of: (op) => byOperation.get(op)! };
}

export type HttpRequest = {
  op: string;
  method: string;
  /** path and query, as sent */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  mutation: string;
  /** the path parameter values taken from the other brand, when the request probes it */
  foreign: string[];
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value));

/** Every location of a JSON value, as paths (bounded: a huge array contributes its first elements). */
function locations(value: unknown, limit = 400): (string | number)[][] {
  const out: (string | number)[][] = [[]];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length && out.length < limit) {
    const { value: current, path } = stack.pop()!;
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.slice(0, 20).map((v, i) => [i, v])
      : isPlainObject(current)
        ? Object.entries(current)
        : [];
    for (const [key, child] of entries) {
      out.push([...path, key]);
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  if (typeof root !== "object" || root === null) return root; // a parent already replaced
  const copy: unknown = Array.isArray(root) ? [...root] : { ...(root as object) };
  const [head, ...rest] = path;
  (copy as Record<string | number, unknown>)[head] = setAt((root as Record<string | number, unknown>)[head], rest, value);
  return copy;
}

const pick = <T>(items: readonly T[], at: number): T => items[Math.floor(at * items.length) % items.length];

/** JSON text of a value holding RawJson pieces and keys such as __proto__ as own properties. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001RAW${raws.length - 1}\u0001`;
    }
    return v;
  });
  if (text === undefined) return "null";
  return raws.length === 0 ? text : text.replace(/"\\u0001RAW(\d+)\\u0001"/g, (_, i) => raws[Number(i)]);
}

function encodeQueryValue(value: unknown): string {
  if (typeof value === "string") return encodeLoose(value);
  if (value instanceof RawJson) return encodeURIComponent(value.text.slice(0, 2000));
  return encodeURIComponent(typeof value === "object" ? toJsonText(value) : String(value));
}

/**
 * The concrete request of a plan for brand A: its own ids in the path (or the other brand's, for a
 * probe), its credentials, the mutation applied.
 */
export function buildRequest(
  plan: Plan,
  context: { own: IdPools; foreign: IdPools; credentials: Credentials; missingId: string },
): HttpRequest {
  const { op, mutation: m } = plan;
  let described: string = m.kind;
  const foreign: string[] = [];

  // Path
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const values: Record<string, string> = {};
  for (const param of pathParams) {
    const choice = plan.params[param.name];
    const pool = poolValues(context.own, op.collection);
    const raw = choice.fromPool && pool.length ? pool[choice.pick % pool.length] : String(choice.generated ?? "");
    values[param.name] = encodeLoose(raw);
  }
  if (m.kind === "path" && pathParams.length) {
    const param = pick(pathParams, m.at);
    if (m.value === "<foreign>") {
      // A public endpoint (a signup form's) belongs to no tenant: another brand's form would answer as its
      // own does and count a view the other brand's read-back then sees change; its own ids are used instead.
      const pool = op.public ? [] : poolValues(context.foreign, op.collection);
      if (pool.length) {
        const id = pool[Math.floor(m.at * 7919) % pool.length];
        foreign.push(id);
        values[param.name] = encodeLoose(id);
      }
      described = "path:foreign";
    } else if (m.value === "<missing>") {
      values[param.name] = context.missingId;
      described = "path:missing";
    } else {
      values[param.name] = m.value;
      described = `path:${m.value.slice(0, 40)}`;
    }
  }
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? "x");

  // Query
  let query = Object.entries(plan.query).map(([name, value]) => [name, encodeQueryValue(value)] as [string, string]);
  if (m.kind === "query") {
    const names = op.parameters.filter((p) => p.in === "query").map((p) => p.name);
    const name = names.length ? pick(names, m.at) : "unknownParam";
    if (m.how === "replace") query = [...query.filter(([n]) => n !== name), [name, m.value]];
    else if (m.how === "repeat") query = [...query, [name, m.value], [name, m.value]];
    else if (m.how === "unknown") query = [...query, [pick(["zzz", "__proto__", "constructor", "%ED%A0%80", "a[b]"], m.at), m.value]];
    else query = [...query, [name, ""]];
    described = `query:${m.how}:${name}`;
  }
  const target = path + (query.length ? "?" + query.map(([n, v]) => `${n}=${v}`).join("&") : "");

  // Headers
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(plan.headers)) headers[name] = String(value);
  let credential = plan.credential;
  if (m.kind === "header" && m.variant === "other-credential") {
    credential = pick(["apiKey", "bearer", "session", "clientBasic", "none"] as const, (plan.params[pathParams[0]?.name]?.pick ?? 7) / 13);
  }
  Object.assign(headers, context.credentials[credential]);
  if (m.kind === "header") {
    described = `header:${m.variant}`;
    if (m.variant === "no-version") delete headers["Service-Version"];
    else if (m.variant === "bad-version") headers["Service-Version"] = "2019-01-01";
    else if (m.variant === "garbage-auth") headers.Authorization = "Bearer \u00ff\u00fe%00 x y";
    else if (m.variant === "unknown-scheme") headers.Authorization = "Digest username=fuzz";
    else if (m.variant === "no-auth") {
      delete headers.Authorization;
      delete headers.Cookie;
    } else if (m.variant === "foreign-origin") headers.Origin = "https://evil.example";
    else if (m.variant === "null-origin") headers.Origin = "null";
    else if (m.variant === "bad-request-id") headers["X-Request-Id"] = "<script>" + "x".repeat(300);
  }

  // Body
  let body: Buffer | undefined;
  let contentType: string | null | undefined = op.body?.contentType;
  let value = plan.body;
  if (m.kind === "value" || m.kind === "key") {
    const spots = locations(value);
    const at = pick(spots, m.at);
    if (m.kind === "value") {
      value = setAt(value, at, m.value);
      described = `value@/${at.join("/")}`;
    } else {
      const target = at.length && typeof value === "object" ? at : [];
      const holder = target.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], value);
      const object = typeof holder === "object" && holder !== null && !Array.isArray(holder) ? holder : {};
      // defined, not assigned, so "__proto__" becomes a key of the JSON text
      const withKey = Object.defineProperty({ ...object }, m.key, { value: m.value, enumerable: true });
      value = setAt(value, target, withKey);
      described = `key:${m.key.slice(0, 20)}@/${target.join("/")}`;
    }
  } else if (m.kind === "root") value = m.value;
  else if (m.kind === "types") {
    const spots = locations(value).filter((path) => path.length >= 1 && path.length <= 2);
    spots.forEach((path, i) => {
      const pick = m.picks[i % m.picks.length];
      if (pick < WRONG_TYPES.length) value = setAt(value, path, WRONG_TYPES[pick]);
    });
    described = "types";
  }
  if (value !== undefined || m.kind === "value" || m.kind === "root" || m.kind === "bytes" || m.kind === "huge") {
    if (contentType === "multipart/form-data") {
      const boundary = "fuzzboundary";
      const fields = isPlainObject(value) ? Object.entries(value) : [["file", value]];
      const parts = fields.map(([name, v]) => {
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="${encodeLoose(String(name))}"`;
        if (v instanceof FilePart) {
          return Buffer.concat([
            Buffer.from(`${head}; filename="${v.filename}"\r\nContent-Type: ${v.type}\r\n\r\n`),
            v.bytes,
            Buffer.from("\r\n"),
          ]);
        }
        return Buffer.from(`${head}\r\n\r\n${typeof v === "string" ? v : toJsonText(v)}\r\n`, "utf8");
      });
      body = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
      contentType = `multipart/form-data; boundary=${boundary}`;
    } else if (contentType === "application/x-www-form-urlencoded") {
      const fields = typeof value === "object" && value !== null ? Object.entries(value) : [];
      body = Buffer.from(fields.map(([k, v]) => `${encodeLoose(k)}=${encodeQueryValue(v)}`).join("&"), "utf8");
    } else {
      body = Buffer.from(toJsonText(value ?? {}), "utf8");
      contentType ??= "application/json";
    }
  }
  if (m.kind === "bytes" && body) {
    const cut = Math.max(1, Math.floor(m.at * body.length));
    described = `bytes:${m.variant}`;
    const quote = body.indexOf(0x22, Math.floor(m.at * body.length)); // inside a string, when there is one
    const spot = quote === -1 ? cut : quote + 1;
    if (m.variant === "invalid-utf8")
      body = Buffer.concat([body.subarray(0, spot), Buffer.from([0xff, 0xed, 0xa0, 0x80, 0xc0]), body.subarray(spot)]);
    else if (m.variant === "truncate") body = body.subarray(0, cut);
    else if (m.variant === "empty") body = Buffer.alloc(0);
    else if (m.variant === "bom") body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]);
    else if (m.variant === "null") body = Buffer.from("null");
    else if (m.variant === "garbage") body = Buffer.concat([body, Buffer.from("}]{garbage")]);
    else if (m.variant === "form") body = Buffer.from("a=1&b=%ED%A0%80");
    else body = Buffer.concat([body.subarray(0, spot), Buffer.from("\\ud800\\udfff\\ud83d"), body.subarray(spot)]);
  }
  if (m.kind === "huge") {
    body = Buffer.from(toJsonText({ ...(typeof value === "object" && value !== null ? value : {}), padding: "x".repeat(m.bytes) }), "utf8");
    described = `huge:${m.bytes}`;
  }
  if (m.kind === "content-type") {
    contentType = m.value;
    body ??= Buffer.from(toJsonText(value ?? {}), "utf8");
    described = `content-type:${m.value}`;
  }
  if (body && contentType) headers["Content-Type"] = contentType;

  const method = m.kind === "method" ? m.method : op.method.toUpperCase();
  if (m.kind === "method") described = `method:${m.method}`;
  return { op: op.id, method, target, headers, body, mutation: described, foreign };
}
