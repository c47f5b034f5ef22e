// Starts a disposable PostgreSQL cluster on a free loopback port (for tests, CI and migration diffs).
// PostgreSQL refuses to run as root, so when we are root the cluster belongs to the `postgres` user.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export type ThrowawayPostgres = { url: string; stop: () => void };

/** The folder of PostgreSQL's server binaries (initdb, pg_ctl): POSTGRES_BIN when set ("none": act as if
 * PostgreSQL were not installed, for tests), else the newest of Debian's /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(): string | null {
  const chosen = process.env.POSTGRES_BIN;
  if (chosen) return fs.existsSync(path.join(chosen, "initdb")) ? chosen : null;
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(base, v, "bin");
    if (fs.existsSync(path.join(bin, "initdb"))) return bin;
  }
  return null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed. Run: apt-get install -y postgresql");
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-pg-"));
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    const result = asRoot
      ? spawnSync("runuser", ["-u", "postgres", "--", full, ...args], { encoding: "utf8" })
      : spawnSync(full, args, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  run("pg_ctl", [
    "-D",
    dataDir,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
  ]);
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run("pg_ctl", ["-D", dataDir, "-m", "immediate", "stop"]);
    } catch {
      /* already gone */
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url, stop };
}

/** Creates a fresh database in the cluster behind `url` and returns its URL. */
export async function createDatabase(url: string, name: string): Promise<string> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}"`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
