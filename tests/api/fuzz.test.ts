// The schema-driven fuzz test (tests/fuzz/run.ts) in CI: a few thousand requests generated from our
// OpenAPI document, a fixed seed, on a server of its own (both engines: TEST_POSTGRES_URL picks
// PostgreSQL). Long runs: `npm run fuzz -- --requests N [--seed S]` (docs/security.md).
import { expect, it } from "vitest";
import { describeFailure, runFuzz } from "../fuzz/run";

const REQUESTS = 2500;
const SEED = 26;

it(`answers ${REQUESTS} fuzz requests (seed ${SEED}) without a 5xx, a non-problem error, a slow answer or a cross-tenant leak`, async () => {
  const report = await runFuzz({ requests: REQUESTS, seed: SEED, log: (line) => console.log(line) });
  const failures = report.failures.map((failure) => describeFailure(failure, SEED));
  expect(failures.slice(0, 10).join("\n\n"), `${failures.length} failures`).toBe("");
  // The run reached past validation into most operations, and probed the other brand's ids. Many
  // campaign and automation operations answer 2xx only in a state random requests seldom build (a sent
  // campaign, an A/B test under way, an enabled workflow): 2,500 requests reach about 105 of the 152
  // operations, 200,000 reach 119; a run stopped by validation reaches a handful.
  expect(report.operationsSucceeded).toBeGreaterThan(report.operations * 0.6);
  expect(report.probes).toBeGreaterThan(100);
}, 900_000);
