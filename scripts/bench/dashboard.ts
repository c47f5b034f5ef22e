// npm run bench:dashboard: the dashboard at a large brand's size (issue 27). Seeds one brand with 200,000
// contacts, 500 segments, 2,000 templates, 10^6 events, 500 campaigns (50 of them sent, with 10^6 message
// records) and 100 automations (BENCH_CONTACTS, BENCH_SEGMENTS, BENCH_TEMPLATES, BENCH_EVENTS,
// BENCH_CAMPAIGNS, BENCH_MESSAGES, BENCH_AUTOMATIONS), straight into the SQLite file of the built server
// (started as the API tests start it, with the default rate limits; campaigns and automations are created
// through lib/ as the API creates them, the sent ones' messages written into the file), then opens every dashboard page (e2e/dashboard-pages.ts) in Chromium,
// one after the other as a person browsing quickly would, and prints per page the API requests it made,
// those that failed, and the time until its main content showed. Budgets: at most 25 API requests per
// page view, none failing, main content within 1 s; the run exits 1 when a page breaks one.
// Build first: npm run build.
import fs from "node:fs";
import os from "node:os";
import { chromium } from "@playwright/test";
import { DASHBOARD_PAGES, REQUESTS_PER_PAGE, requestShapes, viewPage, type PageIds, type PageView } from "../../e2e/dashboard-pages";
import { startTestServer } from "../../tests/api/setup/test-server";
import { seedSentCampaigns } from "./seed-sent-campaigns";
import { percentile } from "./stats";

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 200_000);
const SEGMENTS = Number(process.env.BENCH_SEGMENTS ?? 500);
const TEMPLATES = Number(process.env.BENCH_TEMPLATES ?? 2_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 500);
const SENT_CAMPAIGNS = Math.min(50, CAMPAIGNS);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const AUTOMATIONS = Number(process.env.BENCH_AUTOMATIONS ?? 100);
/** Page views measured per page, after one view that warms the server up (its failures count too). */
const VIEWS = Number(process.env.BENCH_VIEWS ?? 3);
const MAIN_BUDGET_MS = 1000;
/** BENCH_PAGES=contacts,events: only these pages (names as in e2e/dashboard-pages.ts); all by default. */
const ONLY = process.env.BENCH_PAGES?.split(",").map((p) => p.trim());
const PAGES = ONLY ? DASHBOARD_PAGES.filter((p) => ONLY.includes(p.name)) : DASHBOARD_PAGES;

const VERSION = "2026-03-15";
const TAGS = ["vip", "newsletter", "trial", "churned", "wholesale", "returning"];
const EVENT_NAMES = ["viewed product", "added product to cart", "started checkout", "placed order", "opened message"];
const fmt = (n: number) => n.toLocaleString("en");

async function main() {
  if (process.env.TEST_POSTGRES_URL) throw new Error("bench:dashboard seeds a SQLite file; run it without TEST_POSTGRES_URL");
  const server = await startTestServer({ label: "bench-dashboard" });
  process.env.DATABASE_URL = server.databaseUrl;
  try {
    const { createBrand } = await import("@/lib/brands/create-brand");
    const { createApiKey } = await import("@/lib/brands/api-keys");
    const { createUser } = await import("@/lib/accounts/users");
    const { db } = await import("@/lib/db");
    const { newId } = await import("@/lib/ids");
    const { sqliteTime } = await import("@/lib/db/values");
    const { sqliteFilePath } = await import("@/lib/db/url");
    const { STARTERS } = await import("@/components/templates/starters");
    const { markAddressVerified } = await import("@/lib/delivery/senders/senders");
    const { createContent } = await import("@/lib/delivery/content");
    const { createCampaign } = await import("@/lib/campaigns/create-campaign");
    const { CreateCampaignRequest } = await import("@/lib/campaigns/schemas");
    const { createAutomation } = await import("@/lib/automations/write-automation");
    const { CreateAutomationRequest } = await import("@/lib/automations/schemas");

    const brand = await createBrand({ name: "Large brand", plan: "pro" });
    const key = (await createApiKey(brand.id, "bench")).key;
    const login = { email: "marketer@example.com", password: "Bench-password-42" };
    await createUser({ ...login, brandId: brand.id, isOperator: true });
    const call = async (path: string, body: unknown) => {
      const res = await fetch(server.baseUrl + path, {
        method: "POST",
        headers: { "Service-Version": VERSION, Authorization: `Service-API-Key ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
      return JSON.parse(text);
    };

    // The shapes as the API stores them: one template, and segment definitions to vary.
    const newsletter = STARTERS.find((s) => s.id === "newsletter")!;
    const template = await call("/api/email-templates", newsletter.build("Newsletter 0", server.baseUrl));
    const definitions = [
      { entity: "contact", junction: "and", filters: [{ property: "tags", operator: "anyOf", value: ["TAG"] }] },
      {
        entity: "contact",
        junction: "and",
        filters: [
          { property: "tags", operator: "anyOf", value: ["TAG"] },
          { property: "subscriptionStatus", channels: ["email"], operator: "equals", value: "subscribed" },
        ],
      },
      { entity: "event", filters: [{ name: "placed order", operator: "has", count: "atLeast", value: 1 }] },
    ];
    const stored: string[] = [];
    for (const [i, condition] of definitions.entries()) {
      const created = await call("/api/segments", { name: `Definition ${i}`, conditionGroups: [{ conditions: [condition] }] });
      const row = await db.segment.findUniqueOrThrow({ where: { id: created.segmentID }, select: { conditionGroups: true } });
      stored.push(JSON.stringify(row.conditionGroups));
    }
    await db.segment.deleteMany({ where: { brandId: brand.id } });

    const Database = (await import("better-sqlite3")).default;
    const file = new Database(sqliteFilePath(server.databaseUrl));
    file.pragma("busy_timeout = 10000");
    // A bench's seeding: a large page cache for the indexes' random inserts, no fsync per commit.
    file.pragma("cache_size = -262144");
    file.pragma("synchronous = OFF");
    const seedStart = performance.now();
    const now = Date.now();
    const at = (msAgo: number) => sqliteTime(new Date(now - msAgo));

    // Contacts: an email each, one or two tags, a custom property.
    const insertContact = file.prepare(
      `INSERT INTO "Contact" (id, "brandId", "firstName", "lastName", "customProperties", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertIdentifier = file.prepare(
      `INSERT INTO "ContactIdentifier" (id, "brandId", "contactId", type, value, status, "statusChangedAt", "sendWelcomeMessage", "createdAt") VALUES (?, ?, ?, 'email', ?, ?, ?, 1, ?)`,
    );
    const insertTag = file.prepare(`INSERT INTO "ContactTag" ("contactId", "brandId", tag) VALUES (?, ?, ?)`);
    const contactIds: string[] = [];
    const seedContacts = file.transaction((from: number, n: number) => {
      for (let i = from; i < from + n; i++) {
        const id = newId(new Date(now - (CONTACTS - i) * 1000));
        const created = at((CONTACTS - i) * 1000);
        insertContact.run(id, brand.id, `Person${i % 997}`, `Bench${i % 89}`, JSON.stringify({ visits: i % 20 }), created, created);
        insertIdentifier.run(
          newId(),
          brand.id,
          id,
          `person-${i}@example.com`,
          i % 3 === 0 ? "unsubscribed" : "subscribed",
          created,
          created,
        );
        insertTag.run(id, brand.id, TAGS[i % TAGS.length]);
        if (i % 5 === 0) insertTag.run(id, brand.id, TAGS[(i + 1) % TAGS.length]);
        contactIds.push(id);
      }
    });
    // The contact search's full-text index is filled once afterwards, as its migration fills it, instead of
    // row by row through its triggers (which are put back exactly as they were).
    const searchTriggers = file
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('Contact', 'ContactIdentifier') AND name LIKE '%search%'`,
      )
      .all() as { name: string; sql: string }[];
    file.transaction(() => {
      for (const trigger of searchTriggers) file.exec(`DROP TRIGGER "${trigger.name}"`);
      for (let from = 0; from < CONTACTS; from += 10_000) seedContacts(from, Math.min(10_000, CONTACTS - from));
      file
        .prepare(
          `INSERT INTO "ContactNameSearch"(rowid, "firstName", "lastName") SELECT rowid, "firstName", "lastName" FROM "Contact" WHERE "brandId" = ?`,
        )
        .run(brand.id);
      file
        .prepare(`INSERT INTO "ContactIdentifierSearch"(rowid, "value") SELECT rowid, "value" FROM "ContactIdentifier" WHERE "brandId" = ?`)
        .run(brand.id);
      for (const trigger of searchTriggers) file.exec(trigger.sql);
    })();
    console.log(`(seeded ${fmt(CONTACTS)} contacts in ${((performance.now() - seedStart) / 1000).toFixed(1)} s)`);

    // Templates: copies of the stored one under other names.
    const row = file.prepare(`SELECT "generalSettings", sections FROM "EmailTemplate" WHERE id = ?`).get(template.id) as {
      generalSettings: string;
      sections: string;
    };
    const insertTemplate = file.prepare(
      `INSERT INTO "EmailTemplate" (id, "brandId", name, "nameLower", "generalSettings", sections, "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    file.transaction(() => {
      for (let i = 1; i < TEMPLATES; i++) {
        const name = `${["Newsletter", "Promotion", "Welcome", "Winback"][i % 4]} ${i}`;
        const created = at((TEMPLATES - i) * 60_000);
        insertTemplate.run(
          newId(new Date(now - (TEMPLATES - i) * 60_000)),
          brand.id,
          name,
          name.toLowerCase(),
          row.generalSettings,
          row.sections,
          created,
          created,
        );
      }
    })();

    // Segments: the stored definitions with other tags, each with a size kept as the background count keeps it.
    const insertSegment = file.prepare(
      `INSERT INTO "Segment" (id, "brandId", name, "conditionGroups", status, "contactsCount", "countedAt", "isStarred", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, 'ready', ?, ?, 0, ?, ?)`,
    );
    const segmentIds: string[] = [];
    file.transaction(() => {
      for (let i = 0; i < SEGMENTS; i++) {
        const tag = TAGS[i % TAGS.length];
        const id = newId(new Date(now - (SEGMENTS - i) * 3_600_000));
        const created = at((SEGMENTS - i) * 3_600_000);
        insertSegment.run(
          id,
          brand.id,
          `Segment ${String(i).padStart(3, "0")} ${tag}`,
          stored[i % stored.length].replaceAll('"TAG"', JSON.stringify(tag)),
          Math.round(CONTACTS / TAGS.length),
          at((i % 50) * 60_000),
          created,
          created,
        );
        segmentIds.push(id);
      }
    })();

    // Events: processed (in the inbox, done) and attached to their contacts, newest last.
    const eventsStart = performance.now();
    const insertInbox = file.prepare(
      `INSERT INTO "EventInbox" (id, "brandId", "eventName", "eventVersion", origin, "originInIdentity", "eventTime", "receivedAt", historical, payload, status, attempts, "nextAttemptAt", "processedAt", outcome)
       VALUES (?, ?, ?, NULL, 'api', 1, ?, ?, 0, ?, 'done', 1, ?, ?, 'processed')`,
    );
    const insertEvent = file.prepare(
      `INSERT INTO "ContactEvent" (id, "brandId", "contactId", "eventName", "eventVersion", origin, "eventTime", "receivedAt", properties) VALUES (?, ?, ?, ?, NULL, 'api', ?, ?, ?)`,
    );
    const seedEvents = file.transaction((from: number, n: number) => {
      for (let i = from; i < from + n; i++) {
        const msAgo = Math.round(((EVENTS - i) / EVENTS) * 90 * 86_400_000);
        const id = newId(new Date(now - msAgo));
        const contact = i % CONTACTS;
        const name = EVENT_NAMES[i % EVENT_NAMES.length];
        const when = at(msAgo);
        const properties = JSON.stringify({ value: i % 120, currency: "EUR" });
        const payload = JSON.stringify({
          eventName: name,
          origin: "api",
          contact: { email: `person-${contact}@example.com` },
          properties: JSON.parse(properties),
        });
        insertInbox.run(id, brand.id, name, when, when, payload, when, when);
        insertEvent.run(id, brand.id, contactIds[contact], name, when, when, properties);
      }
    });
    for (let from = 0; from < EVENTS; from += 20_000) seedEvents(from, Math.min(20_000, EVENTS - from));
    const insertIdentity = file.prepare(
      `INSERT INTO "EventIdentity" (id, "brandId", "eventName", origin, "eventVersion", count, "firstSeenAt", "lastSeenAt") VALUES (?, ?, ?, 'api', '', ?, ?, ?)`,
    );
    for (const name of EVENT_NAMES)
      insertIdentity.run(newId(), brand.id, name, Math.round(EVENTS / EVENT_NAMES.length), at(90 * 86_400_000), at(0));
    console.log(`(seeded ${fmt(EVENTS)} events in ${((performance.now() - eventsStart) / 1000).toFixed(1)} s)`);

    // Campaigns: the sent ones with their message records and counters, then drafts (the newest).
    const campaignsStart = performance.now();
    const sender = "news@large-brand.example";
    await markAddressVerified(brand.id, sender, "Large brand");
    const email = (subject: string) => ({ templateID: template.id, subject, senderName: "Large brand", senderEmail: sender });
    const content = await createContent(
      brand.id,
      { templateId: template.id, subject: "Issue", senderName: "Large brand", senderEmail: sender },
      { category: "marketing", mode: "live", sendingThreshold: "subscribed" },
    );
    const newCampaign = async (name: string, audience?: unknown) =>
      (
        await createCampaign(
          brand.id,
          CreateCampaignRequest.parse({
            channel: "email",
            type: "regular",
            name,
            ...(audience ? { audience } : {}),
            content: { email: email(`${name}, [[contact.first_name | friend]]`) },
          }),
        )
      ).id;
    const sentIds = await seedSentCampaigns(file, {
      brandId: brand.id,
      contentId: content.id,
      contactIds,
      campaigns: SENT_CAMPAIGNS,
      messages: MESSAGES,
      create: (i) => newCampaign(`Sent issue ${i}`, { includedSegmentIDs: [segmentIds[i % segmentIds.length]] }),
    });
    let draft = "";
    for (let i = SENT_CAMPAIGNS; i < CAMPAIGNS; i++) draft = await newCampaign(`Draft ${i}`);
    // Automations: event-triggered workflows of a delay, an email and a tag (created disabled).
    let automation = "";
    for (let i = 0; i < AUTOMATIONS; i++) {
      const created = await createAutomation(
        brand.id,
        CreateAutomationRequest.parse({
          name: `${["Abandoned cart", "Browse abandonment", "Post-purchase", "Win-back"][i % 4]} ${i}`,
          trigger: { condition: { event: EVENT_NAMES[i % 4], origin: "api" } },
          blocks: [
            { temporaryID: "wait", type: "delay", delay: { mode: "duration", duration: { amount: 1, units: "h" } } },
            {
              temporaryID: "email",
              type: "action",
              action: { type: "sendEmail", sendEmail: { ...email("Still thinking it over?"), language: "en_US", preheader: "" } },
            },
            { temporaryID: "tag", type: "action", action: { type: "addTag", addTag: { value: `flow-${i}` } } },
          ],
        }),
      );
      automation ||= created.id;
    }
    file.exec("ANALYZE");
    file.close();
    console.log(
      `(seeded ${fmt(CAMPAIGNS)} campaigns, ${fmt(SENT_CAMPAIGNS)} sent with ${fmt(MESSAGES)} message records, and ${fmt(AUTOMATIONS)} automations in ${((performance.now() - campaignsStart) / 1000).toFixed(1)} s)`,
    );
    console.log(
      `brand: ${fmt(CONTACTS)} contacts, ${fmt(SEGMENTS)} segments, ${fmt(TEMPLATES)} templates, ${fmt(EVENTS)} events, ${fmt(CAMPAIGNS)} campaigns (${fmt(MESSAGES)} messages), ${fmt(AUTOMATIONS)} automations (seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s)`,
    );

    const ids: PageIds = {
      template: template.id,
      contact: contactIds[1],
      segment: segmentIds[0],
      campaign: sentIds[sentIds.length - 1],
      draft,
      automation,
    };
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p)),
      args: ["--no-sandbox"],
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, baseURL: server.baseUrl });
    await page.goto("/login?callbackUrl=%2Ftemplates");
    await page.getByLabel("Email").fill(login.email);
    await page.getByLabel("Password").fill(login.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/templates$/);

    // Every page, one after the other, VIEWS + 1 times round (the first round warms the server up).
    const views = new Map<string, PageView[]>(PAGES.map((p) => [p.name, []]));
    const failures: string[] = [];
    const browseStart = performance.now();
    for (let round = 0; round <= VIEWS; round++) {
      for (const target of PAGES) {
        const view = await viewPage(page, server.baseUrl, target, ids);
        failures.push(...view.failed.map((f) => `${target.name}: ${f}`));
        if (round > 0) views.get(target.name)!.push(view);
      }
    }
    const browseS = (performance.now() - browseStart) / 1000;
    await browser.close();

    let over = 0;
    console.log(`\npage               requests  failed  main content (median of ${VIEWS}, max)  requests made`);
    for (const target of PAGES) {
      const seen = views.get(target.name)!;
      const requests = Math.max(...seen.map((v) => v.requests.length));
      const failed = seen.reduce((n, v) => n + v.failed.length, 0);
      const times = seen.map((v) => v.mainMs);
      const mid = percentile(
        [...times].sort((a, b) => a - b),
        50,
      );
      const broken = requests > REQUESTS_PER_PAGE || failed > 0 || mid > MAIN_BUDGET_MS;
      if (broken) over++;
      console.log(
        `${target.name.padEnd(18)} ${String(requests).padStart(8)}  ${String(failed).padStart(6)}  ${`${mid} ms, ${Math.max(...times)} ms`.padEnd(36)} ${requestShapes(seen[0].requests)}${broken ? "  << over budget" : ""}`,
      );
    }
    // Where the time of the slower pages went: their slowest API requests (median over the views).
    for (const target of PAGES) {
      const seen = views.get(target.name)!;
      if (
        percentile(
          seen.map((v) => v.mainMs).sort((a, b) => a - b),
          50,
        ) <=
        MAIN_BUDGET_MS / 2
      )
        continue;
      const byShape = new Map<string, number[]>();
      for (const { request, ms } of seen.flatMap((v) => v.timings)) {
        const shape = requestShapes([request]);
        byShape.set(shape, [...(byShape.get(shape) ?? []), ms]);
      }
      const slowest = [...byShape]
        .map(
          ([shape, ms]) =>
            [
              shape,
              percentile(
                ms.sort((a, b) => a - b),
                50,
              ),
            ] as const,
        )
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4);
      console.log(`  ${target.name}: ${slowest.map(([shape, ms]) => `${shape} ${ms} ms`).join(", ")}`);
    }
    const total = [...views.values()].reduce((n, seen) => n + seen.reduce((m, v) => m + v.requests.length, 0), 0);
    console.log(
      `\n${PAGES.length} pages × ${VIEWS + 1} rounds in ${browseS.toFixed(0)} s: ${fmt(total)} API requests measured, ${failures.length} failed${failures.length ? `: ${failures.slice(0, 10).join("; ")}` : ""}`,
    );
    console.log(
      `budgets: ≤ ${REQUESTS_PER_PAGE} API requests per page view, none failing, main content within ${MAIN_BUDGET_MS} ms: ${over === 0 && failures.length === 0 ? "held by every page" : `${over} page(s) over`}`,
    );
    console.log(
      `load average: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${os.cpus().length} cores`,
    );
    if (process.env.BENCH_SERVER_LOG === "on") console.log(server.logs());
    if (over > 0 || failures.length > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
