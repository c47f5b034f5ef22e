// The process's rules, checked on every run (docs/architecture.md): one module graph (no globalThis
// glue), dependencies that point down, one configuration module, one module that knows the database
// engines (lib/db); and the dashboard's one way of showing dates and numbers (components/ui/format.ts).
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
  const code = read(file)
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/\/\*[\s\S]*?\*\//g, "");
  return [...code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["']([^"']+)["']/g)].map((m) => m[1]);
}

describe("one module graph, dependencies pointing down, one configuration", () => {
  it("nothing in lib/ or server/ uses globalThis but the database client's guard", () => {
    const users = [...sources("lib"), ...sources("server")].filter((file) => read(file).includes("globalThis"));
    expect(users).toEqual([path.join("lib", "db", "index.ts")]);
  });

  it("the server reads the entry route's own export, by the name the route exports it", () => {
    expect(read(path.join("app", "api", "server-entry", "route.ts"))).toMatch(/^export const serverEntry: ServerEntry = /m);
    expect(read(path.join("server", "app-entry.ts"))).toMatch(/userland\?\.serverEntry/);
  });

  it("app/api-routes.ts lists every route file of /api and /v4 under its own URL pattern", () => {
    const routeFiles = ["app/api", "app/v4"]
      .flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }).map((f) => path.join(dir, f)))
      .filter((file) => file.endsWith(`${path.sep}route.ts`) && file !== path.join("app", "api", "server-entry", "route.ts"))
      .map((file) => file.split(path.sep).join("/"));
    const table = read(path.join("app", "api-routes.ts"));
    const modules = new Map([...table.matchAll(/import \* as (\w+) from "\.\/([^"]+)";/g)].map((m) => [m[1], `app/${m[2]}.ts`]));
    const listed = [...table.matchAll(/\["(\/(?:api|v4)\/[^"]*)", (\w+)\]/g)].map(([, pattern, name]) => ({
      pattern,
      file: modules.get(name),
    }));
    for (const { pattern, file } of listed) expect(file, pattern).toBe(`app${pattern}/route.ts`);
    expect(listed.map((entry) => entry.file).sort()).toEqual(routeFiles.sort());
  });

  it("app/public-routes.ts lists every route file of /f under its own URL pattern (the server routes /f by it)", () => {
    const routeFiles = fs
      .readdirSync(path.join(root, "app", "f"), { recursive: true, encoding: "utf8" })
      .map((f) => path.join("app", "f", f))
      .filter((file) => file.endsWith(`${path.sep}route.ts`))
      .map((file) => file.split(path.sep).join("/"));
    const table = read(path.join("app", "public-routes.ts"));
    const modules = new Map([...table.matchAll(/import \* as (\w+) from "\.\/([^"]+)";/g)].map((m) => [m[1], `app/${m[2]}.ts`]));
    const listed = [...table.matchAll(/\["(\/f\/[^"]*)", (\w+)\]/g)].map(([, pattern, name]) => ({ pattern, file: modules.get(name) }));
    for (const { pattern, file } of listed) expect(file, pattern).toBe(`app${pattern}/route.ts`);
    expect(listed.map((entry) => entry.file).sort()).toEqual(routeFiles.sort());
  });

  it("lib/http imports no domain module", () => {
    const infrastructure = /^@\/lib\/(http|db|config|ids)(\/|$)/;
    const offenders = sources("lib/http").flatMap((file) =>
      imports(file)
        .filter((spec) => spec.startsWith("@/lib/") && !infrastructure.test(spec))
        .map((spec) => `${file} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("nothing in components/, lib/ or server/ imports app/", () => {
    const offenders = [...sources("components"), ...sources("lib"), ...sources("server")].flatMap((file) =>
      imports(file)
        .filter((spec) => spec.startsWith("@/app/") || (/(^|\/)app\//.test(spec) && spec.startsWith(".")))
        .map((spec) => `${file} → ${spec}`),
    );
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
    const readers = [...sources("lib"), ...sources("app"), ...sources("components"), ...sources("server")].filter((file) =>
      /process\.env\b/.test(read(file).replace(/^\s*\/\/.*$/gm, "")),
    );
    expect(readers).toEqual([path.join("lib", "config.ts")]);
  });
});

describe("the house: pinned framework, shared SQL builder, short pages", () => {
  it("next is pinned to an exact version, the one installed (the API's path rides on Next's request handler)", () => {
    // server/http-server.ts asks Next's getRequestHandler() for the app's entry route; a Next release that
    // changes how route modules are evaluated breaks that path, so an upgrade is a deliberate change of this
    // pin, which the API suite (tests/api/server-start.test.ts) then tries.
    const manifest = JSON.parse(read("package.json")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const pinned = manifest.dependencies.next;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(manifest.devDependencies["eslint-config-next"]).toBe(pinned);
    const installed = JSON.parse(read(path.join("node_modules", "next", "package.json"))) as { version: string };
    expect(installed.version).toBe(pinned);
  });

  it("the generic SQL builder lives in lib/db, not in a domain", () => {
    expect(fs.existsSync(path.join(root, "lib", "segments", "sql.ts"))).toBe(false);
    const offenders = [...sources("lib"), ...sources("scripts"), ...sources("app")].flatMap((file) =>
      imports(file)
        .filter((spec) => /(^@\/lib\/segments\/sql$)|(^\.\.?\/(.*\/)?segments\/sql$)/.test(spec))
        .map((spec) => `${file} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("docs/performance.md stays under 200 lines (history lives in git)", () => {
    expect(read(path.join("docs", "performance.md")).split("\n").length).toBeLessThanOrEqual(200);
  });
});

describe("one job runner", () => {
  it("no background loop outside lib/jobs: every job is a definition the runner runs", () => {
    const loops = sources("lib").filter((file) => /while \(\s*(running|!stopped|this\.running)\s*\)/.test(read(file)));
    expect(loops).toEqual([path.join("lib", "jobs", "runner.ts")]);
    const workers = read(path.join("lib", "process", "workers.ts"));
    for (const job of ["eventsJob", "batchJob", "segmentSizesJob", "deliveryJob", "campaignJob", "automationsJob"])
      expect(workers, job).toMatch(new RegExp(`\\b${job}\\(`));
  });
});

describe("one module knows the database engines", () => {
  /** Every file under `dir` (sources, tests, notes), relative to the root. */
  function files(dir: string): string[] {
    return fs
      .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  }
  // lib/db offers what the domains need by meaning (docs/architecture.md "One SQL layer"); the
  // configuration module parses DATABASE_URL (and its test checks that it does).
  const KNOWS_ENGINES = [/^lib\/db\//, /^lib\/generated\//, /^lib\/config\.(test\.)?ts$/];
  const ENGINE = /sqlite|postgres/i;

  it("no file under lib/ outside lib/db and lib/config.ts names an engine, in code or in comments", () => {
    const offenders = files("lib")
      .filter((file) => !KNOWS_ENGINES.some((known) => known.test(file.split(path.sep).join("/"))))
      .flatMap((file) =>
        read(file)
          .split("\n")
          .flatMap((line, i) => (ENGINE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});

describe("delivery owns its read side", () => {
  // The message tables (prisma/schema/delivery.prisma) are read and written by lib/delivery only; every
  // report, list, analytics query and auto-pause asks lib/delivery (its read side, lib/delivery/read), so
  // each figure has one definition (docs/delivery.md, "Figures").
  const TABLES = [
    "Message",
    "MessageCounter",
    "MessageHourCounter",
    "MessageLinkCounter",
    "MessageClick",
    "MessageBody",
    "MessageContent",
    "DeliverySource",
    // revenue attribution (lib/delivery/attribution): its counters are MessageCounter rows
    "OrderAttribution",
    "OrderAdjustment",
  ];
  const delegate = (table: string) => table[0].toLowerCase() + table.slice(1);
  const PRISMA = new RegExp(
    `\\.\\s*(${TABLES.map(delegate).join("|")})\\s*\\.\\s*(find|count|aggregate|groupBy|create|update|upsert|delete)`,
  );
  const RAW = new RegExp(`"(${TABLES.join("|")})"`);
  const code = (file: string) =>
    read(file)
      .replace(/^\s*\/\/.*$/gm, "")
      .replace(/\/\*[\s\S]*?\*\//g, "");

  it("no file of the app outside lib/delivery queries the message tables (Prisma or raw SQL)", () => {
    const offenders = [...sources("lib"), ...sources("app"), ...sources("components"), ...sources("server")]
      .filter((file) => !file.split(path.sep).join("/").startsWith("lib/delivery/"))
      .flatMap((file) =>
        code(file)
          .split("\n")
          .flatMap((line, i) => (PRISMA.test(line) || RAW.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });

  it("the check sees both kinds of query", () => {
    expect(PRISMA.test("await db.message.findMany({ where })")).toBe(true);
    expect(PRISMA.test("tx.messageCounter.upsert(")).toBe(true);
    expect(RAW.test('SELECT "count" FROM "MessageCounter" WHERE')).toBe(true);
    expect(RAW.test('FROM "ContactIdentifier" WHERE "sendWelcomeMessage"')).toBe(false);
    expect(RAW.test('INSERT INTO "OrderAttribution" (')).toBe(true);
  });
});

describe("one date and number formatting", () => {
  // Pages and components (not the API's route handlers) show dates and numbers through components/ui/format.ts
  // (or LocalDate / LocalCount for server-rendered text): the viewer's locale and time zone, one style.
  const FORMATTER = path.join("components", "ui", "format.ts");
  const shown = () => [...sources("app"), ...sources("components")].filter((file) => file !== FORMATTER && !file.endsWith("route.ts"));
  const code = (file: string) =>
    read(file)
      .replace(/^\s*\/\/.*$/gm, "")
      .replace(/\/\*[\s\S]*?\*\//g, "");
  const offenders = (pattern: RegExp) => shown().filter((file) => pattern.test(code(file)));

  it("no page or component formats a date by itself", () => {
    // toLocaleDateString / toLocaleTimeString, an Intl date formatter, toUTCString, or an ISO string cut up for display
    const own =
      /\.toLocale(?:Date|Time)String\(|Intl\.(?:DateTimeFormat|RelativeTimeFormat)\b|\.toUTCString\(|\.toISOString\(\)\s*\.(?:slice|substring|replace|split)\(/;
    expect(offenders(own)).toEqual([]);
  });

  it("no page or component formats a number (or a date) with toLocaleString or its own Intl.NumberFormat", () => {
    expect(offenders(/\.toLocaleString\(|Intl\.NumberFormat\b/)).toEqual([]);
  });
});
