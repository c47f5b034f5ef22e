// npm run bench:contacts — contacts and segments on SQLite, over HTTP against the built server
// (started like the API tests start it, on a fresh temporary database). Build first: npm run build.
// Prints: upsert throughput with 1 and 32 concurrent clients, lookup-by-email latency with 1,000 and
// 200,000 contacts, the statistics (count) time of a 3-filter segment at 200,000 contacts, and the time
// to tag every member of a 100,000-contact segment (POST /api/contacts/tags until its job is done).
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { startTestServer } from "../../tests/api/setup/test-server";
import {
  ENGAGED_VIPS,
  expectedMembers,
  REPEAT_BUYERS,
  seededOrders,
  seededStatus,
  seededTag,
  seededVisits,
  timeSegmentCount,
} from "./segment-fixtures";
import { summary } from "./stats";

const VERSION = "2026-03-15";
const TOTAL = Number(process.env.BENCH_CONTACTS ?? 200_000);

async function main() {
  const server = await startTestServer({ label: "bench-contacts", env: { RATE_LIMIT_PER_MINUTE: "100000000" } });
  process.env.DATABASE_URL = server.databaseUrl;
  try {
    const { db } = await import("@/lib/db");
    const { newId } = await import("@/lib/ids");
    const { createBrand } = await import("@/lib/brands/create-brand");
    const { createApiKey } = await import("@/lib/brands/api-keys");

    async function brandWithKey(name: string) {
      const brand = await createBrand({ name, plan: "pro" });
      return { brandId: brand.id, key: (await createApiKey(brand.id, "bench")).key };
    }
    const call = async (key: string, path: string, body?: unknown, retry = true, method = body ? "POST" : "GET"): Promise<any> => {
      const res = await fetch(server.baseUrl + path, {
        method,
        headers: {
          "Service-Version": VERSION,
          Authorization: `Service-API-Key ${key}`,
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      }).catch((error) => {
        // A keep-alive connection the server closed while we were seeding: try once on a new one.
        if (retry) return null;
        throw error;
      });
      if (res === null) return call(key, path, body, false, method);
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text);
    };
    const upsertBody = (email: string) => ({
      identifiers: [{ type: "email", id: email, channels: { email: { status: "subscribed" } } }],
      firstName: "Bench",
      tags: ["bench"],
      customProperties: { visits: 3 },
    });

    // Upsert throughput (new contacts each time: the write path, not a no-op update), driven by
    // autocannon (a light client, as the events benchmark uses): 1 connection (one request at a time)
    // and 32 connections, each for UPSERT_SECONDS. Every request creates a new contact; the count of
    // 201s is checked against the contacts stored.
    const writer = await brandWithKey("bench upserts");
    await call(writer.key, "/api/contacts", upsertBody("warmup@example.com"));
    const UPSERT_SECONDS = Number(process.env.BENCH_UPSERT_SECONDS ?? 10);
    let sent = 0;
    const throughput = async (connections: number, seconds = UPSERT_SECONDS) => {
      const result = await autocannon({
        url: server.baseUrl,
        connections,
        duration: seconds,
        requests: [
          {
            method: "POST",
            path: "/api/contacts",
            headers: { "content-type": "application/json", "service-version": VERSION, authorization: `Service-API-Key ${writer.key}` },
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify(upsertBody(`c${connections}-${sent++}-${randomBytes(3).toString("hex")}@example.com`)),
            }),
          },
        ],
      });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`upserts: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return { perSecond: result["2xx"] / result.duration, p50: result.latency.p50, p99: result.latency.p99, created: result["2xx"] };
    };
    // Warm-up (JIT, prepared statements), not reported.
    await throughput(4, 3);
    const before = await db.contact.count({ where: { brandId: writer.brandId } });
    const single = await throughput(1);
    console.log(`upsert, 1 client: ${single.perSecond.toFixed(0)} contacts/s (latency p50 ${single.p50} ms, p99 ${single.p99} ms)`);
    const many = await throughput(32);
    console.log(`upsert, 32 concurrent clients: ${many.perSecond.toFixed(0)} contacts/s (latency p50 ${many.p50} ms, p99 ${many.p99} ms)`);
    const stored = (await db.contact.count({ where: { brandId: writer.brandId } })) - before;
    // Requests still in flight when a run's time is up may be stored without being counted.
    if (stored < single.created + many.created)
      throw new Error(`${single.created + many.created} upserts answered 201 but ${stored} contacts were stored`);
    console.log(`  every 201 stored: yes (${stored} contacts for ${single.created + many.created} counted 201s)`);

    // Lookups by email in one brand, at 1,000 and at TOTAL contacts.
    const reader = await brandWithKey("bench lookups");
    const seeded: string[] = [];
    // Seeding writes straight into the SQLite file (in the format Prisma stores) so 200,000 rows take seconds.
    const Database = (await import("better-sqlite3")).default;
    const { sqliteFilePath } = await import("@/lib/db/url");
    const file = new Database(sqliteFilePath(server.databaseUrl));
    file.pragma("busy_timeout = 10000");
    const insertContact = file.prepare(
      `INSERT INTO "Contact" (id, "brandId", "firstName", "customProperties", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?)`,
    );
    const insertIdentifier = file.prepare(
      `INSERT INTO "ContactIdentifier" (id, "brandId", "contactId", type, value, status, "statusChangedAt", "sendWelcomeMessage", "createdAt") VALUES (?, ?, ?, 'email', ?, ?, ?, 1, ?)`,
    );
    const insertTag = file.prepare(`INSERT INTO "ContactTag" ("contactId", "brandId", tag) VALUES (?, ?, ?)`);
    const seedChunk = file.transaction((from: number, n: number) => {
      const now = new Date();
      const at = now.toISOString().replace("Z", "+00:00");
      for (let i = from; i < from + n; i++) {
        const id = newId(now);
        const email = `seed-${i}@example.com`;
        insertContact.run(id, reader.brandId, `F${i}`, JSON.stringify({ visits: seededVisits(i) }), at, at);
        insertIdentifier.run(newId(now), reader.brandId, id, email, seededStatus(i), at, at);
        insertTag.run(id, reader.brandId, seededTag(i));
        seeded.push(email);
      }
    });
    async function seed(upTo: number) {
      for (let from = seeded.length; from < upTo; from += 10_000) seedChunk(from, Math.min(10_000, upTo - from));
    }
    const lookups = async (label: string) => {
      const samples: number[] = [];
      for (let i = 0; i < 1000; i++) {
        const email = seeded[Math.floor(Math.random() * seeded.length)];
        const started = performance.now();
        const page = await call(reader.key, `/api/contacts?email=${encodeURIComponent(email)}`);
        samples.push(performance.now() - started);
        if (page.contacts.length !== 1) throw new Error(`lookup of ${email} found ${page.contacts.length}`);
      }
      console.log(`lookup by email, ${label}: ${summary(samples)}`);
    };
    await seed(1000);
    await lookups("1,000 contacts");
    const seedStart = performance.now();
    await seed(TOTAL);
    console.log(`(seeded ${TOTAL.toLocaleString("en")} contacts in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`);
    await lookups(`${TOTAL.toLocaleString("en")} contacts`);

    // The segments of scripts/bench/segment-fixtures.ts counted over all of them: 3 contact filters, then
    // an event condition (placed order at least twice in the last 30 days with a value over 50) and the
    // email status, once the seeded contacts' orders (about 130,000 events) are in, as the worker stores them.
    const expected = expectedMembers(TOTAL);
    const statistics = (segmentID: string) => () => call(reader.key, `/api/segments/${segmentID}/statistics`);
    const vips = await call(reader.key, "/api/segments", ENGAGED_VIPS);
    await timeSegmentCount(
      `segment count (3 filters) at ${TOTAL.toLocaleString("en")} contacts`,
      statistics(vips.segmentID),
      expected.engagedVips,
    );

    const insertEvent =
      file.prepare(`INSERT INTO "ContactEvent" (id, "brandId", "contactId", "eventName", "eventVersion", origin, "eventTime", "receivedAt", properties)
      VALUES (?, ?, ?, 'placed order', 'v1', 'api', ?, ?, ?)`);
    // Ids sort in creation order: the i-th id is seeded contact i.
    const contactIds = file.prepare(`SELECT id FROM "Contact" WHERE "brandId" = ? ORDER BY id`).pluck().all(reader.brandId) as string[];
    const eventsStart = performance.now();
    let events = 0;
    file.transaction(() => {
      const now = Date.now();
      contactIds.forEach((contactId, i) => {
        for (const { k, daysAgo, value } of seededOrders(i)) {
          const at = new Date(now - daysAgo * 86_400_000).toISOString().replace("Z", "+00:00");
          insertEvent.run(
            newId(new Date()),
            reader.brandId,
            contactId,
            at,
            at,
            JSON.stringify({ orderID: `o-${i}-${k}`, value, currency: "EUR" }),
          );
          events++;
        }
      });
    })();
    console.log(
      `(seeded ${events.toLocaleString("en")} placed-order events in ${((performance.now() - eventsStart) / 1000).toFixed(1)} s)`,
    );
    const buyers = await call(reader.key, "/api/segments", REPEAT_BUYERS);
    await timeSegmentCount(
      `segment count (event condition with a period and a property, and the email status) at ${TOTAL.toLocaleString("en")} contacts`,
      statistics(buyers.segmentID),
      expected.repeatBuyers,
    );

    // Bulk tagging: every member of a segment of half the contacts (tags vip or newsletter), from the
    // request to the background job's end, while nothing else runs.
    const half = await call(reader.key, "/api/segments", {
      name: "Half",
      conditionGroups: [
        { conditions: [{ entity: "contact", filters: [{ property: "tags", operator: "anyOf", value: ["vip", "newsletter"] }] }] },
      ],
    });
    const members = (await call(reader.key, `/api/segments/${half.segmentID}/statistics`)).contactsCount;
    // The segment is "building" until its first count; tagging reads it as it is, so no wait is needed.
    for (const action of ["add", "remove"] as const) {
      const started = performance.now();
      const accepted = await call(
        reader.key,
        "/api/contacts/tags",
        { segmentID: half.segmentID, tags: ["bench-wave"] },
        true,
        action === "add" ? "POST" : "DELETE",
      );
      let job = accepted.job;
      while (job.status !== "done" && job.status !== "failed") {
        await new Promise((resolve) => setTimeout(resolve, 50));
        job = await call(reader.key, `/api/contacts/tags/jobs/${job.id}`);
      }
      const seconds = (performance.now() - started) / 1000;
      if (job.status !== "done" || job.changed !== members)
        throw new Error(`tag job ${action}: ${JSON.stringify(job)} (members ${members})`);
      console.log(
        `bulk ${action === "add" ? "tag" : "untag"} of a ${members.toLocaleString("en")}-contact segment: ${seconds.toFixed(2)} s (${Math.round(members / seconds).toLocaleString("en")} contacts/s; ${job.changed.toLocaleString("en")} changed)`,
      );
    }
    file.close();
    await db.$disconnect();
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
