// The automations crash test: 10,000 contacts enter a workflow and wait at a delay; the server is killed
// with SIGKILL; the delay ends while it is down; after a restart on the same database every enrollment
// moves on and each block runs once per enrollment: the block runs, the counters kept with them, the
// delivery pipeline's messages (one email per enrollment) and the webhook receiver (one request per
// webhook-id) all say so. Run by tests/api/automations-crash.test.ts
// (SQLite, or PostgreSQL when TEST_POSTGRES_URL is set).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { startTestServer } from "../../tests/api/setup/test-server";
import { createBrandAndKey, load } from "./bench-helpers";
import { killHard } from "./crash-scenario";
import { countRows, query } from "./inbox-queries";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type AutomationCrashResult = {
  contacts: number;
  waitingAtKill: number;
  completed: number;
  runsPerBlock: Record<string, number>;
  duplicateRuns: number;
  countersPerBlock: Record<string, number>;
  webhookIds: number;
  webhookRepeats: number;
  /** the workflow's email messages, and the distinct enrollments they went to */
  emailMessages: number;
  emailEnrollments: number;
  downtimeS: number;
  catchUpS: number;
};

export async function runAutomationCrashScenario(
  contacts = 10_000,
  log: (line: string) => void = () => {},
): Promise<AutomationCrashResult> {
  const seen = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    const id = String(req.headers["webhook-id"]);
    seen.set(id, (seen.get(id) ?? 0) + 1);
    req.resume();
    req.on("end", () => res.end());
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const env = { RATE_LIMIT_PER_MINUTE: "1000000000", EVENTS_CLAIM_LEASE_MS: "5000", AUTOMATIONS_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" };
  let server = await startTestServer({ label: "automations-crash", env });
  const databaseUrl = server.databaseUrl;
  try {
    const { key } = createBrandAndKey(databaseUrl);
    const headers = { "Content-Type": "application/json", "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${key}` };
    const template = await fetch(`${server.baseUrl}/api/email-templates`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        name: "After the wait",
        // Node ids are 24 hexadecimal characters.
        sections: [
          {
            id: "0000000000000000000000a1",
            rows: [
              {
                id: "0000000000000000000000a2",
                columns: [
                  {
                    id: "0000000000000000000000a3",
                    blocks: [{ id: "0000000000000000000000a4", type: "text", text: "<p>Hello again</p>" }],
                  },
                ],
              },
            ],
          },
        ],
      }),
    });
    const templateAnswer = (await template.json()) as { id: string };
    if (template.status !== 201) throw new Error(`template failed: ${template.status} ${JSON.stringify(templateAnswer)}`);
    const templateID = templateAnswer.id;
    const delayMinutes = 2;
    const created = await fetch(`${server.baseUrl}/api/automations`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        name: "Crash test",
        trigger: { condition: { event: "crash test", origin: "api" } },
        blocks: [
          { temporaryID: "wait", type: "delay", delay: { mode: "duration", duration: { amount: delayMinutes, units: "m" } } },
          { temporaryID: "tag", type: "action", action: { type: "addTag", addTag: { value: "after-the-wait" } } },
          {
            temporaryID: "mail",
            type: "action",
            action: {
              type: "sendEmail",
              sendEmail: { templateID, language: "en_US", subject: "After the wait", preheader: "", senderName: "Crash test" },
            },
          },
          {
            temporaryID: "hook",
            type: "action",
            action: { type: "sendWebhook", sendWebhook: { callbackUrl: hookUrl, body: '{"email":"[[contact.email]]"}' } },
          },
          { temporaryID: "untag", type: "action", action: { type: "removeTag", removeTag: { value: "waiting" } } },
        ],
        // The contacts the events create are not subscribed: email them all the same.
        settings: { sendingThresholds: { email: "all", sms: "subscribed" } },
      }),
    });
    const automation = (await created.json()) as { id: string; blocks: { id: string }[] };
    if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(automation)}`);
    await fetch(`${server.baseUrl}/api/automations/${automation.id}/enable`, { method: "POST", headers });
    const bodies = Array.from({ length: contacts }, (_, i) =>
      JSON.stringify({
        eventName: "crash test",
        origin: "api",
        contact: { email: `waiting${i}@example.com`, tags: ["waiting"] },
        properties: { n: i },
      }),
    );
    const sent = await load({ url: server.baseUrl, key, connections: 32, durationS: 600, amount: contacts, bodies });
    log(`${sent.accepted} trigger events accepted`);
    const waitingSql = `SELECT COUNT(*) AS n FROM "AutomationEnrollment" WHERE "automationId" = '${automation.id}' AND "blockId" = '${automation.blocks[0].id}' AND "status" = 'active'`;
    const deadline = Date.now() + 10 * 60_000;
    let waiting = 0;
    while (Date.now() < deadline) {
      waiting = await countRows(databaseUrl, waitingSql);
      if (waiting >= contacts) break;
      await sleep(500);
    }
    const [{ due }] = await query<{ due: string | Date }>(
      databaseUrl,
      `SELECT MAX("dueAt") AS due FROM "AutomationEnrollment" WHERE "automationId" = '${automation.id}'`,
    );
    killHard(server);
    const killedAt = Date.now();
    log(`killed with ${waiting} enrollments waiting; their delay ends by ${new Date(due).toISOString()}`);
    // Down until every delay has ended.
    const lastDue = new Date(typeof due === "string" && !due.endsWith("Z") && !due.includes("+") ? `${due}Z` : due).getTime();
    await sleep(Math.max(0, lastDue - Date.now()) + 5_000);
    const downtimeS = (Date.now() - killedAt) / 1000;
    server = await startTestServer({ label: "automations-crash", env, databaseUrl });
    const restarted = Date.now();
    const completedSql = `SELECT COUNT(*) AS n FROM "AutomationEnrollment" WHERE "automationId" = '${automation.id}' AND "status" = 'completed'`;
    let completed = 0;
    while (Date.now() - restarted < 10 * 60_000) {
      completed = await countRows(databaseUrl, completedSql);
      const pendingHooks = await countRows(databaseUrl, `SELECT COUNT(*) AS n FROM "AutomationBlockRun" WHERE "status" = 'pending'`);
      if (completed >= waiting && pendingHooks === 0) break;
      await sleep(500);
    }
    const catchUpS = (Date.now() - restarted) / 1000;
    log(`all moved on ${catchUpS.toFixed(1)} s after the restart`);
    const perBlock = await query<{ blockId: string; n: number | string }>(
      databaseUrl,
      `SELECT "blockId", COUNT(*) AS n FROM "AutomationBlockRun" WHERE "automationId" = '${automation.id}' GROUP BY "blockId"`,
    );
    const duplicates = await countRows(
      databaseUrl,
      `SELECT COUNT(*) AS n FROM (SELECT "enrollmentId", "blockId" FROM "AutomationBlockRun" GROUP BY "enrollmentId", "blockId" HAVING COUNT(*) > 1) d`,
    );
    const counters = await query<{ blockId: string; count: number | string }>(
      databaseUrl,
      `SELECT "blockId", "count" FROM "AutomationCounter" WHERE "automationId" = '${automation.id}' AND "metric" = 'reached'`,
    );
    const [emails] = await query<{ n: number | string; enrollments: number | string }>(
      databaseUrl,
      `SELECT COUNT(*) AS n, COUNT(DISTINCT "recipientKey") AS enrollments FROM "Message" WHERE "sourceKind" = 'automation' AND "sourceId" = '${automation.id}'`,
    );
    return {
      contacts,
      waitingAtKill: waiting,
      completed,
      runsPerBlock: Object.fromEntries(perBlock.map((r) => [r.blockId, Number(r.n)])),
      duplicateRuns: duplicates,
      countersPerBlock: Object.fromEntries(counters.map((r) => [r.blockId, Number(r.count)])),
      webhookIds: seen.size,
      webhookRepeats: [...seen.values()].filter((n) => n > 1).length,
      emailMessages: Number(emails.n),
      emailEnrollments: Number(emails.enrollments),
      downtimeS,
      catchUpS,
    };
  } finally {
    await server.stop();
    await new Promise<void>((r) => receiver.close(() => r()));
  }
}
