// npm run bench:contacts-table: loads 10,000 contacts into the dashboard's contacts table in Chromium
// (the built server on a temporary SQLite database) and scrolls through all of them, printing frame
// times and how many rows the DOM holds. Build first (npm run build).
// BENCH_MODE=search: the search line instead: 200,000 contacts (BENCH_CONTACTS), then GET
// /api/contacts/search for names, partial emails and phone digits through the npm start server, p50/p99.
// On PostgreSQL: npx tsx scripts/db/with-postgres.ts -- env BENCH_MODE=search npm run bench:contacts-table
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { percentile } from "./stats";

const SEARCH = process.env.BENCH_MODE === "search";
// BENCH_MODE=import: a CSV import of BENCH_IMPORT_ROWS rows (default 100,000) through POST /api/contacts/imports
// in batches of 500, as the dashboard sends them, into an empty brand.
const IMPORT = process.env.BENCH_MODE === "import";
const CONTACTS = IMPORT ? 0 : Number(process.env.BENCH_CONTACTS ?? (SEARCH ? 200_000 : 10_000));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-bench-table-"));
const port = 4100 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
process.env.DATABASE_URL = process.env.TEST_POSTGRES_URL ?? `file:${path.join(dir, "inkwell.db")}`;

const server = spawn("node_modules/.bin/tsx", ["scripts/start.ts"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", AUTH_SECRET: "bench-secret-not-for-production", APP_URL: base },
  stdio: "ignore",
});

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

async function main() {
  await waitForServer();
  const { db } = await import("@/lib/db");
  const { newId } = await import("@/lib/ids");
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createUser } = await import("@/lib/accounts/users");
  const brand = await createBrand({ name: "Bench brand", plan: "standard" });
  const login = { email: "bench@example.com", password: "Bench-password-42" };
  await createUser({ ...login, brandId: brand.id });

  // Seeded straight into the database: the benchmark is about the table, not about the upsert endpoint.
  const start = Date.now() - CONTACTS * 1000;
  const FIRST = [
    "Ava",
    "Noah",
    "Mia",
    "Liam",
    "Zoe",
    "Omar",
    "Ines",
    "Kenji",
    "Sofia",
    "Lars",
    "Priya",
    "Mateo",
    "Chloe",
    "Yusuf",
    "Hana",
    "Ezra",
  ];
  const LAST = [
    "Smith",
    "Garcia",
    "Nakamura",
    "Okafor",
    "Muller",
    "Rossi",
    "Kowalski",
    "Haddad",
    "Silva",
    "Novak",
    "Larsen",
    "Chen",
    "Dubois",
  ];
  for (let offset = 0; offset < CONTACTS; offset += 500) {
    const contacts = Array.from({ length: Math.min(500, CONTACTS - offset) }, (_, i) => {
      const at = new Date(start + (offset + i) * 1000);
      const n = offset + i;
      return SEARCH
        ? {
            id: newId(),
            brandId: brand.id,
            firstName: `${FIRST[n % FIRST.length]}${n % 97}`,
            lastName: `${LAST[(n * 7) % LAST.length]}-${n % 1009}`,
            customProperties: {},
            createdAt: at,
            updatedAt: at,
          }
        : {
            id: newId(),
            brandId: brand.id,
            firstName: `Person ${n}`,
            lastName: "Bench",
            customProperties: {},
            createdAt: at,
            updatedAt: at,
          };
    });
    await db.contact.createMany({ data: contacts });
    await db.contactIdentifier.createMany({
      data: contacts.map((c, i) => ({
        id: newId(),
        brandId: brand.id,
        contactId: c.id,
        type: "email",
        value: `person-${offset + i}@example.com`,
        status: i % 3 === 0 ? "unsubscribed" : "subscribed",
        statusChangedAt: c.createdAt,
        createdAt: c.createdAt,
      })),
    });
  }

  if (SEARCH || IMPORT) {
    const cookie = await sessionCookie(login);
    if (SEARCH) await searchLine(brand.id, cookie);
    else await importLine(cookie);
    return;
  }
  const browser = await chromium.launch({
    executablePath: ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p)),
    args: ["--no-sandbox"],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${base}/login?callbackUrl=%2Fcontacts`);
  await page.getByLabel("Email").fill(login.email);
  await page.getByLabel("Password").fill(login.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/contacts$/);

  // Load every page: scrolling near the end of the table fetches the next one.
  const loadStarted = Date.now();
  const status = page.getByRole("status").filter({ hasText: /contacts/ });
  const done = `${CONTACTS.toLocaleString("en-US")} contacts`;
  const footer = page.locator(".table-footer");
  for (;;) {
    const text = (await status.textContent()) ?? "";
    if (text.startsWith(done) && !((await footer.textContent()) ?? "").includes("Showing")) break;
    await page.locator(".table-scroll").evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(50);
  }
  const loadMs = Date.now() - loadStarted;

  // Scroll from top to bottom in 600 animation frames, recording each frame's duration and the rows in the DOM.
  const result = await page.locator(".table-scroll").evaluate(async (el) => {
    el.scrollTop = 0;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const frames: number[] = [];
    let maxRows = 0;
    const steps = 600;
    const stepPx = (el.scrollHeight - el.clientHeight) / steps;
    let last = performance.now();
    for (let i = 0; i < steps; i++) {
      el.scrollTop += stepPx;
      await new Promise<number>((r) => requestAnimationFrame(r));
      const now = performance.now();
      frames.push(now - last);
      last = now;
      maxRows = Math.max(maxRows, el.querySelectorAll("tbody tr").length);
    }
    const indexes = [...el.querySelectorAll("tbody tr[aria-rowindex]")].map((tr) => Number(tr.getAttribute("aria-rowindex")));
    return { frames, maxRows, lastRowIndex: Math.max(...indexes) };
  });
  await browser.close();

  const sorted = [...result.frames].sort((a, b) => a - b);
  console.log(`contacts loaded: ${CONTACTS} in ${(loadMs / 1000).toFixed(1)} s (${Math.ceil(CONTACTS / 50)} pages of 50)`);
  console.log(
    `rows in the DOM while scrolling: at most ${result.maxRows} (including 2 padding rows); last row aria-rowindex ${result.lastRowIndex}`,
  );
  console.log(
    `load average while measuring: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} cores`,
  );
  console.log(
    `frame time over ${sorted.length} scroll steps: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms, frames over 50 ms: ${sorted.filter((f) => f > 50).length}`,
  );
}

/** The dashboard's session cookie, signed in through the login page. */
async function sessionCookie(login: { email: string; password: string }): Promise<string> {
  const browser = await chromium.launch({
    executablePath: ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p)),
    args: ["--no-sandbox"],
  });
  const page = await browser.newPage();
  await page.goto(`${base}/login?callbackUrl=%2Ftemplates`);
  await page.getByLabel("Email").fill(login.email);
  await page.getByLabel("Password").fill(login.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/templates$/);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  await browser.close();
  return cookie;
}

async function importLine(cookie: string) {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
  const started = performance.now();
  let created = 0;
  for (let offset = 0; offset < rows; offset += 500) {
    const batch = Array.from({ length: Math.min(500, rows - offset) }, (_, i) => ({
      row: offset + i + 2,
      contact: {
        identifiers: [{ type: "email", id: `import-${offset + i}@example.com`, channels: { email: { status: "subscribed" } } }],
        firstName: `Imported${offset + i}`,
        lastName: "Person",
        tags: ["csv"],
        customProperties: { tier: "gold" },
      },
    }));
    const res = await fetch(`${base}/api/contacts/imports`, {
      method: "POST",
      headers: { cookie, origin: base, "Service-Version": "2026-03-15", "Content-Type": "application/json" },
      body: JSON.stringify({ rows: batch }),
    });
    const body = (await res.json()) as { created: number };
    if (!res.ok) throw new Error(`import batch at ${offset}: ${res.status} ${JSON.stringify(body)}`);
    created += body.created;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`engine: ${process.env.DATABASE_URL!.startsWith("postgres") ? "PostgreSQL" : "SQLite"}`);
  console.log(
    `load average while measuring: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} cores`,
  );
  console.log(
    `CSV import (POST /api/contacts/imports, batches of 500): ${rows.toLocaleString("en-US")} rows, ${created.toLocaleString("en-US")} created, in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString("en-US")} rows/s)`,
  );
}

/** The search line: signed in as the dashboard is, timed from this process over HTTP (the server is what npm start runs). */
async function searchLine(brandId: string, cookie: string) {
  const { db } = await import("@/lib/db");
  const phones = await db.contactIdentifier.count({ where: { brandId } });

  // What a marketer types: a first name, a full name, part of an email, a number's digits, a short prefix, a miss.
  const queries = ["ava", "noah4", "sofia12 rossi", "person-1234", "@example.com", "12345", "kenji", "chen-77", "zz", "nobody-here"];
  const timings: number[] = [];
  const perQuery: Record<string, number[]> = {};
  const totals: Record<string, number> = {};
  for (let round = 0; round < 30; round++) {
    for (const q of queries) {
      const started = performance.now();
      const res = await fetch(`${base}/api/contacts/search?q=${encodeURIComponent(q)}&limit=50`, {
        headers: { cookie, "Service-Version": "2026-03-15" },
      });
      const body = (await res.json()) as { total: number };
      timings.push(performance.now() - started);
      (perQuery[q] ??= []).push(performance.now() - started);
      if (!res.ok) throw new Error(`search ${q}: ${res.status} ${JSON.stringify(body)}`);
      totals[q] = body.total;
    }
  }
  const sorted = [...timings].sort((a, b) => a - b);
  console.log(
    `engine: ${process.env.DATABASE_URL!.startsWith("postgres") ? "PostgreSQL" : "SQLite"}; contacts: ${CONTACTS.toLocaleString("en-US")} (${phones.toLocaleString("en-US")} identifiers)`,
  );
  console.log(
    `matches per query: ${Object.entries(totals)
      .map(([q, n]) => `${q}=${n}`)
      .join(", ")}`,
  );
  console.log(
    `load average while measuring: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} cores`,
  );
  for (const [q, list] of Object.entries(perQuery)) {
    const s = [...list].sort((a, b) => a - b);
    console.log(`  ${q.padEnd(14)} p50 ${percentile(s, 50).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms`);
  }
  console.log(
    `search (GET /api/contacts/search, first page of 50 with total, as the dashboard asks) over ${sorted.length} requests: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    server.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit();
  });
