// Profiles the built server under form submissions (POST /f/{formID}, as bench:forms sends them): `node
// --cpu-prof` on the server process (scripts/start.ts, worker in process as `npm start` runs it), the
// challenges solved before the run, autocannon from this process. Usage:
//   tsx scripts/bench/profile-forms.ts <profile dir> [submissions, default 3000]
// Prints the server's CPU per submission (main thread, all threads); NO_PROFILE=1 measures without the
// profiler. The challenges are made easy (FORMS_CHALLENGE_MAX_NUMBER=1000, so solving them takes seconds):
// verifying a solution costs the same whatever the number. Summarize with profile-summary.ts.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../tests/api/setup/test-server";
import { createBrandAndKey } from "./bench-helpers";
import { createBenchForm, solved, submissions } from "./form-submissions";
import { countRows } from "./inbox-queries";

const root = path.resolve(import.meta.dirname, "../..");
const dir = path.resolve(process.argv[2] ?? "profiles");
const count = Number(process.argv[3] ?? 3000);

/** User + system CPU time (ms) of a process (all its threads) or of its main thread, from /proc (Linux). */
function cpuMs(pid: number, mainThread = false): number {
  const file = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const fields = fs.readFileSync(file, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function main() {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-profile-forms-"));
  const databaseUrl = `file:${path.join(data, "inkwell.db")}`;
  const port = await freePort();
  const profile = process.env.NO_PROFILE ? [] : ["--cpu-prof", `--cpu-prof-dir=${dir}`];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", "-e", `import("./scripts/start.ts")`], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      AUTH_SECRET: "profile-secret-not-for-production",
      NODE_ENV: "production",
      INKWELL_WORKER: process.env.INKWELL_WORKER ?? "on",
      RATE_LIMIT_PER_MINUTE: "1000000000",
      FORMS_CONFIRMATIONS_PER_MINUTE: "1000000",
      FORMS_CHALLENGE_MAX_NUMBER: "1000",
      TRUST_PROXY: "1",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error("server exited");
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
  try {
    const { key } = createBrandAndKey(databaseUrl);
    const formId = await createBenchForm(baseUrl, key);
    const payloads: string[] = [];
    for (let i = 0; i < count + 300; i++) payloads.push(await solved(baseUrl, formId));
    await submissions(baseUrl, formId, payloads.slice(0, 300), 32, 30); // warm-up (JIT, caches)
    const before = [cpuMs(child.pid!), cpuMs(child.pid!, true)];
    const r = await submissions(baseUrl, formId, payloads.slice(300), 32, 600);
    const [all, main] = [cpuMs(child.pid!) - before[0], cpuMs(child.pid!, true) - before[1]];
    const queued = await countRows(databaseUrl, `SELECT COUNT(*) AS n FROM "Message" WHERE "sourceKind" = 'form-confirmation'`);
    const perRequest = (ms: number) => Math.round((1000 * ms) / (r.accepted + r.other));
    console.log(
      `${r.requestsPerSecond}/s p50 ${r.p50} p99 ${r.p99} other ${r.other} errors ${r.errors}; confirmations queued ${queued}; ` +
        `server CPU per submission: ${perRequest(main)} µs on the main thread, ${perRequest(all)} µs in all threads`,
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(data, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
);
