// Sent campaigns as the delivery pipeline leaves them, written straight into a bench's SQLite file: a
// campaign each (created by the caller, through the API), its message records (sent, every third opened)
// and its daily counters, then its status "sent". Shared by bench:campaigns (report and list reads over
// 1,000,000 message records) and bench:dashboard (the campaigns pages at a large brand's size).
import type { Database } from "better-sqlite3";

export type SentCampaignsSeed = {
  brandId: string;
  /** a MessageContent row of the brand the messages point at */
  contentId: string;
  /** the recipients, taken in turn */
  contactIds: string[];
  campaigns: number;
  /** message records over all campaigns */
  messages: number;
  /** creates campaign number i (a draft) and answers its id */
  create: (i: number) => Promise<string>;
};

/** Seeds the campaigns, one a day back from today (the last is yesterday's); answers their ids, oldest first. */
export async function seedSentCampaigns(file: Database, seed: SentCampaignsSeed): Promise<string[]> {
  const { db } = await import("@/lib/db");
  const { newId } = await import("@/lib/ids");
  const insertMessage = file.prepare(
    `INSERT INTO "Message" (id, "brandId", "contentId", "sourceKind", "sourceId", part, "recipientKey", "contactId", email, mode, status, priority, attempts, "nextAttemptAt", "createdAt", "sentAt", "openedAt", opens, clicks)
     VALUES (?, ?, ?, 'campaign', ?, '', ?, ?, ?, 'live', 'sent', 1, 1, ?, ?, ?, ?, 0, 0)`,
  );
  const insertCounter = file.prepare(
    `INSERT INTO "MessageCounter" ("brandId", "sourceKind", "sourceId", part, day, metric, count) VALUES (?, 'campaign', ?, '', ?, ?, ?)`,
  );
  const ids: string[] = [];
  const perCampaign = Math.floor(seed.messages / seed.campaigns);
  for (let c = 0; c < seed.campaigns; c++) {
    const id = await seed.create(c);
    ids.push(id);
    const day = new Date(Date.now() - (seed.campaigns - c) * 86_400_000);
    const at = day.toISOString().replace("Z", "+00:00");
    file.transaction(() => {
      for (let i = 0; i < perCampaign; i++) {
        const contactId = seed.contactIds[(c * 7919 + i) % seed.contactIds.length];
        insertMessage.run(
          newId(day),
          seed.brandId,
          seed.contentId,
          id,
          contactId,
          contactId,
          `bench-${i}@example.com`,
          at,
          at,
          at,
          i % 3 === 0 ? at : null,
        );
      }
      for (let d = 0; d < 7; d++) {
        const iso = new Date(day.getTime() + d * 86_400_000).toISOString().slice(0, 10);
        insertCounter.run(seed.brandId, id, iso, "opened", Math.floor(perCampaign / 3 / 7));
        if (d === 0) insertCounter.run(seed.brandId, id, iso, "sent", perCampaign);
        insertCounter.run(seed.brandId, id, iso, "clicked", Math.floor(perCampaign / 20 / 7));
      }
    })();
    await db.campaign.update({ where: { id }, data: { status: "sent", startedAt: day, endedAt: day, queuedCount: perCampaign } });
  }
  return ids;
}
