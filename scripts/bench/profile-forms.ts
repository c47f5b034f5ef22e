// Profiles the built server under form submissions (POST /f/{formID}, as bench:forms sends them): `node
// --cpu-prof` on the server process (profiled-server.ts), the challenges solved before the run, autocannon
// from this process. Usage:
//   tsx scripts/bench/profile-forms.ts <profile dir> [submissions, default 3000]
// Prints the server's CPU per submission (main thread, all threads); NO_PROFILE=1 measures without the
// profiler. The challenges are made easy (FORMS_CHALLENGE_MAX_NUMBER=1000, so solving them takes seconds):
// verifying a solution costs the same whatever the number. The lane sends at the deployment's rate
// (FORMS_CONFIRMATIONS_PER_MINUTE, default 60; set it to profile the sending too). Summarize with
// profile-summary.ts.
import path from "node:path";
import { createBrandAndKey } from "./bench-helpers";
import { createBenchForm, solved, submissions } from "./form-submissions";
import { countRows } from "./inbox-queries";
import { runProfile, startProfiledServer } from "./profiled-server";

const dir = path.resolve(process.argv[2] ?? "profiles");
const count = Number(process.argv[3] ?? 3000);

async function main() {
  const server = await startProfiledServer({
    profileDir: dir,
    env: { FORMS_CHALLENGE_MAX_NUMBER: "1000", TRUST_PROXY: "1" },
  });
  const { baseUrl, databaseUrl } = server;
  try {
    const { key } = createBrandAndKey(databaseUrl);
    const formId = await createBenchForm(baseUrl, key);
    const payloads: string[] = [];
    for (let i = 0; i < count + 300; i++) payloads.push(await solved(baseUrl, formId));
    await submissions(baseUrl, formId, payloads.slice(0, 300), 32, 30); // warm-up (JIT, caches)
    const before = server.cpu();
    const r = await submissions(baseUrl, formId, payloads.slice(300), 32, 600, 300);
    const { all, main } = server.cpu(before);
    const queued = await countRows(databaseUrl, `SELECT COUNT(*) AS n FROM "Message" WHERE "sourceKind" = 'form-confirmation'`);
    const perRequest = (ms: number) => Math.round((1000 * ms) / (r.accepted + r.other));
    console.log(
      `${r.requestsPerSecond}/s p50 ${r.p50} p99 ${r.p99} other ${r.other} errors ${r.errors}; confirmations queued ${queued}; ` +
        `server CPU per submission: ${perRequest(main)} µs on the main thread, ${perRequest(all)} µs in all threads`,
    );
  } finally {
    await server.stop();
  }
}

runProfile(main);
