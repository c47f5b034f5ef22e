// The light entry point of `receive-mail` for a Postfix pipe (once per message, as an unprivileged user with a
// bare environment): built by `npm run build` into build/receive-mail.mjs (scripts/build-receive-mail.mts,
// esbuild, node_modules left external), run with plain `node`: no Next, no tsx. It works from the app's root
// (DATABASE_URL's default is relative to it) and takes AUTH_SECRET from data/auth-secret when the
// environment has none, as `npm start` does. Usage and exit codes: lib/inbound/receive-mail.ts.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

async function main(): Promise<number> {
  const root = path.resolve(import.meta.dirname, "..");
  process.chdir(root);
  const secretFile = path.join(root, "data", "auth-secret");
  if (!process.env.AUTH_SECRET?.trim() && fs.existsSync(secretFile)) process.env.AUTH_SECRET = fs.readFileSync(secretFile, "utf8").trim();
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== "receive-mail"),
    options: { recipient: { type: "string" }, sender: { type: "string" } },
    strict: true,
  });
  const { receiveMail, readStdin, EXIT } = await import("../lib/inbound/receive-mail");
  try {
    const result = await receiveMail(await readStdin(), values);
    (result.code === EXIT.ok ? console.log : console.error)(`receive-mail: ${result.message}`);
    return result.code;
  } catch (error) {
    console.error(`receive-mail: ${(error as Error).message}`);
    return EXIT.tempFail;
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`receive-mail: ${(error as Error).message}`);
    // A configuration or start-up failure: Postfix keeps the message and tries again.
    process.exit(75);
  },
);
