// Deleting a topic: refused (409) while a campaign that has not finished or an automation sends for it,
// naming them, so a send never loses its topic (and with it whom it may reach) halfway. The contacts'
// subscriptions to it go with it; messages already sent for it keep its id (their unsubscribe links then
// fall back to the brand's marketing email, docs/topics.md).
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import { topicNotFound } from "./topic-store";

const NAMED = 20;
/** A campaign in these states may still send: its topic must stay. */
const LIVE_CAMPAIGN = ["draft", "scheduled", "started", "paused", "onHold"];

/** Whether a stored JSON document names the topic in a topicID member. */
export const namesTopic = (json: unknown, topicId: string) => JSON.stringify(json ?? null).includes(`"topicID":"${topicId}"`);

export type TopicUser = { kind: "campaign" | "automation"; id: string; name: string };

export async function topicUsers(brandId: string, topicId: string): Promise<TopicUser[]> {
  const [campaigns, automations] = await Promise.all([
    db.campaign.findMany({
      where: { brandId, status: { in: LIVE_CAMPAIGN } },
      select: { id: true, name: true, audience: true },
      orderBy: { id: "asc" },
    }),
    db.automation.findMany({ where: { brandId }, select: { id: true, name: true, blocks: true }, orderBy: { id: "asc" } }),
  ]);
  return [
    ...campaigns.filter((c) => namesTopic(c.audience, topicId)).map((c) => ({ kind: "campaign" as const, id: c.id, name: c.name })),
    ...automations.filter((a) => namesTopic(a.blocks, topicId)).map((a) => ({ kind: "automation" as const, id: a.id, name: a.name })),
  ];
}

export async function deleteTopic(brandId: string, id: string): Promise<void> {
  if ((await db.subscriptionTopic.count({ where: { id, brandId } })) === 0) throw topicNotFound();
  const users = await topicUsers(brandId, id);
  if (users.length > 0) {
    const names = users
      .slice(0, NAMED)
      .map((u) => `${u.kind} "${u.name}" (${u.id})`)
      .join(", ");
    const more = users.length > NAMED ? ` and ${users.length - NAMED} more` : "";
    throw new ApiProblem("conflict", `The topic is used by ${names}${more}; remove it from them first`, {
      campaigns: users.filter((u) => u.kind === "campaign").map(({ id, name }) => ({ id, name })),
      automations: users.filter((u) => u.kind === "automation").map(({ id, name }) => ({ id, name })),
    });
  }
  await db.subscriptionTopic.deleteMany({ where: { id, brandId } });
}
