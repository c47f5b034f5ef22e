// `npm run bench:forms`: submissions on a form's public endpoint (POST /f/{formID}: a solved ALTCHA challenge
// in each, the firewall's limits on, a double opt-in confirmation queued per submission) against
// POST /api/events, on the same built server in the same run. Prints the ratio first (target >= 0.5 of
// the events rate), then the submissions' p99 (target < 50 ms), and exits 1 when either is missed.
// The visitors come from many addresses (X-Forwarded-For in 198.18.0.0/15, the benchmarking range), so
// the per-IP limits are on without every request being one visitor's: each address once, consecutive
// visitors in different /24 networks (the per-network limit, 50 an hour by default, is not what is
// measured), 80 per recipient domain at most (limit 300). The server's CPU per request of each run is printed
// too: on a shared machine it holds where rates move with the load. BENCH_ENGINES=sqlite|postgres
// (default sqlite), BENCH_DURATION_S (default 10), BENCH_FORMS_CHALLENGES (solved before the run, default 4000).
import os from "node:os";
import autocannon from "autocannon";
import { solveChallenge } from "altcha-lib/v1";
import { createBrandAndKey, load } from "./bench-helpers";
import { loadAverage, runBench, server, show, sleep } from "./events-load";
import { countRows } from "./inbox-queries";
import { serverCpuMs } from "./targets";
import { startThrowawayPostgres } from "../db/throwaway-postgres";

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CHALLENGES = Number(process.env.BENCH_FORMS_CHALLENGES ?? 4000);
const CONNECTIONS = 32;
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite").split(",");
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;

type Challenge = { algorithm: string; challenge: string; salt: string; signature: string; maxnumber?: number };

async function solved(baseUrl: string, formId: string): Promise<string> {
  const challenge = (await (await fetch(`${baseUrl}/f/${formId}/challenge`)).json()) as Challenge;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error("a challenge of the form could not be solved");
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

// The /24 (third octet) changes with every visitor: 512 networks, each address used once for 131,072 visitors.
const visitorAddress = (i: number) => `198.${18 + ((i >> 16) & 1)}.${i & 255}.${(i >> 8) & 255}`;

async function submissions(baseUrl: string, formId: string, payloads: string[]) {
  let n = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
    amount: payloads.length,
    sampleInt: 50,
    requests: [
      {
        method: "POST",
        path: `/f/${formId}`,
        setupRequest: (req) => {
          const i = n++;
          return {
            ...req,
            headers: { "content-type": "application/json", "x-forwarded-for": visitorAddress(i), "user-agent": "bench:forms" },
            body: JSON.stringify({
              email: `visitor.${i}.${Date.now() % 100000}@bench-${i % 50}.example.com`,
              firstName: "Bench",
              altcha: payloads[i % payloads.length],
            }),
          };
        },
      },
    ],
  });
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

async function measure(engine: string, postgresUrl: string | undefined): Promise<boolean> {
  // The visitors' addresses come as a proxy in front would pass them on (TRUST_PROXY=1).
  const s = await server(engine, postgresUrl, { FORMS_CONFIRMATIONS_PER_MINUTE: "1000000", TRUST_PROXY: "1" });
  try {
    const { key } = createBrandAndKey(s.databaseUrl);
    const made = await fetch(`${s.baseUrl}/api/forms`, {
      method: "POST",
      headers: { "content-type": "application/json", "service-version": "2026-03-15", authorization: `Service-API-Key ${key}` },
      body: JSON.stringify({ name: "Bench", fields: [{ name: "firstName", label: "First name" }] }),
    });
    if (made.status !== 201) throw new Error(`creating the form answered ${made.status}: ${await made.text()}`);
    const formId = ((await made.json()) as { id: string }).id;
    const solving = Date.now();
    const payloads: string[] = [];
    for (let i = 0; i < CHALLENGES; i++) payloads.push(await solved(s.baseUrl, formId));
    console.log(`solved ${payloads.length} challenges in ${((Date.now() - solving) / 1000).toFixed(1)} s (before the runs)`);
    await load({ url: s.baseUrl, key, connections: CONNECTIONS, durationS: 2 }); // warm-up (JIT, caches)
    const pid = s.process.pid!;
    let cpu = serverCpuMs(pid);
    const events = await load({ url: s.baseUrl, key, connections: CONNECTIONS, durationS: DURATION_S });
    const eventsCpuMs = (serverCpuMs(pid) - cpu) / Math.max(1, events.accepted);
    // The events just accepted are processed by the worker before the submissions run: each endpoint is
    // measured on a server busy with its own work, not with the other run's backlog.
    const drainStarted = Date.now();
    while (
      (await countRows(s.databaseUrl, `SELECT COUNT(*) AS n FROM "EventInbox" WHERE "status" = 'pending'`)) > 0 &&
      Date.now() - drainStarted < 180_000
    )
      await sleep(250);
    console.log(`the events run's backlog processed in ${((Date.now() - drainStarted) / 1000).toFixed(1)} s`);
    await sleep(500);
    const started = loadAverage();
    cpu = serverCpuMs(pid);
    const forms = await submissions(s.baseUrl, formId, payloads);
    const formsCpuMs = (serverCpuMs(pid) - cpu) / Math.max(1, forms.accepted);
    const queued = await countRows(s.databaseUrl, `SELECT COUNT(*) AS n FROM "Message" WHERE "sourceKind" = 'form-confirmation'`);
    const ratio = events.requestsPerSecond > 0 ? forms.requestsPerSecond / events.requestsPerSecond : 0;
    const ok = ratio >= TARGET_RATIO && forms.p99 < TARGET_P99_MS && forms.other === 0;
    console.log(`ratio submissions/events: ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? "ok" : "MISSED"}`);
    console.log(`submissions p99: ${forms.p99} ms (target < ${TARGET_P99_MS} ms) ${forms.p99 < TARGET_P99_MS ? "ok" : "MISSED"}`);
    show("POST /f/{formID}", forms);
    show("POST /api/events", events);
    console.log(
      `server CPU per request (both threads, the worker's processing included): submission ${formsCpuMs.toFixed(2)} ms, event ${eventsCpuMs.toFixed(2)} ms`,
    );
    console.log(
      `confirmations queued: ${queued} for ${forms.accepted} accepted; load ${started} → ${loadAverage()}; ${os.cpus().length} cores`,
    );
    return ok;
  } finally {
    await s.stop();
  }
}

async function main() {
  const postgres = ENGINES.includes("postgres")
    ? process.env.TEST_POSTGRES_URL
      ? { url: process.env.TEST_POSTGRES_URL, stop: async () => {} }
      : await startThrowawayPostgres()
    : null;
  let ok = true;
  try {
    for (const engine of ENGINES) {
      console.log(`\n## ${engine === "postgres" ? "PostgreSQL" : "SQLite"}: ${CONNECTIONS} connections, ${DURATION_S} s per run`);
      ok = (await measure(engine, postgres?.url)) && ok;
    }
  } finally {
    await postgres?.stop();
  }
  if (!ok) throw new Error("bench:forms missed its targets");
}

runBench(main);
