// bench:inbound (issue 39): how fast Inkwell takes in and handles bounce notices, against a bare smtp-server
// that accepts mail and does nothing with it, in the same run; then a SIGKILL run.
//  1. Inkwell as `npm start` runs it (scripts/start.ts, the worker thread on), RETURN_PATH_DOMAIN and
//     INBOUND_SMTP_PORT set, outbox transport; BENCH_NOTICES (10,000) contacts are sent a campaign (into the
//     outbox), so each notice names a real message by its VERP address;
//  2. bare: an smtp-server accepting every message with no handling, in a process of its own as Inkwell's
//     listener is (scripts/bench/bare-smtp-process.ts); BENCH_NOTICES Postfix-style bounce notices sent to it
//     over BENCH_CONNECTIONS (8) connections; its rate is messages acknowledged per second, run before and
//     after step 3 (mean: one short run moved by up to 1.6x from the next on one machine). The same server in
//     the bench's process (on the client's thread: the baseline until 2026-12-01) is measured too and the
//     ratio to it printed beside;
//  3. Inkwell: the same notices to its listener; its rate is notices HANDLED (each message bounced, the row
//     done) per second, from the first send to the last handled. Printed first: the ratio (target >= 0.5;
//     the exit code is 1 when it is missed);
//  4. SIGKILL: a second batch of notices, the server killed with SIGKILL while they arrive, started again on
//     the same database: every notice acknowledged with 250 must be handled (its message bounced).
// Run: npm run build && npm run bench:inbound   (BENCH_NOTICES=2000 for a shorter run).
// BENCH_PROFILE_DIR=<dir>: the server runs under `node --cpu-prof` (a profile per process and thread in that
// folder, for profile-summary.ts), is stopped with SIGTERM after the first batch (so the profiles are
// written) and the SIGKILL part is skipped; the database is copied there too (inkwell.db), for EXPLAIN.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import nodemailer from "nodemailer";
import { oneTextBlockTemplate } from "../../tests/api/delivery-setup";
import { freePort, startTestServer, type TestServer } from "../../tests/api/setup/test-server";
import { bareSmtpServer } from "./bare-smtp";
import { createBrandAndKey } from "./bench-helpers";
import { childrenOf, killHard } from "./crash-scenario";
import { audience, seedAudience } from "./delivery-fixtures";
import { query } from "./inbox-queries";
import { forkListeningScript } from "./sink-client";

const NOTICES = Number(process.env.BENCH_NOTICES ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR ? path.resolve(process.env.BENCH_PROFILE_DIR) : null;
const DOMAIN = "bounces.bench.test";
const root = path.resolve(import.meta.dirname, "../..");
const log = (line: string) => console.log(`[bench:inbound] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Notice = { to: string; raw: Buffer };

/** The server's process, its children (the worker) and theirs. */
const serverProcesses = (pid: number) => [pid, ...childrenOf(pid), ...childrenOf(pid).flatMap(childrenOf)];

/** CPU time (user + system, ms) of the server's processes (Linux /proc): all threads, and their main threads only. */
function cpuMs(pid: number): { all: number; main: number } {
  const ticks = (file: string) => {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(file, "utf8").split(") ")[1].split(" ");
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0; // gone
    }
  };
  let [all, main] = [0, 0];
  for (const p of serverProcesses(pid)) {
    all += ticks(`/proc/${p}/stat`);
    main += ticks(`/proc/${p}/task/${p}/stat`);
  }
  return { all: all * 10, main: main * 10 }; // USER_HZ is 100 on Linux
}

/**
 * Bytes the server's processes passed to write(2) and the write calls made (Linux /proc: wchar, syscw),
 * socket replies, spool appends and the database's WAL frames alike. Unlike CPU time they do not move with
 * the machine's speed, so a change to how often the database commits shows here in any run.
 */
function writes(pid: number): { bytes: number; calls: number } {
  let [bytes, calls] = [0, 0];
  for (const p of serverProcesses(pid)) {
    try {
      const io = Object.fromEntries(
        fs
          .readFileSync(`/proc/${p}/io`, "utf8")
          .trim()
          .split("\n")
          .map((line) => line.split(": ")),
      );
      bytes += Number(io.wchar);
      calls += Number(io.syscw);
    } catch {
      // gone
    }
  }
  return { bytes, calls };
}

function bounceNotice(to: string, email: string): Buffer {
  const text = fs.readFileSync(path.join(root, "tests/fixtures/inbound/postfix-bounce.eml"), "utf8");
  const fill: Record<string, string> = {
    RCPT: to,
    RETURN_PATH: to,
    ORIGINAL_RCPT: email,
    MESSAGE_ID_HEADER: "<x@bench.test>",
    MESSAGE_REF: "x",
  };
  return Buffer.from(text.replace(/\{\{([A-Z_]+)\}\}/g, (_, k: string) => fill[k] ?? ""));
}

/** Sends the notices over CONNECTIONS connections; resolves with the number answered 250 and the time taken. */
async function send(port: number, notices: Notice[], stopOnError = false): Promise<{ acked: Set<string>; ms: number }> {
  const transporter = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: CONNECTIONS,
    maxMessages: Infinity,
  });
  const acked = new Set<string>();
  let next = 0;
  let failed = false;
  const started = performance.now();
  const lane = async () => {
    while (next < notices.length && !(failed && stopOnError)) {
      const n = notices[next++];
      try {
        await transporter.sendMail({ envelope: { from: "", to: [n.to] }, raw: n.raw });
        acked.add(n.to);
      } catch {
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS * 2 }, lane));
  transporter.close();
  return { acked, ms: performance.now() - started };
}

/** The bare server in a process of its own (the target's baseline), as Inkwell's listener is. */
async function bareRateInOwnProcess(notices: Notice[]): Promise<number> {
  const { child, port } = await forkListeningScript("bare-smtp-process.ts");
  try {
    const { acked, ms } = await send(port, notices);
    return (acked.size / ms) * 1000;
  } finally {
    if (child.connected) child.disconnect();
  }
}

/** The bare server in this process, sharing the client's thread (printed for comparison with earlier runs). */
async function bareRateInBench(notices: Notice[]): Promise<number> {
  const server = bareSmtpServer();
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  const { acked, ms } = await send(port, notices);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return (acked.size / ms) * 1000;
}

async function main(): Promise<boolean> {
  const inboundPort = await freePort();
  const env: Record<string, string> = {
    RETURN_PATH_DOMAIN: DOMAIN,
    INBOUND_SMTP_PORT: String(inboundPort),
    INBOUND_RATE_PER_MINUTE: "1000000",
    DELIVERY_PAUSE_MIN_SENT: "100000000",
    AUTH_SECRET: `inbound-bench-${Math.random().toString(36).slice(2)}-secret`,
  };
  let server: TestServer = await startTestServer({
    label: "bench-inbound",
    env,
    nodeArgs: PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [],
  });
  const databaseUrl = server.databaseUrl;
  Object.assign(process.env, env, { DATABASE_URL: databaseUrl, PORT: new URL(server.baseUrl).port });
  let ok = true;
  try {
    const { brandId, key } = createBrandAndKey(databaseUrl);
    const res = await fetch(`${server.baseUrl}/api/email-templates`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${key}` },
      body: JSON.stringify(oneTextBlockTemplate("Bench", "<p>Hello</p>")),
    });
    const template = (await res.json()) as { id: string };
    const total = NOTICES * 2;
    await seedAudience(brandId, total, (i) => `reader-${i}@bench.test`);
    const { enqueueMessages } = await import("@/lib/delivery");
    const { markDomainVerified } = await import("@/lib/delivery/senders/senders");
    const { returnPathAddress } = await import("@/lib/inbound/return-path");
    await markDomainVerified(brandId, "bench.test");
    log(`sending a campaign to ${total} contacts (outbox)`);
    await enqueueMessages(brandId, {
      source: { kind: "campaign", id: "bench" },
      content: { templateId: template.id, subject: "Hello", senderName: "Bench", senderEmail: "news@bench.test" },
      recipients: audience(brandId),
    });
    const count = async (sql: string) => Number((await query<{ n: number | string }>(databaseUrl, sql))[0].n);
    for (;;) {
      if ((await count(`SELECT COUNT(*) AS n FROM "Message" WHERE "brandId" = '${brandId}' AND "status" = 'sent'`)) >= total) break;
      await sleep(1000);
    }
    const messages = await query<{ id: string; email: string }>(
      databaseUrl,
      `SELECT "id", "email" FROM "Message" WHERE "brandId" = '${brandId}' ORDER BY "id"`,
    );
    const notices = messages.map((m) => {
      const to = returnPathAddress("bounce", m.id, DOMAIN);
      return { to, raw: bounceNotice(to, m.email) };
    });
    const [first, second] = [notices.slice(0, NOTICES), notices.slice(NOTICES)];

    // The bare servers run before and after Inkwell's run, and their rates are averaged (as bench:events'
    // baseline is): back to back, one run of either read 1,541-2,934/s on one machine.
    const bareBefore = { inBench: await bareRateInBench(first), ownProcess: await bareRateInOwnProcess(first) };
    log(
      `bare smtp-server, before: ${bareBefore.ownProcess.toFixed(0)} notices/s acknowledged (${bareBefore.inBench.toFixed(0)}/s in the bench's process)`,
    );
    const started = performance.now();
    const cpuBefore = cpuMs(server.process.pid!);
    const writesBefore = writes(server.process.pid!);
    const clientBefore = process.cpuUsage();
    const sent = await send(inboundPort, first);
    log(
      `Inkwell acknowledged ${sent.acked.size} in ${(sent.ms / 1000).toFixed(1)} s (${((sent.acked.size / sent.ms) * 1000).toFixed(0)}/s)`,
    );
    for (;;) {
      if ((await count(`SELECT COUNT(*) AS n FROM "InboundMail" WHERE "status" = 'done'`)) >= sent.acked.size) break;
      await sleep(200);
    }
    const handledRate = (sent.acked.size / (performance.now() - started)) * 1000;
    const cpuAfter = cpuMs(server.process.pid!);
    const writesAfter = writes(server.process.pid!);
    const client = process.cpuUsage(clientBefore);
    const wallMs = performance.now() - started;
    const [cpu, main] = [cpuAfter.all - cpuBefore.all, cpuAfter.main - cpuBefore.main];
    const per = (ms: number) => (ms / sent.acked.size).toFixed(2);
    log(
      `server CPU: ${cpu} ms for ${sent.acked.size} notices, ${per(cpu)} ms per notice (taken and handled): ` +
        `${per(main)} on the request thread (the listener), ${per(cpu - main)} on the others (the worker thread's handling, the fsyncs)`,
    );
    log(
      `server writes: ${((writesAfter.bytes - writesBefore.bytes) / sent.acked.size / 1024).toFixed(1)} KiB and ` +
        `${((writesAfter.calls - writesBefore.calls) / sent.acked.size).toFixed(1)} write calls per notice (replies, spool, WAL)`,
    );
    // Whether the machine is saturated: the server's and this process's (the client's) CPU over the run.
    log(
      `machine: server ${((cpu / wallMs) * 100).toFixed(0)}% + this bench (the client) ${(((client.user + client.system) / 1000 / wallMs) * 100).toFixed(0)}% of 200%, load ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`,
    );
    const bareAfter = { inBench: await bareRateInBench(first), ownProcess: await bareRateInOwnProcess(first) };
    log(
      `bare smtp-server, after: ${bareAfter.ownProcess.toFixed(0)} notices/s acknowledged (${bareAfter.inBench.toFixed(0)}/s in the bench's process)`,
    );
    const bare = (bareBefore.ownProcess + bareAfter.ownProcess) / 2;
    const bareInBench = (bareBefore.inBench + bareAfter.inBench) / 2;
    const ratio = handledRate / bare;
    console.log(`ratio ${ratio.toFixed(2)} (target >= 0.5): ${handledRate.toFixed(0)} notices/s handled vs ${bare.toFixed(0)}/s bare`);
    log(`ratio to the bare server in the bench's process (the baseline until 2026-12-01): ${(handledRate / bareInBench).toFixed(2)}`);
    if (ratio < 0.5) ok = false;
    const bounced = await count(`SELECT COUNT(*) AS n FROM "Message" WHERE "brandId" = '${brandId}' AND "status" = 'bounced'`);
    log(`messages bounced: ${bounced} of ${sent.acked.size}`);
    if (bounced < sent.acked.size) ok = false;
    // EVENTS_DEBUG=on: the worker thread's database time per statement (lib/inbound/inbound-job.ts logs it) and
    // where a store's time goes before its 250, on each thread (lib/db/segment-timing.ts).
    if (process.env.EVENTS_DEBUG === "on")
      for (const block of server
        .logs()
        .split("\n[")
        .filter((b) => b.startsWith("inbound] database") || b.startsWith("inbound] store timing"))
        .slice(-4))
        log(block);
    if (PROFILE_DIR) {
      const { default: Database } = await import("better-sqlite3");
      const { sqliteFilePath } = await import("@/lib/db/url");
      await new Database(sqliteFilePath(databaseUrl), { readonly: true }).backup(path.join(PROFILE_DIR, "inkwell.db"));
      log(`profiles and the database (inkwell.db) in ${PROFILE_DIR}; the SIGKILL part is skipped`);
      return ok;
    }

    // SIGKILL while notices arrive: whatever was acknowledged is handled after the restart.
    const sending = send(inboundPort, second, true);
    await sleep(Math.max(2000, sent.ms / 4));
    killHard(server);
    const crashed = await sending;
    log(`killed the server with SIGKILL after ${crashed.acked.size} of ${second.length} notices were acknowledged`);
    await sleep(300);
    server = await startTestServer({ label: "bench-inbound", env, databaseUrl });
    const ackedIds = [...crashed.acked].map((to) => to.slice("bounce-".length, "bounce-".length + 24));
    const deadline = Date.now() + 300_000;
    for (;;) {
      const done = await count(
        `SELECT COUNT(*) AS n FROM "Message" WHERE "status" = 'bounced' AND "id" IN (${ackedIds.map((id) => `'${id}'`).join(",") || "''"})`,
      );
      if (done >= ackedIds.length) {
        log(`after the restart: all ${ackedIds.length} acknowledged notices handled`);
        break;
      }
      if (Date.now() > deadline) {
        log(`after the restart: only ${done} of ${ackedIds.length} acknowledged notices handled`);
        ok = false;
        break;
      }
      await sleep(500);
    }
  } finally {
    await server.stop();
  }
  return ok;
}

main()
  .then((ok) => process.exit(ok ? 0 : 1))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
