// End-to-end tests in a real Chromium against the built server on a fresh temporary database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Evaluated by the runner and again by each worker; the env var keeps one data dir and port per run.
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-e2e-"));
// The server's secret, read by specs that sign what the server verifies (e2e/replies.spec.ts).
if (!process.env.E2E_AUTH_SECRET) process.env.E2E_AUTH_SECRET = "e2e-secret-not-for-production";
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(3400 + Math.floor(Math.random() * 500));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
}

export default defineConfig({
  testDir: "e2e",
  globalTeardown: "./e2e/global-teardown.ts",
  outputDir: "test-results/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two spec files at a time (each spec's tests in order, each file with accounts of its own) against the one
  // server: 188 tests in 11.8 min against about 25 one at a time, on the 2-core machine.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium", viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: "node_modules/.bin/tsx scripts/start.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    env: {
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? `file:${path.join(process.env.E2E_DATA_DIR, "inkwell.db")}`,
      PORT: String(port),
      HOST: "127.0.0.1",
      AUTH_SECRET: process.env.E2E_AUTH_SECRET,
      // Campaigns and automations made in the browser send from the deployment's address.
      SMTP_FROM_SHARED: "on",
      APP_URL: baseURL,
      IMAGES_DIR: path.join(process.env.E2E_DATA_DIR, "images"),
    },
  },
});
