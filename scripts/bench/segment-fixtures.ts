// The audience bench:contacts (SQLite) and bench:segments-postgres seed, the two segments they count over
// it, and the members it must give: one definition for both engines (each seeds with its own SQL; a count
// that differs from the one worked out here fails the bench).
import { summary } from "./stats";

/** Seeded contact i: every third unsubscribed from email, one of four tags, a `visits` custom property 0-19. */
export const SEEDED_TAGS = ["vip", "newsletter", "trial", "churned"];
export const seededStatus = (i: number) => (i % 3 === 0 ? "unsubscribed" : "subscribed");
export const seededTag = (i: number) => SEEDED_TAGS[i % SEEDED_TAGS.length];
export const seededVisits = (i: number) => i % 20;

/**
 * The `placed order` events of seeded contact i: one to three for every third contact (the subscribed
 * i % 3 === 1), spread over the last 60 days, with values 0-119.
 */
export function seededOrders(i: number): { k: number; daysAgo: number; value: number }[] {
  if (i % 3 !== 1) return [];
  return Array.from({ length: 1 + (i % 4 === 0 ? 2 : i % 2) }, (_, k) => ({
    k,
    daysAgo: (i * 7 + k * 13) % 60,
    value: (i * 13 + k * 29) % 120,
  }));
}

export const ENGAGED_VIPS = {
  name: "Engaged VIPs",
  conditionGroups: [
    {
      conditions: [
        {
          entity: "contact",
          junction: "and",
          filters: [
            { property: "tags", operator: "anyOf", value: ["vip"] },
            { property: "subscriptionStatus", channels: ["email"], operator: "equals", value: "subscribed" },
            { property: "custom", name: "visits", valueType: "number", operator: "moreThanOrEquals", value: 10 },
          ],
        },
      ],
    },
  ],
};

export const REPEAT_BUYERS = {
  name: "Repeat buyers",
  conditionGroups: [
    {
      conditions: [
        {
          entity: "event",
          filters: [
            {
              name: "placed order",
              operator: "has",
              count: "atLeast",
              value: 2,
              period: { operator: "inTheLast", unit: "days", value: 30 },
              filters: [{ property: "value", operator: "moreThan", value: 50 }],
            },
          ],
        },
        {
          entity: "contact",
          junction: "and",
          filters: [{ property: "subscriptionStatus", channels: ["email"], operator: "equals", value: "subscribed" }],
        },
      ],
    },
  ],
};

/** The members each segment must have among seeded contacts 0..total-1. */
export function expectedMembers(total: number): { engagedVips: number; repeatBuyers: number } {
  let engagedVips = 0;
  let repeatBuyers = 0;
  for (let i = 0; i < total; i++) {
    if (seededTag(i) === "vip" && seededStatus(i) === "subscribed" && seededVisits(i) >= 10) engagedVips++;
    const qualifying = seededOrders(i).filter((o) => o.daysAgo < 30 && o.value > 50).length;
    if (qualifying >= 2 && seededStatus(i) === "subscribed") repeatBuyers++;
  }
  return { engagedVips, repeatBuyers };
}

/** Times `GET /api/segments/{id}/statistics` 10 times, prints the line, and checks the count. */
export async function timeSegmentCount(
  label: string,
  statistics: () => Promise<{ contactsCount: number }>,
  expected: number,
): Promise<void> {
  const samples: number[] = [];
  let count = 0;
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    count = (await statistics()).contactsCount;
    samples.push(performance.now() - started);
  }
  console.log(`${label}: ${summary(samples)}; contactsCount=${count}`);
  if (count !== expected) throw new Error(`${label}: counted ${count}, the seeded data holds ${expected}`);
}
