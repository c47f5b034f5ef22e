// npm run bench:campaigns — campaigns on SQLite, over HTTP against the built server (started like the API
// tests start it, on a fresh temporary database, sending to an SMTP sink on this machine). Build first:
// npm run build. Prints:
//  - send → first message: a campaign to a 200,000-contact segment, from POST /send to the first message
//    the SMTP sink receives (target ≤ 2 s: the audience is streamed, not materialized first);
//  - report and list reads with 1,000,000 message records in the database (50 campaigns of 20,000
//    messages, their counters): p50/p99 of GET /api/campaigns/{id}/report, and of a list page with its
//    figures (GET /api/campaigns?limit=25 then GET /api/campaigns/figures?ids=...) (targets p99 ≤ 50 ms).
import os from "node:os";
import { startSmtpSink } from "../../tests/fixtures/smtp-sink";
import { startTestServer } from "../../tests/api/setup/test-server";
import { seedSentCampaigns } from "./seed-sent-campaigns";
import { summary } from "./stats";

const VERSION = "2026-03-15";
const AUDIENCE = Number(process.env.BENCH_AUDIENCE ?? 200_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const CAMPAIGNS = 50;
const READS = Number(process.env.BENCH_READS ?? 300);

async function main() {
  const sink = await startSmtpSink({ keepRaw: false });
  const server = await startTestServer({
    label: "bench-campaigns",
    env: {
      RATE_LIMIT_PER_MINUTE: "100000000",
      INKWELL_DEMO_DATA: "off",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(sink.port),
      SMTP_TLS: "none",
      SMTP_FROM: "Bench <news@bench.example>",
      SMTP_FROM_SHARED: "on",
    },
  });
  process.env.DATABASE_URL = server.databaseUrl;
  try {
    const { newId } = await import("@/lib/ids");
    const { createBrand } = await import("@/lib/brands/create-brand");
    const { createApiKey } = await import("@/lib/brands/api-keys");
    const { markAddressVerified } = await import("@/lib/delivery/senders/senders");
    const brand = await createBrand({ name: "bench campaigns", plan: "pro" });
    const key = (await createApiKey(brand.id, "bench")).key;
    await markAddressVerified(brand.id, "news@bench.example", "Bench");
    const call = async (path: string, body?: unknown, method = body ? "POST" : "GET"): Promise<any> => {
      const request = () =>
        fetch(server.baseUrl + path, {
          method,
          headers: {
            "Service-Version": VERSION,
            Authorization: `Service-API-Key ${key}`,
            ...(body ? { "Content-Type": "application/json" } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
      // A keep-alive connection the server closed while the bench seeded (minutes of no request) fails on
      // write, before the request reached the server: ask again on a new connection.
      const res = await request().catch((error: { cause?: { code?: string } }) => {
        if (["EPIPE", "ECONNRESET", "UND_ERR_SOCKET"].includes(error.cause?.code ?? "")) return request();
        throw error;
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
      return text ? JSON.parse(text) : null;
    };

    // The audience: contacts written straight into the SQLite file (in the format Prisma stores), tagged.
    const Database = (await import("better-sqlite3")).default;
    const { sqliteFilePath } = await import("@/lib/db/url");
    const file = new Database(sqliteFilePath(server.databaseUrl));
    file.pragma("busy_timeout = 10000");
    const insertContact = file.prepare(
      `INSERT INTO "Contact" (id, "brandId", "firstName", "customProperties", "createdAt", "updatedAt") VALUES (?, ?, ?, '{}', ?, ?)`,
    );
    const insertIdentifier = file.prepare(
      `INSERT INTO "ContactIdentifier" (id, "brandId", "contactId", type, value, status, "statusChangedAt", "sendWelcomeMessage", "createdAt") VALUES (?, ?, ?, 'email', ?, 'subscribed', ?, 1, ?)`,
    );
    const insertTag = file.prepare(`INSERT INTO "ContactTag" ("contactId", "brandId", tag) VALUES (?, ?, 'bench')`);
    const contactIds: string[] = [];
    const seedContacts = file.transaction((from: number, n: number) => {
      const now = new Date();
      const at = now.toISOString().replace("Z", "+00:00");
      for (let i = from; i < from + n; i++) {
        const id = newId(now);
        insertContact.run(id, brand.id, `F${i}`, at, at);
        insertIdentifier.run(newId(now), brand.id, id, `bench-${i}@example.com`, at, at);
        insertTag.run(id, brand.id);
        contactIds.push(id);
      }
    });
    let started = performance.now();
    for (let from = 0; from < AUDIENCE; from += 10_000) seedContacts(from, Math.min(10_000, AUDIENCE - from));
    file.exec("ANALYZE");
    console.log(`seeded ${AUDIENCE} contacts in ${Math.round(performance.now() - started)} ms`);

    const template = await call("/api/email-templates/import", {
      name: "Bench",
      html: '<html><body><p>Hi [[contact.first_name | there]]</p><p><a href="https://shop.example/sale">Sale</a></p></body></html>',
    });
    const segment = await call("/api/segments", {
      name: "Bench audience",
      conditionGroups: [
        { conditions: [{ entity: "contact", junction: "and", filters: [{ property: "tags", operator: "anyOf", value: ["bench"] }] }] },
      ],
    });
    for (;;) {
      if ((await call(`/api/segments/${segment.segmentID}`)).status === "ready") break;
      await new Promise((r) => setTimeout(r, 200));
    }

    // send → first message at the sink
    const campaign = await call("/api/campaigns", {
      channel: "email",
      type: "regular",
      name: "Bench send",
      audience: { includedSegmentIDs: [segment.segmentID] },
      content: { email: { templateID: template.id, subject: "Hello [[contact.first_name | there]]", senderName: "Bench" } },
    });
    started = performance.now();
    await call(`/api/campaigns/${campaign.id}/send`, undefined, "POST");
    const answered = performance.now() - started;
    // The first message record (the audience's first page handed to the pipeline), then the sink's first.
    const firstQueued = file.prepare(`SELECT 1 FROM "Message" WHERE "sourceKind" = 'campaign' AND "sourceId" = ? LIMIT 1`);
    let queuedAt = 0;
    while (!queuedAt && performance.now() - started < 120_000 && sink.total() === 0) {
      if (firstQueued.get(campaign.id)) queuedAt = performance.now() - started;
      else await new Promise((r) => setTimeout(r, 5));
    }
    await sink.waitFor(1, 120_000);
    const first = performance.now() - started;
    console.log(
      `send → first message at the SMTP sink: ${Math.round(first)} ms (POST /send answered in ${Math.round(answered)} ms, first message record at ${Math.round(queuedAt)} ms; target ≤ 2000 ms)`,
    );
    // Let it hand over a while, then stop the load: what is queued is canceled.
    await new Promise((r) => setTimeout(r, 5_000));
    const progress = file.prepare(`SELECT "status", COUNT(*) AS n FROM "Message" WHERE "sourceId" = ? GROUP BY "status"`).all(campaign.id);
    console.log(`after 5 s: ${JSON.stringify(progress)}, ${sink.total()} at the sink`);
    // A small audience may be sent already (409): nothing to stop then.
    await call(`/api/campaigns/${campaign.id}/cancel`, undefined, "POST").catch(() => {});

    // 1,000,000 message records of 50 sent campaigns, and their counters (as the pipeline keeps them).
    const contentId = (file.prepare(`SELECT "id" FROM "MessageContent" LIMIT 1`).get() as { id: string }).id;
    started = performance.now();
    const sentIds = await seedSentCampaigns(file, {
      brandId: brand.id,
      contentId,
      contactIds,
      campaigns: CAMPAIGNS,
      messages: MESSAGES,
      create: async (c) =>
        (
          await call("/api/campaigns", {
            channel: "email",
            type: "regular",
            name: `Sent ${c}`,
            content: { email: { templateID: template.id, subject: `Issue ${c}`, senderName: "Bench" } },
          })
        ).id,
    });
    file.exec("ANALYZE");
    const total = (file.prepare(`SELECT COUNT(*) AS n FROM "Message"`).get() as { n: number }).n;
    console.log(`seeded ${total} message records (${CAMPAIGNS} campaigns) in ${Math.round(performance.now() - started)} ms`);

    const time = async (label: string, run: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < 20; i++) await run(i); // warm up
      const samples: number[] = [];
      for (let i = 0; i < READS; i++) {
        const t = performance.now();
        await run(i);
        samples.push(performance.now() - t);
      }
      samples.sort((a, b) => a - b);
      console.log(`${label}: ${summary(samples)} (target p99 ≤ 50 ms)`);
    };
    await time("GET /api/campaigns/{id}/report", (i) => call(`/api/campaigns/${sentIds[i % sentIds.length]}/report`));
    await time("list page (GET /api/campaigns?limit=25 + figures)", async () => {
      const page = await call("/api/campaigns?limit=25");
      await call(`/api/campaigns/figures?ids=${page.campaigns.map((c: { id: string }) => c.id).join(",")}`);
    });
    await time("GET /api/campaigns/{id}/recipients?outcome=opened", (i) =>
      call(`/api/campaigns/${sentIds[i % sentIds.length]}/recipients?outcome=opened&limit=50`),
    );
    file.close();
    console.log(
      `load average: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${os.cpus().length} cores`,
    );
    // BENCH_SERVER_LOG=on: the server's log (with EVENTS_DEBUG=on, the delivery worker's batch times).
    if (process.env.BENCH_SERVER_LOG === "on") console.log(server.logs());
  } catch (error) {
    console.error(server.logs().slice(-4000));
    throw error;
  } finally {
    await server.stop();
    await sink.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
