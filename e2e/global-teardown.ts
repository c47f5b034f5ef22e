// Removes the run's temporary database directory (made in playwright.config.ts).
import fs from "node:fs";

export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes("inkwell-e2e-")) fs.rmSync(dir, { recursive: true, force: true });
}
