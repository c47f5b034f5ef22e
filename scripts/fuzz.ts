// `npm run fuzz -- --requests N [--seed S] [--only i,j] [--concurrency C]`: the schema-driven fuzz test
// (tests/fuzz/run.ts) for long runs, against a built server on a fresh database (SQLite; PostgreSQL with
// `npx tsx scripts/db/with-postgres.ts -- npm run fuzz -- ...`). Prints every failure with the request to
// replay it, and exits 1 when there is one. docs/security.md says what it covers.
import { parseArgs } from "node:util";
import { describeFailure, runFuzz } from "../tests/fuzz/run";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "5000" },
    seed: { type: "string", default: "26" },
    only: { type: "string" },
    concurrency: { type: "string", default: "6" },
    verbose: { type: "boolean", default: false },
  },
});

const count = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number (got ${value})`);
  return n;
};

const report = await runFuzz({
  requests: count("requests", values.requests),
  seed: count("seed", values.seed),
  concurrency: count("concurrency", values.concurrency),
  only: values.only?.split(",").map((i) => count("only", i)),
  log: (line) => console.log(line),
});
for (const failure of report.failures.slice(0, 50)) console.log("\n" + describeFailure(failure, report.seed));
const seconds = report.durationMs / 1000;
console.log(
  `\nfuzz ${report.engine}: ${report.requests} requests and ${report.probes} cross-tenant probes over ${report.operations} operations ` +
    `(${report.operationsSucceeded} answered 2xx at least once), seed ${report.seed}, ${seconds.toFixed(0)} s ` +
    `(${(report.requests / seconds).toFixed(0)} requests/s); latency p50 ${report.latency.p50.toFixed(0)} ms, p99 ${report.latency.p99.toFixed(0)} ms, ` +
    `max ${report.latency.max.toFixed(0)} ms`,
);
console.log(`statuses: ${JSON.stringify(report.statuses)}`);
if (values.verbose)
  for (const [op, counts] of Object.entries(report.perOperation).sort()) console.log(`  ${op}: ${JSON.stringify(counts)}`);
console.log(`${report.failures.length === 0 ? 1 : 0} passed, ${report.failures.length === 0 ? 0 : 1} failed`);
process.exit(report.failures.length === 0 ? 0 : 1);
