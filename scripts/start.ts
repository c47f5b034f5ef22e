// `npm start`: everything a first run needs, then the server.
//  - AUTH_SECRET: taken from the environment, or generated once and kept in data/auth-secret;
//  - the Prisma client generated and the app built when no build exists (`--dev` skips the build);
//  - migrations applied; a demo brand and user seeded on an empty database (login printed once);
//  - serves on PORT (default 3000) and HOST (default 0.0.0.0).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { resolveDatabaseUrl, databaseKind } from "../lib/db-url";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const dev = process.argv.includes("--dev");
const dataDir = path.join(root, "data");

function ensureAuthSecret() {
  if (process.env.AUTH_SECRET) return;
  const file = path.join(dataDir, "auth-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    console.log(`Generated AUTH_SECRET in ${path.relative(root, file)} (set AUTH_SECRET to use your own)`);
  }
  process.env.AUTH_SECRET = fs.readFileSync(file, "utf8").trim();
}

function run(cmd: string, args: string[]) {
  execFileSync(path.join(root, "node_modules/.bin", cmd), args, { stdio: "inherit", env: process.env });
}

function ensureBuild() {
  if (!fs.existsSync(path.join(root, "lib/generated/prisma/client.ts")) || !fs.existsSync(path.join(root, "lib/generated/prisma-pg/client.ts"))) {
    execFileSync("npm", ["run", "--silent", "db:generate"], { stdio: "inherit" });
  }
  if (!dev && !fs.existsSync(path.join(root, ".next/BUILD_ID"))) {
    console.log("No build found: building Inkwell (once; `npm run build` rebuilds)...");
    run("next", ["build"]);
  }
}

async function main() {
  process.env.DATABASE_URL = resolveDatabaseUrl();
  ensureAuthSecret();
  ensureBuild();

  const { applyMigrations } = await import("./db/migrate");
  const applied = await applyMigrations(process.env.DATABASE_URL);
  if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);

  const { seedDemoIfEmpty } = await import("../lib/accounts/seed-demo");
  const demo = await seedDemoIfEmpty();

  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  console.log((await import("../lib/oauth/issuer")).issuerNotice()); // before listening: a malformed APP_URL stops the start
  const { startHttpServer } = await import("../server/http-server");
  const { server } = await startHttpServer({ port, host, dev, dir: root });
  if (process.env.INKWELL_WORKER !== "off") {
    // The embedded default processes events in this process; larger installs run `npm run worker`.
    const { startEventWorker } = await import("../lib/events/worker/run-worker");
    const worker = startEventWorker();
    const shutdown = () => {
      server.close();
      void worker.stop().finally(() => process.exit(0));
      setTimeout(() => process.exit(0), 5000).unref();
    };
    process.once("SIGTERM", shutdown);
    process.once("SIGINT", shutdown);
  }
  const shown = host === "0.0.0.0" ? "localhost" : host;
  console.log(`Inkwell is running at http://${shown}:${port} (${databaseKind(process.env.DATABASE_URL)} database)`);
  if (demo) {
    console.log("\nFirst run: a demo brand and user were created. Sign in with:");
    console.log(`  email:    ${demo.email}`);
    console.log(`  password: ${demo.password}   (shown only this once)`);
    console.log(`  brand:    ${demo.brandName} (${demo.brandId})\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
