// `npm start`: everything a first run needs, then the server.
//  - AUTH_SECRET: taken from the environment, or generated once and kept in data/auth-secret;
//  - the Prisma clients generated and the app built when no build exists (`--dev` skips the build);
//  - the configuration checked, migrations applied, a demo brand and user seeded on an empty database
//    (scripts/prepare.ts, in a child process: this process loads the app's modules only through Next,
//    see docs/architecture.md);
//  - the server on PORT (default 3000) and HOST (default 0.0.0.0), which starts the app's background work
//    before it answers anything (server/http-server.ts).
// Nothing here imports lib/ or app/.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);
const dev = process.argv.includes("--dev");
const dataDir = path.join(root, "data");

type Prepared = {
  applied: string[];
  demo: { email: string; password: string; brandId: string; brandName: string } | null;
  appOrigin: string;
  appUrlSet: boolean;
  databaseKind: string;
};

function ensureAuthSecret() {
  if (process.env.AUTH_SECRET?.trim()) return;
  const file = path.join(dataDir, "auth-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    console.log(`Generated AUTH_SECRET in ${path.relative(root, file)} (set AUTH_SECRET to use your own)`);
  }
  process.env.AUTH_SECRET = fs.readFileSync(file, "utf8").trim();
}

function ensureBuild() {
  if (
    !fs.existsSync(path.join(root, "lib/generated/prisma/client.ts")) ||
    !fs.existsSync(path.join(root, "lib/generated/prisma-pg/client.ts"))
  ) {
    execFileSync("npm", ["run", "--silent", "db:generate"], { stdio: "inherit" });
  }
  if (!dev && !fs.existsSync(path.join(root, ".next/BUILD_ID"))) {
    console.log("No build found: building Inkwell (once; `npm run build` rebuilds)...");
    execFileSync(path.join(root, "node_modules/.bin/next"), ["build"], { stdio: "inherit", env: process.env });
  }
}

/** Runs scripts/prepare.ts; exits this process with its message when the configuration is invalid. */
function prepare(): Promise<Prepared> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/prepare.ts"], {
      cwd: root,
      env: process.env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code === 2) process.exit(1); // the invalid configuration was printed on stderr
      if (code !== 0) return reject(new Error(`preparing the database failed (exit code ${code})`));
      const lines = output.trim().split("\n");
      for (const line of lines.slice(0, -1)) console.log(line);
      resolve(JSON.parse(lines.at(-1)!) as Prepared);
    });
  });
}

async function main() {
  ensureAuthSecret();
  ensureBuild();
  const prepared = await prepare();
  if (prepared.applied.length) console.log(`Applied migrations: ${prepared.applied.join(", ")}`);

  const port = Number(process.env.PORT?.trim() || 3000);
  const host = process.env.HOST?.trim() || "0.0.0.0";
  const { startHttpServer } = await import("../server/http-server");
  const { server, apiRoutes } = await startHttpServer({ port, host, dev, dir: root });
  process.once("SIGTERM", () => server.close());
  process.once("SIGINT", () => server.close());

  const shown = host === "0.0.0.0" ? "localhost" : host;
  console.log(
    `Inkwell is running at http://${shown}:${port} (${prepared.databaseKind} database, ${apiRoutes} API routes${dev ? ", development" : ""})`,
  );
  console.log(
    prepared.appUrlSet
      ? `Public URL (APP_URL, the OAuth issuer): ${prepared.appOrigin}`
      : `Public URL (the OAuth issuer): ${prepared.appOrigin} (the local default: set APP_URL to the public URL for any public or proxied deployment)`,
  );
  if (prepared.demo) {
    console.log("\nFirst run: a demo brand and user were created. Sign in with:");
    console.log(`  email:    ${prepared.demo.email}`);
    console.log(`  password: ${prepared.demo.password}   (shown only this once)`);
    console.log(`  brand:    ${prepared.demo.brandName} (${prepared.demo.brandId})\n`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
