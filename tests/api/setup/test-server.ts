// Starts the built Inkwell server (scripts/start.ts) on a free port against a fresh database:
// a temporary SQLite file, or a new database in TEST_POSTGRES_URL's cluster.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export async function freshDatabaseUrl(label: string): Promise<{ url: string; cleanup: () => void }> {
  if (process.env.TEST_POSTGRES_URL) {
    const { createDatabase } = await import("../../../scripts/db/throwaway-postgres");
    const name = `inkwell_${label}_${Date.now().toString(36)}`.toLowerCase();
    return { url: await createDatabase(process.env.TEST_POSTGRES_URL, name), cleanup: () => {} };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `inkwell-${label}-`));
  return { url: `file:${path.join(dir, "inkwell.db")}`, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The environment of a server process a test or a bench starts (scripts/start.ts): the caller's own, then
 * this server's database, loopback port, secret and mode, then `extra` (which wins).
 */
export function serverEnv(
  server: { databaseUrl: string; port: number | string; authSecret: string; imagesDir?: string; dev?: boolean },
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: server.databaseUrl,
    PORT: String(server.port),
    HOST: "127.0.0.1",
    AUTH_SECRET: server.authSecret,
    NODE_ENV: server.dev ? "development" : "production",
    ...(server.imagesDir ? { IMAGES_DIR: server.imagesDir } : {}),
    ...extra,
  };
}

export type TestServer = {
  baseUrl: string;
  databaseUrl: string;
  authSecret: string;
  imagesDir: string;
  process: ChildProcess;
  stop: () => Promise<void>;
  logs: () => string;
};

/**
 * `databaseUrl` restarts a server on an existing database (left in place on stop). The server is ready
 * when `readyPath` (default /healthz) answers 200; `dev` starts it as `npm run dev` does.
 */
export async function startTestServer(options: {
  label: string;
  env?: Record<string, string>;
  databaseUrl?: string;
  readyPath?: string;
  dev?: boolean;
  startTimeoutMs?: number;
  /** Node's own flags for the server process (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}): Promise<TestServer> {
  const { url: databaseUrl, cleanup } = options.databaseUrl
    ? { url: options.databaseUrl, cleanup: () => {} }
    : await freshDatabaseUrl(options.label);
  const authSecret = "test-secret-" + Math.random().toString(36).slice(2);
  // Uploaded images go to a folder of the test's own, not the working copy's data/.
  const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), `inkwell-${options.label}-images-`));
  const args = [...(options.nodeArgs ?? []), "scripts/start.ts", ...(options.dev ? ["--dev"] : [])];
  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  let output = "";
  let child: ChildProcess;
  let baseUrl: string;
  // freePort's port is free again until the server binds it, and a server or sink another test file starts
  // meanwhile may take it: the server then exits with EADDRINUSE and is started again on another port.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    output = "";
    child = spawn(path.join(root, "node_modules/.bin/tsx"), args, {
      cwd: root,
      env: serverEnv(
        { databaseUrl, port, authSecret, imagesDir, dev: options.dev },
        // The suites send campaigns and automations from the deployment's address (SMTP_FROM); a test of the
        // default (off) passes its own env.
        { SMTP_FROM_SHARED: "on", ...options.env },
      ),
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    baseUrl = `http://127.0.0.1:${port}`;
    if (await untilReady(child, `${baseUrl}${options.readyPath ?? "/healthz"}`, deadline, () => output)) break;
    if (attempt < 3 && output.includes("EADDRINUSE")) continue;
    throw new Error(`test server exited (${child.exitCode}):\n${output}`);
  }
  return {
    baseUrl,
    databaseUrl,
    authSecret,
    imagesDir,
    process: child,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      cleanup();
      fs.rmSync(imagesDir, { recursive: true, force: true });
    },
  };
}

/** Waits until `url` answers 200: true, or false when the server exited first; throws past the deadline. */
async function untilReady(child: ChildProcess, url: string, deadline: number, output: () => string): Promise<boolean> {
  for (;;) {
    if (child.exitCode !== null) return false;
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`test server did not start in time:\n${output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
