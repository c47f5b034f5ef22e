// npm run bench:templates — server latency of the template API on the embedded SQLite default:
// create and get of a large template (50 sections x 2 rows x 2 columns x 3 blocks) and list with
// 1,000 and 50,000 templates in the brand. Starts the BUILT server (npm run build first) on a temporary
// database, like the API tests; requests are sequential over loopback with keep-alive. Each line also gives
// the server's CPU time per request (all threads, from /proc on Linux): steadier than wall time on a shared machine.
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { startTestServer } from "../../tests/api/setup/test-server";
import { percentile } from "./stats";

const VERSION = "2026-03-15";
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);

let serverPid: number | undefined;

/** User + system CPU time (ms) of a process and its descendants (tsx runs the server in a child), or NaN off Linux. */
function treeCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    let ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      for (const child of fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean))
        ms += treeCpuMs(Number(child));
    }
    return ms;
  } catch {
    return NaN;
  }
}

async function measure(label: string, n: number, request: (i: number) => Promise<Response>, expected: number) {
  for (let i = 0; i < Math.min(20, n); i++) await (await request(i)).arrayBuffer(); // warm-up
  const cpuBefore = serverPid ? treeCpuMs(serverPid) : NaN;
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    const res = await request(i);
    await res.arrayBuffer();
    times.push(performance.now() - start);
    if (res.status !== expected) throw new Error(`${label}: HTTP ${res.status}`);
  }
  const cpu = serverPid ? (treeCpuMs(serverPid) - cpuBefore) / n : NaN;
  times.sort((a, b) => a - b);
  const line = { label, n, p50: +percentile(times, 50).toFixed(2), p99: +percentile(times, 99).toFixed(2), serverCpuMs: +cpu.toFixed(2) };
  console.log(
    `${label.padEnd(60)} n=${String(n).padStart(4)}  p50 ${line.p50.toFixed(2).padStart(7)} ms  p99 ${line.p99.toFixed(2).padStart(7)} ms  server CPU ${cpu.toFixed(2)} ms/request`,
  );
  return line;
}

async function seed(brandId: string, count: number) {
  const { db } = await import("@/lib/db");
  const { newId } = await import("@/lib/ids");
  const { plainSection } = await import("@/lib/templates/fixtures");
  const sections = [plainSection([{ id: "b1", type: "text", text: "<p>Seeded</p>" }])];
  const start = Date.now() - count * 1000;
  let middle: { id: string; nameLower: string; createdAt: Date } | undefined;
  for (let done = 0; done < count; done += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - done) }, (_, k) => {
      const at = new Date(start + (done + k) * 1000);
      const name = `Seeded template ${(done + k).toString().padStart(6, "0")} ${["Spring", "summer", "Autumn", "winter"][k % 4]}`;
      return { id: newId(at), brandId, name, nameLower: name.toLowerCase(), generalSettings: {}, sections, createdAt: at, updatedAt: at };
    });
    middle ??= done + 1000 >= count / 2 ? rows[Math.floor(count / 2) - done] : undefined;
    await db.emailTemplate.createMany({ data: rows });
  }
  return middle!;
}

async function main() {
  if (process.env.TEST_POSTGRES_URL) console.log("note: TEST_POSTGRES_URL is set, so this runs on PostgreSQL");
  const server = await startTestServer({ label: "bench", env: { RATE_LIMIT_PER_MINUTE: "1000000" } });
  process.env.DATABASE_URL = server.databaseUrl;
  serverPid = server.process.pid;
  try {
    const { createBrand } = await import("@/lib/brands/create-brand");
    const { createApiKey } = await import("@/lib/brands/api-keys");
    const { largeTemplate } = await import("@/lib/templates/fixtures");
    const brandWithKey = async (name: string) => {
      const brand = await createBrand({ name, plan: "standard" });
      return { brandId: brand.id, key: (await createApiKey(brand.id, "bench")).key };
    };
    const call = async (key: string, path: string, init: RequestInit = {}): Promise<Response> => {
      const go = () =>
        fetch(server.baseUrl + path, {
          ...init,
          headers: {
            "Service-Version": VERSION,
            Authorization: `Service-API-Key ${key}`,
            "Content-Type": "application/json",
            ...init.headers,
          },
        });
      // After a long seeding pause the server has closed the idle keep-alive socket the client still holds.
      return go().catch(go);
    };

    const big = await brandWithKey("bench big templates");
    const doc = JSON.stringify(largeTemplate("Large template"));
    console.log(`large template: 50 sections x 2 rows x 2 columns x 3 blocks, ${(doc.length / 1024).toFixed(0)} KiB of JSON`);
    const results = [];
    results.push(
      await measure(
        "POST /api/email-templates (large)",
        Math.min(ITERATIONS, 100),
        () => call(big.key, "/api/email-templates", { method: "POST", body: doc }),
        201,
      ),
    );
    const created = await (await call(big.key, "/api/email-templates", { method: "POST", body: doc })).json();
    results.push(
      await measure("GET /api/email-templates/{id} (large)", ITERATIONS, () => call(big.key, `/api/email-templates/${created.id}`), 200),
    );

    for (const count of [1_000, 50_000]) {
      const brand = await brandWithKey(`bench list ${count}`);
      const t0 = Date.now();
      const middle = await seed(brand.brandId, count);
      console.log(`seeded ${count} templates in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      // Cursors pointing at the middle of the list: a keyset page costs the same at any depth.
      const { encodeCursor } = await import("@/lib/http/pagination");
      const byName = encodeCursor({ s: "name", d: "asc", v: middle.nameLower, id: middle.id });
      const byDate = encodeCursor({ s: "createdAt", d: "desc", v: middle.createdAt.toISOString(), id: middle.id });
      results.push(
        await measure(
          `GET list, ${count} templates (default: createdAt desc)`,
          ITERATIONS,
          () => call(brand.key, "/api/email-templates"),
          200,
        ),
      );
      results.push(
        await measure(
          `GET list, ${count} templates (createdAt desc, mid-list cursor)`,
          ITERATIONS,
          () => call(brand.key, `/api/email-templates?after=${byDate}`),
          200,
        ),
      );
      results.push(
        await measure(
          `GET list, ${count} templates (name asc, mid-list cursor)`,
          ITERATIONS,
          () => call(brand.key, `/api/email-templates?sort=name&direction=asc&after=${byName}`),
          200,
        ),
      );
      results.push(
        await measure(
          `GET list, ${count} templates (nameContains=summer)`,
          ITERATIONS,
          () => call(brand.key, "/api/email-templates?nameContains=summer"),
          200,
        ),
      );
    }
    if (process.env.BENCH_JSON) console.log(JSON.stringify(results));
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
