// The fuzz run: a server of its own (raised rate limits, a fresh database: SQLite, or PostgreSQL when
// TEST_POSTGRES_URL is set), two seeded brands, the OpenAPI document read over HTTP, then
//   1. setup: each brand creates resources through the API's own create operations (their ids feed the
//      path parameters: the fuzzer's brand uses its own, probes use the other brand's);
//   2. probes: every operation with a path id, with each credential kind, on the other brand's ids and
//      on ids that name nothing: both must be answered alike (nothing is found, nothing leaks existence);
//   3. N requests, number i generated from (seed, i): valid requests and mutations (./requests.ts);
//   4. the other brand's resources are read back: unchanged.
// Any failure (./oracle.ts) is printed with the request, the answer and the server's log lines.
import { spawnSync } from "node:child_process";
import http from "node:http";
import path from "node:path";
import fc from "fast-check";
import { startTestServer, type TestServer } from "../api/setup/test-server";
import { signInAt } from "../api/setup/sign-in";
import { PUBLIC_OPERATIONS } from "./public-operations";
import { operationsOf, type Operation } from "./operations";
import { verdict, type Outcome } from "./oracle";
import { buildRequest, IdPools, planArbitraries, poolValues, type Credentials, type HttpRequest, type Plan } from "./requests";
import { SchemaArbitraries, type OpenApiDocument } from "./schema-arbitrary";
import type { Seeded } from "./seed-brands";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Every budget of lib/config.ts lifted (each RATE_LIMIT_* and per-hour setting: scripts/fuzz-env.test.ts
 * checks none is left out), so the fuzzer never meets a 429 and a 429 fails the run (oracle.ts).
 */
export const FUZZ_SERVER_ENV = {
  RATE_LIMIT_PER_MINUTE: "100000000",
  RATE_LIMIT_RENDER_PER_MINUTE: "100000000",
  RATE_LIMIT_TAGS_PER_MINUTE: "100000000",
  RATE_LIMIT_SESSION_PER_MINUTE: "100000000",
  RATE_LIMIT_ANALYTICS_PER_MINUTE: "100000000",
  TEST_SEND_PER_HOUR: "100000000",
  FORMS_CONFIRMATIONS_PER_MINUTE: "100000000",
  FORMS_SIGNUPS_PER_IP_PER_HOUR: "100000000",
  FORMS_SIGNUPS_PER_NETWORK_PER_HOUR: "100000000",
  FORMS_SIGNUPS_PER_DOMAIN_PER_HOUR: "100000000",
  INBOUND_RATE_PER_MINUTE: "100000000",
  IMAGES_FETCH_TIMEOUT_MS: "1000",
  // events commit without waiting for an fsync: the fuzz is about answers, not power loss
  EVENTS_SQLITE_SYNCHRONOUS: "normal",
};

export type FuzzOptions = {
  requests: number;
  seed: number;
  concurrency?: number;
  /** replay these request numbers only */
  only?: number[];
  log?: (line: string) => void;
};

export type Failure = {
  index: number | null;
  phase: string;
  reasons: string[];
  request: HttpRequest;
  outcome: Outcome | null;
  serverLog: string;
};

export type FuzzReport = {
  seed: number;
  requests: number;
  probes: number;
  operations: number;
  /** operations that answered 2xx at least once (setup included) */
  operationsSucceeded: number;
  statuses: Record<string, number>;
  /** answers per operation and status */
  perOperation: Record<string, Record<string, number>>;
  latency: { p50: number; p99: number; max: number };
  durationMs: number;
  failures: Failure[];
  engine: string;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function send(baseUrl: string, request: HttpRequest): Promise<Outcome> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.target,
        // a body always goes with its length (Node frames no body of a GET otherwise)
        headers: request.body ? { ...request.headers, "Content-Length": String(request.body.length) } : request.headers,
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }),
        );
        res.on("error", () => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), ms: performance.now() - started }));
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error("timeout")));
    req.on("error", (error) =>
      resolve({ status: 599, headers: {}, body: Buffer.from(`client error: ${error.message}`), ms: performance.now() - started }),
    );
    req.end(request.body);
  });
}

/** The seed of request number i (a failure replays from the run's seed and its number). */
export function requestSeed(seed: number, index: number): number {
  return (Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) + Math.imul(index + 1, 0x85ebca6b)) | 0;
}

function seedBrands(server: TestServer): Seeded {
  const result = spawnSync(path.join(root, "node_modules/.bin/tsx"), ["tests/fuzz/seed-brands.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: server.databaseUrl, AUTH_SECRET: server.authSecret },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`seeding the fuzz brands failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").pop()!) as Seeded;
}

function credentialsFor(brand: Seeded["own"], cookie: string, client: Seeded["client"], origin: string): Credentials {
  return {
    apiKey: { Authorization: `Service-API-Key ${brand.apiKey}` },
    bearer: { Authorization: `Bearer ${brand.bearer}` },
    session: { Cookie: cookie, Origin: origin },
    clientBasic: { Authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}` },
    none: {},
  };
}

/**
 * The ids in an answer under `keys`: the resource's own, or, for a list (an answer without an id of its
 * own), those of the items of its lists.
 */
function idsIn(body: Buffer, keys: readonly string[]): string[] {
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    return [];
  }
  const ids: string[] = [];
  const take = (object: unknown) => {
    if (typeof object !== "object" || object === null) return;
    for (const key of keys) {
      const v = (object as Record<string, unknown>)[key];
      if (typeof v === "string" && v.length <= 100) ids.push(v);
    }
  };
  take(value);
  if (ids.length === 0 && typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) if (Array.isArray(v)) v.slice(0, 50).forEach(take);
  }
  return ids;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

function serverLogFor(server: TestServer, outcome: Outcome | null): string {
  const id = outcome?.headers["x-request-id"];
  if (!id) return "";
  const lines = server.logs().split("\n");
  const at = lines.findIndex((line) => line.includes(`[${id}]`));
  return at === -1 ? "" : lines.slice(at, at + 12).join("\n");
}

export function describeFailure(failure: Failure, seed: number): string {
  const { request, outcome } = failure;
  const body = request.body ? request.body.toString("utf8") : "";
  const lines = [
    `FAIL ${failure.phase}${failure.index === null ? "" : ` #${failure.index}`} (${request.op}, mutation ${request.mutation}): ${failure.reasons.join("; ")}`,
    `  replay: npm run fuzz -- --seed ${seed}${failure.index === null ? "" : ` --only ${failure.index}`}`,
    `  ${request.method} ${request.target.slice(0, 400)}`,
    `  headers: ${JSON.stringify(request.headers).slice(0, 400)}`,
    body ? `  body (${request.body!.length} bytes): ${JSON.stringify(body.slice(0, 600))}` : "  no body",
    outcome
      ? `  answer ${outcome.status} in ${Math.round(outcome.ms)} ms: ${JSON.stringify(outcome.body.toString("utf8").slice(0, 600))}`
      : "",
    failure.serverLog ? `  server log:\n    ${failure.serverLog.replace(/\n/g, "\n    ")}` : "",
  ];
  return lines.filter(Boolean).join("\n");
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => {});
  const concurrency = options.concurrency ?? 6;
  const started = Date.now();
  const server = await startTestServer({ label: "fuzz", env: FUZZ_SERVER_ENV });
  try {
    const base = server.baseUrl;
    const seeded = seedBrands(server);
    const [ownCookie, otherCookie] = [
      await signInAt(base, seeded.own.email, seeded.own.password),
      await signInAt(base, seeded.other.email, seeded.other.password),
    ];
    const own = credentialsFor(seeded.own, ownCookie, seeded.client, base);
    const other = credentialsFor(seeded.other, otherCookie, seeded.client, base);
    const document = (await (await fetch(base + "/api/openapi.json")).json()) as OpenApiDocument;
    const operations = [...operationsOf(document), ...PUBLIC_OPERATIONS];
    const schemas = new SchemaArbitraries(document);
    const plans = planArbitraries(operations, schemas);
    const byId = new Map(operations.map((op) => [op.id, op]));
    // The fuzzer's own credentials are never a target (deleting its API key would end the run).
    const ownPools = new IdPools(new Set([seeded.own.apiKeyId]));
    const otherPools = new IdPools(new Set([seeded.other.apiKeyId]));
    const statuses: Record<string, number> = {};
    const perOperation: Record<string, Record<string, number>> = {};
    const latencies: number[] = [];
    const failures: Failure[] = [];
    const succeeded = new Set<string>();
    let serverExitTold = false;
    const missingId = "00000000000000000fuzz000".replace("fuzz", "dead");
    log(
      `fuzz: ${operations.length} operations, seed ${options.seed}, ${server.databaseUrl.startsWith("file:") ? "SQLite" : "PostgreSQL"} at ${base}`,
    );

    // The id member of each collection's items: the name of its path parameter (batchID, categoryID), or id.
    const idKeys = new Map<string, string[]>();
    for (const op of operations) {
      const param = op.collection?.length ? op.path.slice(op.collection.length).match(/^\/\{([^}]+)\}/)?.[1] : undefined;
      if (!op.collection || !param) continue;
      // segments answer with segmentID: the collection's last word, singular, + ID
      const last = op.collection.split("/").pop()!;
      const singular = last.replace(/s$/, "").replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
      idKeys.set(op.collection, [...new Set([param, "id", `${singular}ID`])]);
    }
    const harvest = (pools: IdPools, op: Operation, outcome: Outcome) => {
      if (outcome.status < 200 || outcome.status >= 300) return;
      succeeded.add(op.id);
      const keys = op.collection === null ? idKeys.get(op.path) : undefined;
      if (keys) for (const id of idsIn(outcome.body, keys)) pools.add(op.path, id);
    };
    const exchange = async (phase: string, index: number | null, request: HttpRequest, op: Operation, pools: IdPools | null) => {
      // Any answer slower than the limit fails the run (oracle.ts): it is never sent again to get a faster one.
      const outcome = await send(base, request);
      if (outcome.status === 599 && server.process.exitCode !== null && !serverExitTold) {
        serverExitTold = true;
        log(`the server exited (code ${server.process.exitCode}); its last lines:\n${server.logs().split("\n").slice(-60).join("\n")}`);
      }
      statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
      const counts = (perOperation[op.id] ??= {});
      counts[outcome.status] = (counts[outcome.status] ?? 0) + 1;
      latencies.push(outcome.ms);
      if (pools) harvest(pools, op, outcome);
      const reasons =
        pools === ownPools || phase === "probe" ? verdict(request, op, outcome, otherPools.all) : verdict(request, op, outcome, new Set());
      if (reasons.length) {
        failures.push({ index, phase, reasons, request, outcome, serverLog: serverLogFor(server, outcome) });
        if (failures.length <= 10) log(describeFailure(failures.at(-1)!, options.seed));
      }
      return outcome;
    };
    const valid = (op: Operation, seed: number): Plan => {
      const sampled = fc.sample(plans.of(op), { seed, numRuns: 1 })[0];
      return { ...sampled, mutation: { kind: "none" } };
    };

    // 1. Setup: both brands create resources (collections first, so that later creates can name them).
    const creates = operations.filter((op) => op.method === "post" && op.collection === null && op.errorFormat === "problem");
    const lists = operations.filter((op) => op.method === "get" && op.collection === null && op.errorFormat === "problem");
    for (const [brand, pools, credentials] of [
      [0, ownPools, own],
      [1, otherPools, other],
    ] as const) {
      for (const op of creates) {
        let made = 0;
        for (let attempt = 0; attempt < 40 && made < 3; attempt++) {
          const plan = {
            // each brand its own values: client-chosen ids (a product's) must not name the same thing in both
            ...valid(op, requestSeed(options.seed, -1000 - attempt - 100 * brand)),
            credential: op.credentials.includes("apiKey") ? ("apiKey" as const) : op.credentials[0],
          };
          const request = buildRequest(plan, { own: pools, foreign: pools, credentials, missingId });
          const outcome = await exchange("setup", null, request, op, pools);
          if (outcome.status >= 200 && outcome.status < 300) made++;
        }
      }
      for (const op of lists) {
        const plan = {
          ...valid(op, requestSeed(options.seed, -1)),
          query: {},
          credential: op.credentials.includes("apiKey") ? ("apiKey" as const) : op.credentials[0],
        };
        await exchange("setup", null, buildRequest(plan, { own: pools, foreign: pools, credentials, missingId }), op, pools);
      }
    }
    log(`setup: own ids in ${ownPools.collections().length} collections, the other brand's in ${otherPools.collections().length}`);

    // The other brand's resources as they are now (read back at the end).
    const readable = operations.filter(
      (op) => !op.public && op.method === "get" && op.collection && op.parameters.filter((p) => p.in === "path").length === 1,
    );
    const snapshot = async () => {
      const out = new Map<string, string>();
      for (const op of readable) {
        for (const id of poolValues(otherPools, op.collection).slice(0, 5)) {
          const param = op.parameters.find((p) => p.in === "path")!;
          const target = op.path.replace(`{${param.name}}`, encodeURIComponent(id));
          const headers = { ...other[op.credentials.includes("apiKey") ? "apiKey" : "bearer"], "Service-Version": "2026-03-15" };
          const outcome = await send(base, { op: op.id, method: "GET", target, headers, mutation: "none", foreign: [] });
          // what the other brand reads of its own (error answers differ by their request ids alone)
          if (outcome.status === 200) out.set(target, outcome.body.toString("utf8"));
        }
      }
      return out;
    };
    // The other brand's own background work (its events still being processed, a job under way) may
    // still change what it reads: the snapshot is taken once nothing in it is pending or running (at
    // most 30 s), so a change at the end is the run's doing.
    const unsettled = /"status":"(pending|queued|running|processing|sending)"/;
    let before = await snapshot();
    for (const deadline = Date.now() + 30_000; [...before.values()].some((body) => unsettled.test(body)) && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      before = await snapshot();
    }

    // 2. Probes: the other brand's ids against this brand's credentials, compared with ids of nothing.
    let probes = 0;
    const probed = operations.filter((op) => op.collection && op.errorFormat === "problem" && poolValues(otherPools, op.collection).length);
    for (const op of probed) {
      for (const kind of op.credentials.filter((k) => k !== "none" && k !== "clientBasic")) {
        for (const [n, id] of poolValues(otherPools, op.collection).slice(0, 2).entries()) {
          const plan = { ...valid(op, requestSeed(options.seed, -5000 - n)), credential: kind };
          const probe = buildRequest(
            { ...plan, mutation: { kind: "path", at: 0, value: "<foreign>" } },
            {
              own: ownPools,
              foreign: onlyId(op, id),
              credentials: own,
              missingId,
            },
          );
          const blank = buildRequest(
            { ...plan, mutation: { kind: "path", at: 0, value: "<missing>" } },
            {
              own: ownPools,
              foreign: otherPools,
              credentials: own,
              missingId: op.collection === "/v4/contacts" ? `id:${missingId}` : missingId,
            },
          );
          const [a, b] = [await exchange("probe", null, probe, op, null), await exchange("probe", null, blank, op, null)];
          probes += 2;
          if (a.status !== b.status) {
            failures.push({
              index: null,
              phase: "probe",
              reasons: [`cross-tenant: the other brand's id answered ${a.status}, an id of nothing ${b.status}`],
              request: probe,
              outcome: a,
              serverLog: serverLogFor(server, a),
            });
          }
        }
      }
    }
    log(`probes: ${probes} requests on ${probed.length} operations`);

    // 3. The run.
    const indices = options.only ?? Array.from({ length: options.requests }, (_, i) => i);
    let next = 0;
    let done = 0;
    // what is in flight since when, told when it is stuck (an answer past the 5 s limit is a failure anyway)
    const inFlight = new Map<number, { since: number; line: string }>();
    const watchdog = setInterval(() => {
      for (const [index, { since, line }] of inFlight) {
        if (Date.now() - since > 30_000) log(`  still waiting after ${Math.round((Date.now() - since) / 1000)} s for #${index}: ${line}`);
      }
    }, 30_000);
    const worker = async () => {
      while (next < indices.length) {
        const index = indices[next++];
        inFlight.set(index, { since: Date.now(), line: "generating" });
        const plan = fc.sample(plans.any, { seed: requestSeed(options.seed, index), numRuns: 1 })[0];
        const request = buildRequest(plan, { own: ownPools, foreign: otherPools, credentials: own, missingId });
        inFlight.set(index, { since: Date.now(), line: `${request.method} ${request.target.slice(0, 200)} (${request.mutation})` });
        await exchange("run", index, request, byId.get(request.op)!, ownPools);
        inFlight.delete(index);
        if (++done % 1000 === 0)
          log(`  ${done}/${indices.length} requests, ${failures.length} failures, ${Math.round((Date.now() - started) / 1000)} s`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    clearInterval(watchdog);

    // 4. Nothing of the other brand changed.
    const after = await snapshot();
    for (const [target, was] of before) {
      if (after.get(target) !== was) {
        failures.push({
          index: null,
          phase: "other brand read back",
          reasons: [`cross-tenant: GET ${target} of the other brand changed during the run`],
          request: { op: "GET", method: "GET", target, headers: {}, mutation: "none", foreign: [] },
          outcome: null,
          serverLog: `before: ${was.slice(0, 300)}\nafter:  ${(after.get(target) ?? "").slice(0, 300)}`,
        });
      }
    }

    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      seed: options.seed,
      requests: indices.length,
      probes,
      operations: operations.length,
      operationsSucceeded: succeeded.size,
      statuses,
      perOperation,
      latency: { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 },
      durationMs: Date.now() - started,
      failures,
      engine: server.databaseUrl.startsWith("file:") ? "SQLite" : "PostgreSQL",
    };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

/** Pools that give one operation's path exactly `value` (a value of poolValues for its collection). */
function onlyId(op: Operation, value: string): IdPools {
  const pools = new IdPools();
  if (op.collection === "/v4/contacts") pools.add("/api/contacts", value.replace(/^id:/, ""));
  else pools.add(op.collection!, value);
  return pools;
}
