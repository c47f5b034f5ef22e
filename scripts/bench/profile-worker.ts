// Ad-hoc: CPU profile of `npm run worker` sending a newsletter (the server runs with its worker off), with
// a deployment DKIM key as bench:send configures it (PROFILE_DKIM=off: unsigned). N recipients (5,000).
// Summarize: tsx scripts/bench/profile-summary.ts /tmp/prof/*.cpuprofile
import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTestServer } from "../../tests/api/setup/test-server";
import { createBrandAndKey } from "./bench-helpers";
import { audience, newsletterTemplate, seedAudience, catalogProducts } from "./delivery-fixtures";
import { startSinkProcess } from "./sink-client";
import { serverCpuMs } from "./targets";

const N = Number(process.env.N ?? 5000);
const root = path.resolve(import.meta.dirname, "../..");
async function main() {
  const sink = await startSinkProcess();
  const keyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "inkwell-dkim-")), "dkim.pem");
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  fs.writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }).toString());
  const dkim: Record<string, string> =
    process.env.PROFILE_DKIM === "off" ? {} : { DKIM_PRIVATE_KEY_FILE: keyFile, DKIM_SELECTOR: "bench", DKIM_DOMAIN: "bench.test" };
  const env = {
    ...dkim,
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(sink.port),
    SMTP_TLS: "none",
    SMTP_FROM: "Bench <news@bench.test>",
    SMTP_FROM_SHARED: "on",
    SMTP_POOL_CONNECTIONS: "8",
    INKWELL_WORKER: "off",
    RATE_LIMIT_PER_MINUTE: "1000000",
  };
  const server = await startTestServer({ label: "profile-worker", env });
  Object.assign(process.env, env, { DATABASE_URL: server.databaseUrl, AUTH_SECRET: server.authSecret, PORT: new URL(server.baseUrl).port });
  const { brandId, key } = createBrandAndKey(server.databaseUrl);
  const call = async (p: string, body: unknown) =>
    (
      await fetch(server.baseUrl + p, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${key}` },
        body: JSON.stringify(body),
      })
    ).json();
  for (const product of catalogProducts()) await call("/api/products", product);
  const template = await call("/api/email-templates", newsletterTemplate());
  await seedAudience(brandId, N);
  const { enqueueMessages } = await import("@/lib/delivery");
  await enqueueMessages(brandId, {
    source: { kind: "campaign", id: "p" },
    content: {
      templateId: template.id,
      subject: "Hi [[contact.first_name]]",
      senderName: "B",
      senderEmail: "news@bench.test",
      utm: { source: "x" },
    },
    recipients: audience(brandId),
  });
  // NO_PROFILE=1: CPU per message only (the worker process's, startup included: compare runs of one N)
  const profile = process.env.NO_PROFILE ? [] : ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"];
  const worker = spawn(process.execPath, [...profile, "--import", "tsx", "scripts/worker.ts"], {
    cwd: root,
    env: { ...process.env },
    stdio: "inherit",
  });
  const started = Date.now();
  await sink.waitFor(N, 900_000);
  const cpuMs = serverCpuMs(worker.pid!);
  console.log(
    `${N} in ${((Date.now() - started) / 1000).toFixed(1)} s (worker as its own process${profile.length ? ", profiling on" : ""}); worker CPU ${(cpuMs / N).toFixed(2)} ms per message (startup included)`,
  );
  worker.kill("SIGINT");
  await new Promise((r) => worker.once("exit", r));
  await server.stop();
  sink.stop();
  process.exit(0);
}
void main();
