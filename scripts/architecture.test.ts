// The process's rules, checked on every run (docs/architecture.md): one module graph (no globalThis
// glue), dependencies that point down, one configuration module.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "generated" && entry.name !== "node_modules") out.push(...sources(rel));
    } else if (/\.(ts|tsx|mts)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
/** Module specifiers a file imports (static and dynamic), comments left out. */
function imports(file: string): string[] {
  const code = read(file).replace(/^\s*\/\/.*$/gm, "").replace(/\/\*[\s\S]*?\*\//g, "");
  return [...code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["']([^"']+)["']/g)].map((m) => m[1]);
}

describe("one module graph, dependencies pointing down, one configuration", () => {
  it("nothing in lib/ or server/ uses globalThis but the database client's guard", () => {
    const users = [...sources("lib"), ...sources("server")].filter((file) => read(file).includes("globalThis"));
    expect(users).toEqual([path.join("lib", "db", "index.ts")]);
  });

  it("lib/http imports no domain module", () => {
    const infrastructure = /^@\/lib\/(http|db|config|ids)(\/|$)/;
    const offenders = sources("lib/http").flatMap((file) =>
      imports(file).filter((spec) => spec.startsWith("@/lib/") && !infrastructure.test(spec)).map((spec) => `${file} → ${spec}`));
    expect(offenders).toEqual([]);
  });

  it("nothing in components/, lib/ or server/ imports app/", () => {
    const offenders = [...sources("components"), ...sources("lib"), ...sources("server")].flatMap((file) =>
      imports(file).filter((spec) => spec.startsWith("@/app/") || /(^|\/)app\//.test(spec) && spec.startsWith(".")).map((spec) => `${file} → ${spec}`));
    expect(offenders).toEqual([]);
  });

  it("server/ loads nothing of lib/ or app/ at run time (type imports only)", () => {
    const offenders = sources("server").flatMap((file) => {
      const code = read(file).replace(/^import type .*$/gm, "");
      return [...code.matchAll(/from\s+["'](@\/(lib|app)\/[^"']+)["']/g)].map((m) => `${file} → ${m[1]}`);
    });
    expect(offenders).toEqual([]);
  });

  it("only lib/config.ts reads the environment", () => {
    const readers = [...sources("lib"), ...sources("app"), ...sources("components"), ...sources("server")]
      .filter((file) => /process\.env\b/.test(read(file).replace(/^\s*\/\/.*$/gm, "")));
    expect(readers).toEqual([path.join("lib", "config.ts")]);
  });
});
