// Shared by the events benchmark and the crash test: a brand and API key in a server's database (via
// the operator CLI, so the benchmark process stays free of a database client), autocannon runs, and
// read-only inbox queries.
import { execFileSync } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { eventBody } from "./event-bodies";

const root = path.resolve(import.meta.dirname, "../..");

function admin(databaseUrl: string, args: string[]): Record<string, string> {
  const out = execFileSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/admin.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").at(-1)!);
}

export function createBrandAndKey(databaseUrl: string): { brandId: string; key: string } {
  const { brandID } = admin(databaseUrl, ["create-brand", "--name", "Bench store", "--plan", "pro"]);
  const { apiKey } = admin(databaseUrl, ["create-api-key", "--brand", brandID, "--name", "bench"]);
  return { brandId: brandID, key: apiKey };
}

export type LoadResult = {
  requestsPerSecond: number;
  accepted: number;
  other: number;
  errors: number;
  p50: number;
  p99: number;
  durationS: number;
};

export async function load(options: {
  url: string;
  key?: string;
  connections: number;
  durationS: number;
  overallRate?: number;
  bodies?: string[];
  onBody?: (body: string) => void;
  /** stop after this many requests (else after durationS) */
  amount?: number;
}): Promise<LoadResult> {
  const bodies = options.bodies ?? Array.from({ length: 5000 }, (_, i) => JSON.stringify(eventBody(i)));
  let n = 0;
  const headers: Record<string, string> = { "content-type": "application/json", "service-version": "2026-03-15" };
  if (options.key) headers.authorization = `Service-API-Key ${options.key}`;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS,
    overallRate: options.overallRate,
    amount: options.amount,
    // autocannon ends a run at its next sample tick: with an amount, a 1 s tick rounded the run's end up
    // to the next second (the end-to-end line read 5.0 s whenever the events were all taken in 4.1 s).
    ...(options.amount ? { sampleInt: 50 } : {}),
    requests: [
      {
        method: "POST",
        path: "/api/events",
        headers,
        setupRequest: (req) => {
          const body = bodies[n++ % bodies.length];
          options.onBody?.(body);
          return { ...req, body };
        },
      },
    ],
  });
  return loadResult(result);
}

/** What an autocannon run tells of the server: accepted (2xx) per second, the rest, the latencies. */
export function loadResult(result: Awaited<ReturnType<typeof autocannon>>): LoadResult {
  return {
    requestsPerSecond: Math.round(result["2xx"] / result.duration),
    accepted: result["2xx"],
    other: result.non2xx,
    errors: result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    durationS: result.duration,
  };
}
