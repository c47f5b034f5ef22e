// npm run bench:contacts-table: loads 10,000 contacts into the dashboard's contacts table in Chromium
// (the built server on a temporary SQLite database) and scrolls through all of them, printing frame
// times and how many rows the DOM holds. Build first (npm run build).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 10_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-bench-table-"));
const port = 4100 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
process.env.DATABASE_URL = `file:${path.join(dir, "inkwell.db")}`;

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

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

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
  for (let offset = 0; offset < CONTACTS; offset += 500) {
    const contacts = Array.from({ length: Math.min(500, CONTACTS - offset) }, (_, i) => {
      const at = new Date(start + (offset + i) * 1000);
      return { id: newId(), brandId: brand.id, firstName: `Person ${offset + i}`, lastName: "Bench", customProperties: {}, createdAt: at, updatedAt: at };
    });
    await db.contact.createMany({ data: contacts });
    await db.contactIdentifier.createMany({
      data: contacts.map((c, i) => ({
        id: newId(), brandId: brand.id, contactId: c.id, type: "email", value: `person-${offset + i}@example.com`,
        status: i % 3 === 0 ? "unsubscribed" : "subscribed", statusChangedAt: c.createdAt, createdAt: c.createdAt,
      })),
    });
  }

  const browser = await chromium.launch({ executablePath: ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p)), args: ["--no-sandbox"] });
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
  for (;;) {
    const text = (await status.textContent()) ?? "";
    if (text.startsWith(done) && !text.includes("more")) break;
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
  console.log(`contacts loaded: ${CONTACTS} in ${(loadMs / 1000).toFixed(1)} s (${Math.ceil(CONTACTS / 100)} pages of 100)`);
  console.log(`rows in the DOM while scrolling: at most ${result.maxRows} (including 2 padding rows); last row aria-rowindex ${result.lastRowIndex}`);
  console.log(`load average while measuring: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.cpus().length} cores`);
  console.log(`frame time over ${sorted.length} scroll steps: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms, frames over 50 ms: ${sorted.filter((f) => f > 50).length}`);
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
