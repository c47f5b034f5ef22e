// The SNS topics this deployment subscribed to: a topic is remembered when its subscription confirmation
// verified and Inkwell confirmed it. Without SES_SNS_TOPIC_ARNS these are the known topics: a
// notification of any other topic is refused before its signing certificate is fetched.
import { sqlReader, writeStatement } from "@/lib/db/sql";

const known = new Set<string>();

export async function rememberTopic(arn: string, at = new Date()): Promise<void> {
  await writeStatement(`INSERT INTO "SnsTopic" ("arn", "confirmedAt") VALUES (?, ?ts) ON CONFLICT ("arn") DO NOTHING`, [arn, at]);
  known.add(arn);
}

/** Whether the topic's subscription was confirmed (a confirmed topic stays known: it is cached once seen). */
export async function confirmedTopic(arn: string): Promise<boolean> {
  if (known.has(arn)) return true;
  const rows = await sqlReader().all<{ arn: string }>(`SELECT "arn" FROM "SnsTopic" WHERE "arn" = ?`, [arn]);
  if (rows.length > 0) known.add(arn);
  return rows.length > 0;
}
