// bench:send: how fast the delivery pipeline sends a newsletter, against a bare nodemailer pool in the same
// run. Per engine (BENCH_ENGINES=sqlite,postgres by default), in a process of its own:
//  1. an SMTP sink in a process of its own (scripts/bench/smtp-sink-process.ts), counting by Message-ID;
//  2. bare: a nodemailer pool of BENCH_CONNECTIONS (8) sending one pre-rendered message BENCH_RECIPIENTS
//     (100,000) times to the sink, 4 messages in flight per connection: once as the issue states it (the
//     rendered HTML and text, which nodemailer's composer encodes on every send), once as the finished MIME
//     message (`raw`: the pool's own ceiling, nothing composed; Inkwell builds its MIME itself, so this is
//     the stricter comparison);
//  3. Inkwell as people run it (`npm start` defaults: the delivery worker on the server's worker thread)
//     with SMTP_HOST at the sink and SMTP_POOL_CONNECTIONS=8; BENCH_RECIPIENTS subscribed contacts, the
//     30-block newsletter with first-name personalization and a recommender section; the audience is
//     streamed into enqueueMessages (as a campaign streams a segment) and the clock runs from the call to
//     the last message at the sink. The server's resident memory is sampled throughout.
// Targets (issue 28): >= 1,000 messages/s, >= 0.5 of bare, RSS growth <= 150 MB.
// Run: npm run bench:send   (build first: npm run build). BENCH_RECIPIENTS=20000 for a shorter run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import { startTestServer } from "../../tests/api/setup/test-server";
import { startThrowawayPostgres } from "../db/throwaway-postgres";
import { createBrandAndKey } from "./bench-helpers";
import { childrenOf } from "./crash-scenario";
import { audience, catalogProducts, newsletterTemplate, seedAudience } from "./delivery-fixtures";
import { startSinkProcess, type SinkProcess } from "./sink-client";

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",").map((e) => e.trim());
const root = path.resolve(import.meta.dirname, "../..");

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** A number of `/proc/<pid>/<file>` of a process and all its descendants, summed or the largest. */
function processTree(pid: number, read: (pid: number) => number, combine: (a: number, b: number) => number): number {
  let value = 0;
  try {
    value = read(pid);
  } catch {
    /* gone */
  }
  return childrenOf(pid).reduce((acc, child) => combine(acc, processTree(child, read, combine)), value);
}

/** Resident memory of the server: the launcher's largest descendant (its node child is the server). */
const serverRss = (pid: number) =>
  processTree(pid, (p) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0) * 1024, Math.max);

/** CPU time (ms) of the server's processes, all their threads (utime + stime, clock ticks of 1/100 s). */
const serverCpuMs = (pid: number) =>
  processTree(
    pid,
    (p) => {
      const fields = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    },
    (a, b) => a + b,
  );

type BareMail =
  { from: string; to: string; subject: string; html: string; text: string } | { envelope: { from: string; to: string }; raw: Buffer };

async function bare(sink: SinkProcess, mail: BareMail): Promise<{ rate: number; cpuMs: number }> {
  await sink.reset();
  const cpu0 = process.cpuUsage();
  const transporter = nodemailer.createTransport({
    host: "127.0.0.1",
    port: sink.port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: CONNECTIONS,
    maxMessages: Infinity,
  });
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < RECIPIENTS) {
      next++;
      await transporter.sendMail(mail);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS * 4 }, lane));
  await sink.waitFor(RECIPIENTS, 600_000);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  transporter.close();
  return { rate: RECIPIENTS / seconds, cpuMs: (cpu.user + cpu.system) / 1000 / RECIPIENTS };
}

async function runEngine(engine: string): Promise<void> {
  const sink = await startSinkProcess();
  const env = {
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(sink.port),
    SMTP_TLS: "none",
    SMTP_FROM: "Bench <news@bench.test>",
    SMTP_POOL_CONNECTIONS: String(CONNECTIONS),
    RATE_LIMIT_PER_MINUTE: "1000000",
  };
  const server = await startTestServer({ label: `send-${engine}`, env });
  Object.assign(process.env, env, { DATABASE_URL: server.databaseUrl, AUTH_SECRET: server.authSecret, PORT: new URL(server.baseUrl).port });
  try {
    const { brandId, key } = createBrandAndKey(server.databaseUrl);
    const call = async (p: string, body: unknown) => {
      const res = await fetch(server.baseUrl + p, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${key}` },
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    for (const product of catalogProducts()) await call("/api/products", product);
    const template = await call("/api/email-templates", newsletterTemplate());
    const seedStarted = performance.now();
    await seedAudience(brandId, RECIPIENTS);
    console.log(
      `[${engine}] seeded ${RECIPIENTS.toLocaleString("en")} contacts in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    // The bare figure: the same email as Inkwell renders it, pre-rendered once.
    const rendered = await call(`/api/email-templates/${template.id}/render`, {});
    const baseline = await bare(sink, {
      from: "Bench <news@bench.test>",
      to: "reader@bench.test",
      subject: "Weekly newsletter",
      html: rendered.html,
      text: rendered.text,
    });
    const bareRate = baseline.rate;
    console.log(
      `[${engine}] bare nodemailer pool (${CONNECTIONS} connections): ${Math.round(bareRate).toLocaleString("en")} messages/s, ${baseline.cpuMs.toFixed(2)} ms CPU per message (${Math.round(rendered.html.length / 1024)} KiB of HTML)`,
    );
    const raw = await new MailComposer({
      from: "Bench <news@bench.test>",
      to: "reader@bench.test",
      subject: "Weekly newsletter",
      html: rendered.html,
      text: rendered.text,
    })
      .compile()
      .build();
    const rawBaseline = await bare(sink, { envelope: { from: "news@bench.test", to: "reader@bench.test" }, raw });
    console.log(
      `[${engine}] bare nodemailer pool, finished MIME (raw): ${Math.round(rawBaseline.rate).toLocaleString("en")} messages/s, ${rawBaseline.cpuMs.toFixed(2)} ms CPU per message (${Math.round(raw.length / 1024)} KiB)`,
    );

    await sink.reset();
    const { enqueueMessages } = await import("@/lib/delivery");
    const rssBefore = serverRss(server.process.pid!);
    const cpuBefore = serverCpuMs(server.process.pid!);
    let rssMax = rssBefore;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, serverRss(server.process.pid!))), 500);
    const started = performance.now();
    const result = await enqueueMessages(brandId, {
      source: { kind: "campaign", id: `bench-${engine}` },
      content: {
        templateId: template.id,
        subject: "This week, [[contact.first_name | friend]]",
        senderName: "Bench",
        senderEmail: "news@bench.test",
        utm: { source: "inkwell", medium: "email", campaign: "weekly" },
      },
      recipients: audience(brandId),
    });
    const queuedAt = performance.now();
    await sink.waitFor(result.queued, 1_800_000);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const cpuPerMessage = (serverCpuMs(server.process.pid!) - cpuBefore) / result.queued;
    const stats = await sink.stats();
    const rate = result.queued / seconds;
    console.log(
      `[${engine}] Inkwell: ${result.queued.toLocaleString("en")} messages in ${seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString("en")} messages/s ` +
        `(${(rate / bareRate).toFixed(2)} of bare, ${(rate / rawBaseline.rate).toFixed(2)} of bare raw; queueing took ${((queuedAt - started) / 1000).toFixed(1)} s); ` +
        `server CPU ${cpuPerMessage.toFixed(2)} ms per message; duplicates at the sink: ${stats.duplicates}; server RSS ${mb(rssBefore)} MB -> max ${mb(rssMax)} MB (+${mb(rssMax - rssBefore)} MB)`,
    );
    console.log(
      `RESULT ${JSON.stringify({ engine, recipients: RECIPIENTS, connections: CONNECTIONS, bare: Math.round(bareRate), bareRaw: Math.round(rawBaseline.rate), inkwell: Math.round(rate), ratio: Number((rate / bareRate).toFixed(2)), ratioRaw: Number((rate / rawBaseline.rate).toFixed(2)), serverCpuMsPerMessage: Number(cpuPerMessage.toFixed(2)), bareCpuMsPerMessage: Number(baseline.cpuMs.toFixed(2)), seconds: Number(seconds.toFixed(1)), rssBeforeMb: mb(rssBefore), rssGrowthMb: mb(rssMax - rssBefore), duplicates: stats.duplicates })}`,
    );
  } finally {
    await server.stop();
    sink.stop();
  }
}

async function main() {
  const engine = process.argv[process.argv.indexOf("--engine") + 1];
  if (process.argv.includes("--engine")) {
    await runEngine(engine);
    process.exit(0);
  }
  // Each engine in a process of its own: lib/ binds one database per process.
  let postgres: Awaited<ReturnType<typeof startThrowawayPostgres>> | null = null;
  for (const e of ENGINES) {
    const env: NodeJS.ProcessEnv = { ...process.env };
    if (e === "postgres") {
      postgres ??= await startThrowawayPostgres();
      env.TEST_POSTGRES_URL = postgres.url;
    } else delete env.TEST_POSTGRES_URL;
    console.log(
      `bench:send on ${e}: ${RECIPIENTS.toLocaleString("en")} recipients, ${CONNECTIONS} SMTP connections, load average ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
    );
    await new Promise<void>((resolve, reject) => {
      const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/bench/send.ts", "--engine", e], {
        cwd: root,
        env,
        stdio: "inherit",
      });
      child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`bench:send on ${e} failed (${code})`))));
    });
  }
  postgres?.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
