// Runs a script against the e2e server's own database (a fixture, or the admin command line) and returns
// the JSON it prints on its last line.
import { execFileSync } from "node:child_process";
import path from "node:path";

export function runWithDatabase(script: string, args: string[]): Record<string, string> {
  const databaseUrl = process.env.E2E_DATABASE_URL ?? `file:${path.join(process.env.E2E_DATA_DIR!, "inkwell.db")}`;
  const out = execFileSync("node_modules/.bin/tsx", [script, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").pop()!);
}
