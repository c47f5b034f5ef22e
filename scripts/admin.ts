// Operator command line: `npm run admin -- <command> [--flag value ...]`.
// Works against the configured DATABASE_URL and prints JSON on its last line.
import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { applyMigrations } from "./db/migrate";
import { ApiProblem } from "../lib/http/problems";
import { fieldErrorsFromZod } from "../lib/http/zod-errors";
import { adminCommands } from "../lib/admin/commands";

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  // Mail on stdin, answered with sysexits codes a Postfix pipe understands (lib/inbound/receive-mail.ts);
  // build/receive-mail.mjs is the same without tsx, for a pipe that runs once per message.
  if (command === "receive-mail") {
    const { values } = parseArgs({ args: rest, options: { recipient: { type: "string" }, sender: { type: "string" } }, strict: true });
    const { receiveMail, readStdin } = await import("../lib/inbound/receive-mail");
    const result = await receiveMail(await readStdin(), values);
    console.log(JSON.stringify({ exitCode: result.code, message: result.message }));
    process.exit(result.code);
  }
  const spec = command ? adminCommands[command] : undefined;
  if (!spec) {
    console.error(
      `Usage: npm run admin -- <command> [options]\n\nCommands:\n${Object.entries(adminCommands)
        .map(([name, c]) => `  ${name} ${c.usage}`)
        .join("\n")}\n  receive-mail [--recipient addr] [--sender addr]   (one message on stdin; exit 0, 67 or 75)`,
    );
    process.exit(command ? 2 : 0);
  }
  const { values } = parseArgs({ args: rest, options: spec.options, strict: true, allowPositionals: false });
  await applyMigrations();
  const result = await spec.run(values as Record<string, string | string[] | boolean | undefined>);
  console.log(JSON.stringify(result));
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    const message =
      error instanceof ZodError
        ? fieldErrorsFromZod(error.issues)
            .map((e) => `--${e.field || "input"}: ${e.message}`)
            .join("; ")
        : error instanceof ApiProblem
          ? error.detail
          : error instanceof Error
            ? error.message
            : String(error);
    console.error(message);
    console.log(JSON.stringify({ error: message }));
    process.exit(1);
  });
