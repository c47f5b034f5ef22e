// The delivery crash test: SIGKILL the server while a 20,000-recipient send is under way, start it again on
// the same database, and count at the SMTP sink by Message-ID: every recipient receives the message, and
// the recipients that receive it twice are at most the messages that were in flight at the kill (claimed
// by the dead worker and not yet recorded: it may have handed them to the sink). Run by
// tests/api/delivery-crash.test.ts (SQLite, or PostgreSQL when TEST_POSTGRES_URL is set).
import { startTestServer, type TestServer } from "../../tests/api/setup/test-server";
import { createBrandAndKey } from "./bench-helpers";
import { killHard } from "./crash-scenario";
import { audience, newsletterTemplate, seedAudience } from "./delivery-fixtures";
import { query } from "./inbox-queries";
import { startSinkProcess } from "./sink-client";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type DeliveryCrashResult = {
  recipients: number;
  receivedBeforeKill: number;
  inFlightAtKill: number;
  distinct: number;
  duplicates: number;
  pendingAfter: number;
  sentAfter: number;
};

export async function runDeliveryCrashScenario(recipients = 20_000, log: (line: string) => void = () => {}): Promise<DeliveryCrashResult> {
  const sink = await startSinkProcess();
  const env = {
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(sink.port),
    SMTP_TLS: "none",
    SMTP_FROM: "Crash <news@crash.test>",
    SMTP_FROM_SHARED: "on",
    SMTP_POOL_CONNECTIONS: "8",
    DELIVERY_CLAIM_LEASE_MS: "3000",
    EVENTS_WORKER_IDLE_MS: "100",
    // The restarted server must sign as the first did: a message's Message-ID carries a signature.
    AUTH_SECRET: `crash-secret-${Math.random().toString(36).slice(2)}`,
  };
  let server: TestServer = await startTestServer({ label: "delivery-crash", env });
  const databaseUrl = server.databaseUrl;
  Object.assign(process.env, env, { DATABASE_URL: databaseUrl, PORT: new URL(server.baseUrl).port });
  try {
    const { brandId, key } = createBrandAndKey(databaseUrl);
    const res = await fetch(`${server.baseUrl}/api/email-templates`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${key}` },
      body: JSON.stringify(newsletterTemplate()),
    });
    const template = (await res.json()) as { id: string };
    await seedAudience(brandId, recipients, (i) => `crash-${i}@crash.test`);
    const { enqueueMessages } = await import("@/lib/delivery");
    const enqueued = enqueueMessages(brandId, {
      source: { kind: "campaign", id: "crash" },
      content: { templateId: template.id, subject: "Hello [[contact.first_name]]", senderName: "Crash", senderEmail: "news@crash.test" },
      recipients: audience(brandId),
    });
    // Kill once sending is well under way (a fixed time would be too short on a busy machine).
    await sink.waitFor(Math.min(2_000, Math.floor(recipients / 5)), 300_000);
    killHard(server);
    const receivedBeforeKill = (await sink.counts()).total;
    const result = await enqueued;
    if (result.queued !== recipients) throw new Error(`queued ${result.queued} of ${recipients}`);
    const count = async (sql: string) => Number((await query<{ n: number | string }>(databaseUrl, sql))[0].n);
    // This brand's messages only: the demo brand seeded at first start holds a sent campaign's messages.
    const ofBrand = `"brandId" = '${brandId}'`;
    const inFlightAtKill = await count(`SELECT COUNT(*) AS n FROM "Message" WHERE ${ofBrand} AND "status" = 'sending'`);
    log(`killed the server with SIGKILL after ${receivedBeforeKill} messages at the sink; ${inFlightAtKill} were in flight`);
    await sleep(300);
    server = await startTestServer({ label: "delivery-crash", env, databaseUrl });
    const deadline = Date.now() + 600_000;
    let pending = Infinity;
    while (Date.now() < deadline) {
      pending = await count(`SELECT COUNT(*) AS n FROM "Message" WHERE ${ofBrand} AND "status" IN ('queued', 'sending')`);
      if (pending === 0) break;
      await sleep(500);
    }
    const stats = await sink.stats();
    const sentAfter = await count(`SELECT COUNT(*) AS n FROM "Message" WHERE ${ofBrand} AND "status" = 'sent'`);
    log(`restarted; ${stats.distinct} distinct messages at the sink, ${stats.duplicates} received twice, ${pending} pending`);
    return {
      recipients,
      receivedBeforeKill,
      inFlightAtKill,
      distinct: stats.distinct,
      duplicates: stats.duplicates,
      pendingAfter: pending,
      sentAfter,
    };
  } finally {
    await server.stop();
    sink.stop();
  }
}
