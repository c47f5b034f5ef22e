// The frame profile-events.ts and profile-forms.ts share: the built server as `npm start` runs it
// (scripts/start.ts, worker in process), under `node --cpu-prof` unless NO_PROFILE=1 (then only the server's
// CPU time per request is measured: less perturbed than throughput on a shared machine), on a fresh
// database, and its CPU time read from /proc.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, freshDatabaseUrl, serverEnv } from "../../tests/api/setup/test-server";

const root = path.resolve(import.meta.dirname, "../..");

/** User + system CPU time (ms) of a process (all its threads) or of its main thread, from /proc (Linux). */
export function cpuMs(pid: number, mainThread = false): number {
  const file = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const fields = fs.readFileSync(file, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

export type ServerCpu = { all: number; main: number };

export type ProfiledServer = {
  baseUrl: string;
  databaseUrl: string;
  process: ChildProcess;
  /** CPU time (ms) of all the server's threads and of its main (request) thread, since `before` if given */
  cpu: (before?: ServerCpu) => ServerCpu;
  stop: () => Promise<void>;
};

/**
 * Starts the server with its profile written to `profileDir`. TEST_POSTGRES_URL
 * (scripts/db/with-postgres.ts) with `postgres`: a fresh database in that cluster instead of SQLite.
 */
export async function startProfiledServer(options: {
  profileDir: string;
  env?: Record<string, string>;
  postgres?: boolean;
}): Promise<ProfiledServer> {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-profile-"));
  const databaseUrl =
    options.postgres && process.env.TEST_POSTGRES_URL ? (await freshDatabaseUrl("profile")).url : `file:${path.join(data, "inkwell.db")}`;
  const port = await freePort();
  // SIGTERM: the server's own shutdown (lib/process/lifecycle.ts) stops the worker thread, then exits
  // with 0, so --cpu-prof writes a profile for each thread.
  const profile = process.env.NO_PROFILE ? [] : ["--cpu-prof", `--cpu-prof-dir=${options.profileDir}`];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", "-e", `import("./scripts/start.ts")`], {
    cwd: root,
    env: serverEnv(
      { databaseUrl, port, authSecret: "profile-secret-not-for-production" },
      { INKWELL_WORKER: process.env.INKWELL_WORKER ?? "on", RATE_LIMIT_PER_MINUTE: "1000000000", ...options.env },
    ),
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    // PROFILE_KEEP=1 keeps the database (its path is printed) for EXPLAIN QUERY PLAN on a grown file.
    if (process.env.PROFILE_KEEP) console.log(`database kept: ${databaseUrl}`);
    else fs.rmSync(data, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error("server exited");
    }
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const cpu = (before: ServerCpu = { all: 0, main: 0 }) => ({
    all: cpuMs(child.pid!) - before.all,
    main: cpuMs(child.pid!, true) - before.main,
  });
  return { baseUrl, databaseUrl, process: child, cpu, stop };
}

/** Runs a profiling script's main and exits with its outcome. */
export function runProfile(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (e) => (console.error(e), process.exit(1)),
  );
}
