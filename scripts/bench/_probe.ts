import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { startTestServer } from "../../tests/api/setup/test-server";
import { createBrandAndKey, load } from "./bench-helpers";
function treeCpuMs(pid: number): number {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try { pids.push(...execFileSync("pgrep", ["-P", String(pids[i])], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number)); } catch {}
  }
  let ticks = 0;
  for (const p of pids) {
    try { const f = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" "); ticks += Number(f[11]) + Number(f[12]); } catch {}
  }
  return ticks * 10;
}
const env = { RATE_LIMIT_PER_MINUTE: "1000000000", INKWELL_WORKER: process.env.W ?? "off", EVENTS_SQLITE_SYNCHRONOUS: process.env.SYNC ?? "full" };
const s = await startTestServer({ label: "probe", env });
const { key } = createBrandAndKey(s.databaseUrl);
await load({ url: s.baseUrl, key, connections: 64, durationS: 3 });
const c0 = treeCpuMs(s.process.pid!);
const r = await load({ url: s.baseUrl, key, connections: 64, durationS: 8 });
const c1 = treeCpuMs(s.process.pid!);
console.log(JSON.stringify(env), r.requestsPerSecond, "p50", r.p50, "p99", r.p99, "server CPU µs/event", Math.round((c1 - c0) * 1000 / r.accepted));
await s.stop();
process.exit(0);
