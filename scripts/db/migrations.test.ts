// Fails when the PostgreSQL schema or either migration history drifts from prisma/schema.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

describe("schema and migrations", () => {
  it("are in step (npm run db:migrations -- <name> fixes drift)", () => {
    let output = "";
    let status = 0;
    try {
      output = execFileSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/db/make-migrations.mts", "--check"], {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (error) {
      const e = error as { status: number; stdout: string; stderr: string };
      status = e.status;
      output = e.stdout + e.stderr;
    }
    expect(output, output).toContain("in step");
    expect(status).toBe(0);
  }, 60_000);
});
