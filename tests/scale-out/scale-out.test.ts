// Scale-out on PostgreSQL: instances started together on an empty database, then two instances and two
// `npm run worker` processes sharing it, as docs/deploy.md describes. Needs TEST_POSTGRES_URL (a cluster
// to create a database in): `npx tsx scripts/db/with-postgres.ts -- npx vitest run --project scale-out`
// (npm test runs it so).
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../scripts/db/throwaway-postgres";
import { query } from "../../scripts/bench/inbox-queries";
import { startTestServer, type TestServer } from "../api/setup/test-server";
import { audience, newsletterTemplate, seedAudience } from "../../scripts/bench/delivery-fixtures";
import { startSmtpSink, type SmtpSink } from "../fixtures/smtp-sink";
import { family, killAll, waitForAll } from "../support/processes";

const root = path.resolve(import.meta.dirname, "../..");
const VERSION = "2026-03-15";
const AUTH_SECRET = `scale-out-secret-${randomUUID()}`;
const ENV: Record<string, string> = { AUTH_SECRET, INKWELL_WORKER: "off", RATE_LIMIT_RENDER_PER_MINUTE: "10", EVENTS_WORKER_IDLE_MS: "50" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let databaseUrl: string;
let a: TestServer;
let b: TestServer;
let c: TestServer;
const workers: ChildProcess[] = [];
let key: string;
let brandId: string;
let sink: SmtpSink;

async function call(
  server: TestServer,
  pathname: string,
  options: { method?: string; body?: unknown; key?: string; cookie?: string } = {},
) {
  const headers: Record<string, string> = { "Service-Version": VERSION };
  if (options.key) headers.Authorization = `Service-API-Key ${options.key}`;
  if (options.cookie) Object.assign(headers, { Cookie: options.cookie, Origin: server.baseUrl });
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(server.baseUrl + pathname, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await sleep(100);
  }
}

async function count(sql: string): Promise<number> {
  return Number((await query<{ n: string | number }>(databaseUrl, sql))[0].n);
}

/** An `npm run worker` process on the shared database; `env` adds to (or overrides) the instances' settings. */
function startWorker(env: Record<string, string> = {}): Promise<ChildProcess & { workerId?: string }> {
  const child: ChildProcess & { workerId?: string } = spawn(path.join(root, "node_modules/.bin/tsx"), ["scripts/worker.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, ...ENV, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      const started = / worker (\S+) running/.exec(String(d));
      if (!started) return;
      child.workerId = started[1];
      resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`worker exited (${code})`)));
  });
}

/** Signs in through instance `server`'s Auth.js endpoints. */
async function signIn(server: TestServer, email: string, password: string): Promise<string> {
  const csrf = await fetch(server.baseUrl + "/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(server.baseUrl + "/auth/callback/credentials", {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: csrf.headers
        .getSetCookie()
        .map((x) => x.split(";")[0])
        .join("; "),
    },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: server.baseUrl + "/" }),
  });
  const session = res.headers
    .getSetCookie()
    .map((x) => x.split(";")[0])
    .find((x) => x.startsWith("authjs.session-token="));
  if (!session) throw new Error(`sign-in failed: ${res.status}`);
  return session;
}

beforeAll(async () => {
  if (!process.env.TEST_POSTGRES_URL)
    throw new Error("the scale-out test needs TEST_POSTGRES_URL (run it through scripts/db/with-postgres.ts)");
  databaseUrl = await createDatabase(process.env.TEST_POSTGRES_URL, `inkwell_scale_${Date.now().toString(36)}`);
  // Every process sends through the same SMTP server (the workers do the sending).
  sink = await startSmtpSink({ keepRaw: false });
  Object.assign(ENV, {
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(sink.port),
    SMTP_TLS: "none",
    SMTP_FROM: "Scale <news@scale.example>",
    SMTP_FROM_SHARED: "on",
  });
  // Three instances started at the same moment on an empty database: each applies migrations and
  // seeds under the start lock, so all come up and exactly one seeds.
  [a, b, c] = await Promise.all([1, 2, 3].map(() => startTestServer({ label: "scale", databaseUrl, env: ENV })));
  workers.push(await startWorker(), await startWorker());
  process.env.DATABASE_URL = databaseUrl;
  process.env.AUTH_SECRET = AUTH_SECRET;
  // This process queues messages as a campaign would: SMTP_FROM's address is a verified sender of every brand.
  process.env.SMTP_HOST = ENV.SMTP_HOST;
  process.env.SMTP_FROM = ENV.SMTP_FROM;
  process.env.SMTP_FROM_SHARED = "on";
  const { createBrand } = await import("@/lib/brands/create-brand");
  const { createApiKey } = await import("@/lib/brands/api-keys");
  const brand = await createBrand({ name: "Scale-out store", plan: "pro" });
  brandId = brand.id;
  key = (await createApiKey(brand.id, "scale-out")).key;
}, 300_000);

afterAll(async () => {
  for (const worker of workers) worker.kill("SIGTERM");
  await Promise.all([a, b, c].map((server) => server?.stop()));
  const { closeDatabase } = await import("@/lib/db");
  await closeDatabase();
  await sink?.close();
});

describe("instances started together on an empty PostgreSQL database", () => {
  it("all come up, and exactly one seeds the demo user", async () => {
    for (const server of [a, b, c]) expect((await fetch(server.baseUrl + "/healthz")).status).toBe(200);
    expect(await count(`SELECT COUNT(*) AS n FROM "User"`)).toBe(1);
    expect([a, b, c].filter((server) => server.logs().includes("First run: a demo brand and user were created"))).toHaveLength(1);
    await c.stop();
  });
});

describe("two instances and two workers on one database", () => {
  it("process events sent through both instances exactly once", async () => {
    const sent: string[] = [];
    await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        const eventID = randomUUID();
        sent.push(eventID);
        const res = await call(i % 2 ? a : b, "/api/events", {
          key,
          body: {
            eventName: "scale test",
            origin: "api",
            eventID,
            contact: { email: `shopper${i % 40}@scale.example` },
            properties: { n: i },
          },
        });
        expect(res.status).toBe(202);
      }),
    );
    await until(async () => (await count(`SELECT COUNT(*) AS n FROM "EventInbox" WHERE "status" = 'pending'`)) === 0);
    const attached = await query<{ eventID: string; n: string }>(
      databaseUrl,
      `SELECT "eventID", COUNT(*) AS n FROM "ContactEvent" WHERE "eventName" = 'scale test' GROUP BY "eventID"`,
    );
    expect(attached).toHaveLength(300);
    expect(attached.every((row) => Number(row.n) === 1)).toBe(true);
    expect(new Set(attached.map((row) => row.eventID))).toEqual(new Set(sent));
    expect(await count(`SELECT COUNT(*) AS n FROM "Contact" WHERE "brandId" = '${brandId}'`)).toBe(40);
  });

  it("process a historical event sent several times through both instances once", async () => {
    const eventID = randomUUID();
    const eventTime = new Date(Date.now() - 3 * 3600_000).toISOString();
    const body = { eventName: "historical scale test", origin: "api", eventID, eventTime, contact: { email: "history@scale.example" } };
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(i % 2 ? a : b, "/api/events", { key, body }).then((r) => r.status)),
    );
    expect(statuses).toEqual(Array(8).fill(202));
    await until(
      async () => (await count(`SELECT COUNT(*) AS n FROM "EventInbox" WHERE "eventID" = '${eventID}' AND "status" = 'pending'`)) === 0,
    );
    expect(await count(`SELECT COUNT(*) AS n FROM "ContactEvent" WHERE "eventID" = '${eventID}'`)).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM "EventInbox" WHERE "eventID" = '${eventID}' AND "outcome" = 'duplicate'`)).toBe(7);
  });

  it("concurrent upserts of one email through both instances give one contact", async () => {
    const email = `race-${randomUUID()}@scale.example`;
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        call(i % 2 ? a : b, "/api/contacts", { key, body: { identifiers: [{ type: "email", id: email }], firstName: `Writer ${i}` } }),
      ),
    );
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM "ContactIdentifier" WHERE "value" = '${email}'`)).toBe(1);
  });

  it("share one rate limit per credential", async () => {
    // RATE_LIMIT_RENDER_PER_MINUTE is 10 on both instances: 10 renders in all, not 10 each.
    const template = await call(a, "/api/email-templates", { key, body: { name: "Rate limited", sections: [] } });
    expect(template.status).toBe(201);
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        call(i % 2 ? a : b, `/api/email-templates/${template.body.id}/render`, { key, body: {} }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
  });

  it("refuse a key revoked on the other instance within one second", async () => {
    const { createApiKey } = await import("@/lib/brands/api-keys");
    const { createUser } = await import("@/lib/accounts/users");
    const { key: doomed, apiKey } = await createApiKey(brandId, "to revoke");
    expect((await call(b, "/api/contacts?limit=1", { key: doomed })).status).toBe(200); // now in b's 1 s cache
    const password = `Scale-out-${randomUUID()}`;
    await createUser({ email: `owner-${randomUUID()}@scale.example`.toLowerCase(), password, brandId }).then(async ({ userId }) => {
      const { db } = await import("@/lib/db");
      const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
      const cookie = await signIn(a, user.email, password);
      expect((await call(a, `/api/api-keys/${apiKey.id}`, { method: "DELETE", cookie })).status).toBe(204);
    });
    expect((await call(a, "/api/contacts?limit=1", { key: doomed })).status).toBe(401); // at once where revoked
    await sleep(1_100);
    expect((await call(b, "/api/contacts?limit=1", { key: doomed })).status).toBe(401);
  });

  it("read a template on one instance right after it was written on the other", async () => {
    const created = await call(a, "/api/email-templates", { key, body: { name: "Written on a", sections: [] } });
    expect(created.status).toBe(201);
    const read = await call(b, `/api/email-templates/${created.body.id}`, { key });
    expect(read).toEqual({ status: 200, body: created.body });
    const renamed = await call(b, `/api/email-templates/${created.body.id}`, {
      key,
      method: "PUT",
      body: { name: "Renamed on b", sections: [] },
    });
    expect(renamed.status).toBe(200);
    expect((await call(a, `/api/email-templates/${created.body.id}`, { key })).body.name).toBe("Renamed on b");
  });

  it("send one campaign through the two workers: each recipient gets its message exactly once", async () => {
    const { createBrand } = await import("@/lib/brands/create-brand");
    const { createApiKey } = await import("@/lib/brands/api-keys");
    const sender = await createBrand({ name: "Scale-out sender", plan: "pro" });
    const senderKey = (await createApiKey(sender.id, "scale-out sender")).key;
    const template = await call(a, "/api/email-templates", { key: senderKey, body: newsletterTemplate() });
    expect(template.status).toBe(201);
    await seedAudience(sender.id, 1_000, (i) => `scale-${i}@scale.example`);
    const { enqueueMessages } = await import("@/lib/delivery");
    const result = await enqueueMessages(sender.id, {
      source: { kind: "campaign", id: "scale-out" },
      content: {
        templateId: template.body.id,
        subject: "Hello [[contact.first_name]]",
        senderName: "Scale",
        senderEmail: "news@scale.example",
      },
      recipients: audience(sender.id),
    });
    expect(result.queued).toBe(1_000);
    await sink.waitFor(1_000, 120_000);
    await until(
      async () => (await count(`SELECT COUNT(*) AS n FROM "Message" WHERE "sourceId" = 'scale-out' AND "status" = 'sent'`)) === 1_000,
    );
    await sleep(1_000); // nothing more arrives
    expect(sink.total()).toBe(1_000);
    expect(sink.counts.size).toBe(1_000);
    expect([...sink.counts.values()].every((n) => n === 1)).toBe(true);
  });
});

describe("campaigns and automations on two instances and two workers", () => {
  const SENDER = "news@shop.scale.example";
  let shop: { id: string; key: string; templateID: string };

  const delivered = (prefix: string) => [...sink.byRecipient.entries()].filter(([to]) => to.startsWith(prefix));
  const campaignOn = async (server: TestServer, id: string) => (await call(server, `/api/campaigns/${id}`, { key: shop.key })).body;

  /** A campaign to every subscribed contact of the shop, made on instance `a` and sent from `b`. */
  async function sendCampaign(subject: string): Promise<string> {
    const created = await call(a, "/api/campaigns", {
      key: shop.key,
      body: {
        channel: "email",
        type: "regular",
        name: subject,
        content: { email: { templateID: shop.templateID, subject, senderName: "Scale shop", senderEmail: SENDER } },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sent = await call(b, `/api/campaigns/${created.body.id}/send`, { key: shop.key, method: "POST" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(204);
    return created.body.id;
  }

  beforeAll(async () => {
    const { createBrand } = await import("@/lib/brands/create-brand");
    const { createApiKey } = await import("@/lib/brands/api-keys");
    const { markAddressVerified } = await import("@/lib/delivery/senders/senders");
    const brand = await createBrand({ name: "Scale-out shop", plan: "pro" });
    await markAddressVerified(brand.id, SENDER, "Scale shop");
    const shopKey = (await createApiKey(brand.id, "scale-out shop")).key;
    const template = await call(a, "/api/email-templates", { key: shopKey, body: newsletterTemplate() });
    expect(template.status).toBe(201);
    shop = { id: brand.id, key: shopKey, templateID: template.body.id };
  }, 120_000);

  it("a campaign made on one instance and sent from the other reaches each recipient exactly once", async () => {
    await seedAudience(shop.id, 600, (i) => `camp-${i}@scale.example`);
    const id = await sendCampaign("Once each");
    await until(async () => delivered("camp-").length === 600, 120_000);
    await until(async () => (await campaignOn(a, id)).status === "sent", 60_000);
    await sleep(1_000); // nothing more arrives
    const counts = delivered("camp-");
    expect(counts).toHaveLength(600);
    expect(counts.filter(([, n]) => n !== 1)).toEqual([]);
    expect(await count(`SELECT COUNT(*) AS n FROM "Message" WHERE "sourceId" = '${id}' AND "status" = 'sent'`)).toBe(600);
  }, 240_000);

  it("an automation enabled on one instance, triggered through both, mails each contact exactly once", async () => {
    const created = await call(a, "/api/automations", {
      key: shop.key,
      body: {
        name: "Scale welcome",
        trigger: { condition: { event: "scale signup", origin: "api" } },
        blocks: [
          {
            temporaryID: "mail",
            type: "action",
            action: {
              type: "sendEmail",
              sendEmail: {
                templateID: shop.templateID,
                language: "en_US",
                subject: "Welcome once",
                preheader: "",
                senderName: "Scale shop",
                senderEmail: SENDER,
              },
            },
          },
        ],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await call(b, `/api/automations/${created.body.id}/enable`, { key: shop.key, method: "POST" })).status).toBe(200);
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(i % 2 ? a : b, "/api/events", {
          key: shop.key,
          body: {
            eventName: "scale signup",
            origin: "api",
            eventID: randomUUID(),
            contact: { email: `auto-${i}@scale.example`, optIns: [{ channel: "email" }] },
          },
        }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(Array(200).fill(202));
    await until(async () => delivered("auto-").length === 200, 120_000);
    await sleep(2_000); // the workers have passed every enrollment again: nothing more arrives
    const counts = delivered("auto-");
    expect(counts).toHaveLength(200);
    expect(counts.filter(([, n]) => n !== 1)).toEqual([]);
    expect(await count(`SELECT COUNT(*) AS n FROM "Message" WHERE "sourceKind" = 'automation' AND "sourceId" = '${created.body.id}'`)).toBe(
      200,
    );
  }, 240_000);

  it("a worker killed mid-send: every recipient gets the message, duplicates at most the killed worker's two batches", async () => {
    // docs/delivery.md: a crash sends at most the messages claimed and not yet recorded twice, two batches of
    // DELIVERY_WORKER_BATCH per worker. This worker's leases are short so that its claims are taken again soon.
    const batch = 100;
    const doomed = await startWorker({
      DELIVERY_WORKER_BATCH: String(batch),
      DELIVERY_CLAIM_LEASE_MS: "5000",
      EVENTS_CLAIM_LEASE_MS: "5000",
    });
    await seedAudience(shop.id, 2_000, (i) => `kill-${i}@scale.example`);
    const id = await sendCampaign("Despite a crash");
    await until(async () => delivered("kill-").length >= 200, 120_000);
    const held = await count(`SELECT COUNT(*) AS n FROM "Message" WHERE "claimedBy" = '${doomed.workerId}' AND "status" = 'sending'`);
    // The tsx launcher's node child is the worker itself: SIGKILL reaches only the process it is sent to, and
    // a killed launcher alone left the worker sending on (and the test run waiting for its pipe).
    const doomedProcesses = family(doomed.pid!);
    killAll(doomedProcesses);
    expect(await waitForAll(doomedProcesses, 10_000)).toBe(true);
    // Counted at the kill: whether the killed worker held messages (the bound holds either way).
    console.log(`killed worker ${doomed.workerId} holding ${held} messages, ${delivered("kill-").length} recipients reached`);
    await until(async () => delivered("kill-").length === 2_000, 180_000);
    await until(async () => (await campaignOn(b, id)).status === "sent", 120_000);
    await sleep(1_000);
    const counts = delivered("kill-");
    expect(counts).toHaveLength(2_000);
    const duplicates = counts.reduce((sum, [, n]) => sum + n - 1, 0);
    expect(duplicates).toBeLessThanOrEqual(2 * batch);
    // The campaign went to every subscribed contact of the shop (the earlier tests' too): each one's message
    // is recorded sent once, whatever reached the mail server twice.
    const records = await count(`SELECT COUNT(*) AS n FROM "Message" WHERE "sourceId" = '${id}'`);
    expect(records).toBeGreaterThanOrEqual(2_000);
    expect(await count(`SELECT COUNT(*) AS n FROM "Message" WHERE "sourceId" = '${id}' AND "status" = 'sent'`)).toBe(records);
  }, 420_000);
});
