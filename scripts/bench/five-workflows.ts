// The five event-triggered workflows bench:automations enables on the events the load sends (viewed
// product, viewed page, added product to cart, placed order), shared with scripts/bench/profile-events.ts.
import type { Prepare } from "./events-load";

export async function post(s: { baseUrl: string }, key: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${s.baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Service-Version": "2026-03-15", Authorization: `Service-API-Key ${key}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer)}`);
  return answer;
}

export const tag = (id: string) => ({ temporaryID: id, type: "action", action: { type: "addTag", addTag: { value: id } } });
export const wait = (id: string, amount: number, units: string) => ({
  temporaryID: id,
  type: "delay",
  delay: { mode: "duration", duration: { amount, units } },
});

/** Five workflows on the bench's events (viewed product, viewed page, added product to cart, placed order). */
export const fiveWorkflows: Prepare = async (s, { key }) => {
  const workflows = [
    {
      name: "Browse abandonment",
      trigger: { condition: { event: "viewed product", origin: "api" }, inactivitySettings: { duration: { amount: 30, units: "m" } } },
      blocks: [tag("browsed")],
      exitConditions: [{ event: "added product to cart", origin: "api" }],
      settings: { frequencyLimiter: { mode: "interval", duration: { amount: 7, units: "d" } } },
    },
    {
      name: "Abandoned cart",
      trigger: {
        condition: { event: "added product to cart", origin: "api" },
        inactivitySettings: { duration: { amount: 1, units: "h" } },
      },
      blocks: [tag("abandoned"), wait("day", 1, "d"), tag("reminded")],
      exitConditions: [{ event: "placed order", origin: "api" }],
    },
    {
      name: "Post-purchase",
      trigger: { condition: { event: "placed order", origin: "api" } },
      blocks: [wait("review", 3, "d"), tag("asked-review")],
    },
    {
      name: "Big spenders",
      trigger: {
        condition: {
          event: "placed order",
          origin: "api",
          filterGroups: [{ logicalOperator: "and", filters: [{ field: "value", operator: "gt", value: 100 }] }],
        },
      },
      blocks: [tag("big-spender")],
    },
    {
      name: "Collection visitors",
      trigger: {
        condition: {
          event: "viewed page",
          origin: "api",
          filterGroups: [{ logicalOperator: "and", filters: [{ field: "url", operator: "contains", value: "collections/1" }] }],
        },
      },
      blocks: [wait("later", 1, "d"), tag("collection")],
    },
  ];
  for (const w of workflows) {
    const created = await post(s, key, "/api/automations", w);
    await post(s, key, `/api/automations/${created.id}/enable`);
  }
};
