// `npm test`: the whole suite, the way CI runs it.
//   typecheck + lint → build → unit tests → API tests over HTTP (built server, temporary SQLite), then
//   the same API tests on PostgreSQL → dev (`npm run dev` answers as the built server does) → Playwright
//   in Chromium → scale-out (two instances and two workers on PostgreSQL). One throwaway PostgreSQL
//   cluster (or TEST_POSTGRES_URL's) serves the PostgreSQL stages; without PostgreSQL (not installed,
//   and not installable here) the API suite runs on SQLite only.
//   Every stage runs even when an earlier one failed; the exit code and the closing
//   "N passed, N failed" line count all of them.
// Options: --no-build (reuse .next), --only=unit,api,dev,e2e,static,scale-out (api: both engines;
//   api-sqlite or api-postgres: one of them)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startThrowawayPostgres, type ThrowawayPostgres } from "./db/throwaway-postgres";
import { DOVECOT_BIN, installCommand, POSTFIX_BIN } from "../tests/support/mail-packages";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const only = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice(7)
  .split(",");
const wants = (stage: string) => !only || only.includes(stage) || (stage.startsWith("api-") && only.includes("api"));
fs.mkdirSync("test-results", { recursive: true });

type Stage = { name: string; ok: boolean; passed: number; failed: number; skipped: number; failures?: string[] };
const stages: Stage[] = [];
/** What did not run and why, printed with the summary. */
const notes: string[] = [];

function run(cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n$ ${[path.basename(cmd), ...args].join(" ")}`);
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean) as string[];
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

/** Finds Chromium, installing Debian's package when we can; null with instructions printed otherwise. */
function ensureChromium(): string | null {
  let found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
    console.log("Chromium not found: installing Debian's chromium package...");
    run("/usr/bin/apt-get", ["update", "-qq"]);
    run("/usr/bin/apt-get", ["install", "-y", "-qq", "chromium"], { DEBIAN_FRONTEND: "noninteractive" });
    found = findChromium();
    if (found) return found;
  }
  console.log("Trying Playwright's own Chromium download...");
  if (run(bin("playwright"), ["install", "chromium"])) {
    process.env.CHROMIUM_PATH = "";
    return "playwright";
  }
  console.error(
    "\nNo Chromium for the browser tests. Install it, then run npm test again:\n" +
      (isRoot ? "  apt-get update && apt-get install -y chromium\n" : "  sudo apt-get update && sudo apt-get install -y chromium\n") +
      "or set CHROMIUM_PATH to a Chromium/Chrome binary.",
  );
  return null;
}

/** PostgreSQL's server binaries (the scale-out stage starts a throwaway cluster), installed when we can. */
function ensurePostgres(): boolean {
  const found = () =>
    fs.existsSync("/usr/lib/postgresql") &&
    fs.readdirSync("/usr/lib/postgresql").some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));
  if (found()) return true;
  if (process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
    console.log("PostgreSQL not found: installing Debian's postgresql package...");
    run("/usr/bin/apt-get", ["update", "-qq"]);
    run("/usr/bin/apt-get", ["install", "-y", "-qq", "postgresql"], { DEBIAN_FRONTEND: "noninteractive" });
    if (found()) return true;
  }
  console.error(
    "\nNo PostgreSQL for the scale-out tests. Install it, then run npm test again:\n  sudo apt-get update && sudo apt-get install -y postgresql",
  );
  return false;
}

/**
 * Postfix and Dovecot (the inbound-mail tests start private instances on loopback ports: unit and API
 * stages), installed when we can; otherwise the run stops at once with the exact command to install them.
 */
function ensureMailServers(): void {
  const missing = (
    [
      ["postfix", POSTFIX_BIN],
      ["dovecot", DOVECOT_BIN],
    ] as const
  ).filter(([, bin]) => !fs.existsSync(bin));
  if (missing.length === 0) return;
  if (process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
    console.log(`Mail servers not found: running ${missing.map(([name]) => installCommand(name)).join("; ")}`);
    for (const [name] of missing)
      spawnSync("/bin/sh", ["-c", installCommand(name)], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (missing.every(([, bin]) => fs.existsSync(bin))) return;
  }
  console.error(
    `\nNo ${missing.map(([, bin]) => bin).join(" or ")} for the inbound-mail tests. Install them (as root), then run npm test again:\n` +
      missing.map(([name]) => `  ${installCommand(name)}\n`).join(""),
  );
  process.exit(1);
}

// A CI log is often kept only in part: the summary names each failed test and the first line of its error,
// so the end of the log says what broke.
const firstLine = (text: unknown) =>
  String(text ?? "")
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split("\n")
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 300) ?? "";

type VitestReport = {
  testResults?: { name: string; message?: string; assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[] }[];
};
function vitestFailures(report: VitestReport): string[] {
  const failures: string[] = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed) failures.push(`${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (!failed.length && file.message) failures.push(`${where}: ${firstLine(file.message)}`);
  }
  return failures;
}

type PlaywrightSuite = {
  title: string;
  file?: string;
  specs?: { title: string; tests: { status?: string; results: { status: string; error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
};
function playwrightFailures(report: { suites?: PlaywrightSuite[]; errors?: { message?: string }[] }): string[] {
  const failures: string[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        if (t.status === "unexpected") {
          const last = t.results.at(-1);
          failures.push(`${[...titles, spec.title].join(" › ")}: ${last?.status ?? "failed"}: ${firstLine(last?.error?.message)}`);
        }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  for (const error of report.errors ?? []) failures.push(`e2e: ${firstLine(error.message)}`);
  return failures;
}

function vitestStage(project: string, options: { name?: string; env?: Record<string, string> } = {}) {
  const name = options.name ?? project;
  const output = `test-results/${name.toLowerCase().replace(/\W+/g, "-").replace(/-$/, "")}.json`;
  fs.rmSync(output, { force: true });
  const args = ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${output}`];
  const ok = run(bin("vitest"), args, options.env);
  const failures: string[] = [];
  let passed = 0,
    failed = 0,
    skipped = 0;
  if (fs.existsSync(output)) {
    const report = JSON.parse(fs.readFileSync(output, "utf8"));
    passed = report.numPassedTests ?? 0;
    failed = report.numFailedTests ?? 0;
    skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    failures.push(...vitestFailures(report));
  } else if (!ok) failed = 1;
  stages.push({ name, ok: ok && failed === 0, passed, failed: ok ? failed : Math.max(failed, 1), skipped, failures });
}

function e2eStage() {
  const chromium = ensureChromium();
  if (!chromium) {
    stages.push({ name: "e2e", ok: false, passed: 0, failed: 1, skipped: 0 });
    return;
  }
  const output = "test-results/e2e.json";
  fs.rmSync(output, { force: true });
  const ok = run(bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_FILE: output });
  const failures: string[] = [];
  let passed = 0,
    failed = 0,
    skipped = 0;
  if (fs.existsSync(output)) {
    const stats = JSON.parse(fs.readFileSync(output, "utf8")).stats ?? {};
    passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed = stats.unexpected ?? 0;
    skipped = stats.skipped ?? 0;
    failures.push(...playwrightFailures(JSON.parse(fs.readFileSync(output, "utf8"))));
  }
  stages.push({ name: "e2e", ok: ok && failed === 0, passed, failed: ok ? failed : Math.max(failed, 1), skipped, failures });
}

if (wants("unit") || wants("api-sqlite") || wants("api-postgres")) ensureMailServers();
if (wants("static")) {
  const typecheck = run("npm", ["run", "--silent", "typecheck"]);
  const lint = run(bin("eslint"), ["."]);
  // The formatter's check: `npm run format` rewrites what it names.
  const formatted = run(bin("prettier"), ["--check", "--log-level=warn", "."]);
  const checks = [typecheck, lint, formatted];
  stages.push({
    name: "typecheck+lint+format",
    ok: checks.every(Boolean),
    passed: checks.filter(Boolean).length,
    failed: checks.filter((c) => !c).length,
    skipped: 0,
  });
}
if (!process.argv.includes("--no-build") && ["api-sqlite", "api-postgres", "dev", "e2e", "scale-out"].some(wants)) {
  const built = run("npm", ["run", "--silent", "build"]);
  if (!built) stages.push({ name: "build", ok: false, passed: 0, failed: 1, skipped: 0 });
}
/** The PostgreSQL cluster of this run: TEST_POSTGRES_URL's, else a throwaway one (null: none could start). */
let cluster: ThrowawayPostgres | null | undefined;
async function postgresCluster(): Promise<ThrowawayPostgres | null> {
  if (cluster !== undefined) return cluster;
  cluster = null;
  if (process.env.TEST_POSTGRES_URL) cluster = { url: process.env.TEST_POSTGRES_URL, stop() {} };
  else if (ensurePostgres()) {
    try {
      cluster = await startThrowawayPostgres();
      console.log(`\nPostgreSQL for this run: ${cluster.url}`);
    } catch (error) {
      console.error(`\nPostgreSQL did not start: ${(error as Error).message}`);
    }
  }
  return cluster;
}

try {
  if (wants("unit")) vitestStage("unit");
  // The API suite on each engine; the SQLite run ignores a TEST_POSTGRES_URL of the environment.
  if (wants("api-sqlite")) vitestStage("api", { name: "api (SQLite)", env: { TEST_POSTGRES_URL: "" } });
  if (wants("api-postgres")) {
    const postgres = await postgresCluster();
    if (postgres) vitestStage("api", { name: "api (PostgreSQL)", env: { TEST_POSTGRES_URL: postgres.url } });
    else notes.push("api (PostgreSQL) did not run: no PostgreSQL could be started (see above); the API suite ran on SQLite only");
  }
  if (wants("dev")) vitestStage("dev");
  if (wants("e2e")) e2eStage();
  if (wants("scale-out")) {
    const postgres = await postgresCluster();
    if (postgres) vitestStage("scale-out", { env: { TEST_POSTGRES_URL: postgres.url } });
    else stages.push({ name: "scale-out", ok: false, passed: 0, failed: 1, skipped: 0 });
  }
} finally {
  cluster?.stop();
}

console.log("\nSummary");
for (const s of stages) {
  console.log(`  ${s.ok ? "ok  " : "FAIL"} ${s.name}: ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ""}`);
  for (const failure of s.failures ?? []) console.log(`       ✗ ${failure}`);
}
for (const note of notes) console.log(`  note: ${note}`);
const total = stages.reduce((t, s) => ({ passed: t.passed + s.passed, failed: t.failed + s.failed, skipped: t.skipped + s.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(stages.every((s) => s.ok) ? 0 : 1);
