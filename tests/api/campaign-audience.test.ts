// A campaign's audience as the send walks it (lib/campaigns/audience.ts), on the server's database (both
// engines): pages of 500 in (createdAt, id) order over more than a page of contacts created in the same
// instant, each contact once, a resumed walk going on from its cursor, includes ORed and excludes applied
// per page, no segment meaning every subscribed contact; the composer's estimate agreeing with the walk.
import { beforeAll, describe, expect, it } from "vitest";
import { audiencePages, estimateAudience, PAGE } from "@/lib/campaigns/audience";
import { ContactInput } from "@/lib/contacts/schemas";
import { createContacts } from "@/lib/contacts/upsert-contact";
import { createSegment } from "@/lib/segments/write-segment";
import { createTestBrand, type TestBrand } from "./helpers";

const TOTAL = 1_230;
let brand: TestBrand;
const segment: Record<string, string> = {};

const tagged = (tag: string) => ({
  name: `${tag} ${Math.random().toString(36).slice(2, 6)}`,
  conditionGroups: [
    { conditions: [{ entity: "contact", junction: "and", filters: [{ property: "tags", operator: "anyOf", value: [tag] }] }] },
  ],
});

async function walk(audience: { includedSegmentIDs: string[]; excludedSegmentIDs: string[] }, cursor?: string | null) {
  const ids: string[] = [];
  const cursors: string[] = [];
  for await (const page of audiencePages(brand.brandId, audience, cursor)) {
    ids.push(...page.contacts.map((c) => c.id));
    cursors.push(page.cursor);
  }
  return { ids, cursors };
}

beforeAll(async () => {
  brand = await createTestBrand();
  // One transaction: every contact has the same createdAt, so the walk's order rests on the id.
  const inputs = Array.from({ length: TOTAL }, (_, i) =>
    ContactInput.parse({
      identifiers: [
        { type: "email", id: `walk-${i}@example.com`, channels: { email: { status: i % 10 === 9 ? "unsubscribed" : "subscribed" } } },
      ],
      tags: [...(i % 2 === 0 ? ["even"] : []), ...(i % 3 === 0 ? ["three"] : []), ...(i % 5 === 0 ? ["five"] : [])],
    }),
  );
  for (let i = 0; i < TOTAL; i += 500) await createContacts(brand.brandId, inputs.slice(i, i + 500), { source: "test" });
  for (const tag of ["even", "three", "five"]) segment[tag] = (await createSegment(brand.brandId, tagged(tag) as never)).segmentID;
}, 120_000);

describe("the audience walk", () => {
  it("no segment: every contact with a subscribed address, once each, over more than two pages", async () => {
    const { ids, cursors } = await walk({ includedSegmentIDs: [], excludedSegmentIDs: [] });
    const expected = TOTAL - Math.floor(TOTAL / 10);
    expect(ids).toHaveLength(expected);
    expect(new Set(ids).size).toBe(expected);
    expect(cursors.length).toBeGreaterThan(2);
    expect(await estimateAudience(brand.brandId, { includedSegmentIDs: [], excludedSegmentIDs: [] })).toMatchObject({
      contacts: expected,
      subscribed: expected,
    });
    // Counted in chunks of 100 (all created in the same instant: the chunks meet on the id), the same.
    expect(await estimateAudience(brand.brandId, { includedSegmentIDs: [], excludedSegmentIDs: [] }, 100)).toMatchObject({
      contacts: expected,
      subscribed: expected,
    });
  });

  it("includes ORed, excludes removed, unsubscribed members kept for the pipeline to skip with a reason", async () => {
    const audience = { includedSegmentIDs: [segment.even, segment.three], excludedSegmentIDs: [segment.five] };
    const { ids } = await walk(audience);
    const expected = Array.from({ length: TOTAL }, (_, i) => i).filter((i) => (i % 2 === 0 || i % 3 === 0) && i % 5 !== 0).length;
    expect(ids).toHaveLength(expected);
    expect(new Set(ids).size).toBe(expected);
    const estimate = await estimateAudience(brand.brandId, audience);
    expect(estimate.contacts).toBe(expected);
    expect(await estimateAudience(brand.brandId, audience, 100), "counted in chunks of 100").toEqual(estimate);
    expect(estimate.skipped.unsubscribed).toBe(
      Array.from({ length: TOTAL }, (_, i) => i).filter((i) => (i % 2 === 0 || i % 3 === 0) && i % 5 !== 0 && i % 10 === 9).length,
    );
  });

  it("a walk resumed from a cursor goes on where it stopped, with nothing twice", async () => {
    const audience = { includedSegmentIDs: [segment.even], excludedSegmentIDs: [] };
    const whole = await walk(audience);
    const first: string[] = [];
    let cursor = "";
    for await (const page of audiencePages(brand.brandId, audience, null)) {
      first.push(...page.contacts.map((c) => c.id));
      cursor = page.cursor;
      break;
    }
    expect(first).toHaveLength(whole.ids.length > PAGE ? first.length : whole.ids.length);
    const rest = await walk(audience, cursor);
    expect([...first, ...rest.ids]).toEqual(whole.ids);
  });
});

describe("the composer's estimate", () => {
  it("names each skip: no email address, unsubscribed, not subscribed, by the pipeline's recipient rule (the first address that may be mailed; none: the first address's reason)", async () => {
    const own = await createTestBrand();
    const email = (i: number, status: string) => ({ type: "email", id: `skip-${i}@example.com`, channels: { email: { status } } });
    const phone = (i: number) => ({ type: "phone", id: `+4420718387${String(10 + i)}`, channels: { sms: { status: "subscribed" } } });
    const identifiers = [
      [email(0, "subscribed")],
      [email(1, "subscribed")],
      [email(2, "unsubscribed"), email(3, "subscribed")],
      [email(4, "unsubscribed")],
      [email(5, "nonSubscribed")],
      [email(6, "nonSubscribed"), email(7, "unsubscribed")],
      [email(8, "nonSubscribed")],
      [phone(0)],
      [phone(1)],
    ];
    await createContacts(
      own.brandId,
      identifiers.map((ids) => ContactInput.parse({ identifiers: ids, tags: ["edge"] })),
      { source: "test" },
    );
    const edge = (await createSegment(own.brandId, tagged("edge") as never)).segmentID;
    // skip-2 (unsubscribed) then skip-3 (subscribed): mailed at skip-3. skip-6 (not subscribed) then skip-7
    // (unsubscribed): nothing may be mailed, and the first address's reason (not subscribed) is the one given.
    const expected = {
      contacts: 9,
      recipients: 3,
      subscribed: 3,
      skipped: { noEmail: 2, unsubscribed: 1, nonSubscribed: 3, suppressed: 0 },
    };
    expect(await estimateAudience(own.brandId, { includedSegmentIDs: [edge], excludedSegmentIDs: [] })).toEqual(expected);
    expect(await estimateAudience(own.brandId, { includedSegmentIDs: [edge], excludedSegmentIDs: [] }, 2), "in chunks of 2").toEqual(
      expected,
    );
    // Without a segment: the subscribed contacts only.
    expect(await estimateAudience(own.brandId, { includedSegmentIDs: [], excludedSegmentIDs: [] })).toMatchObject({
      contacts: 3,
      subscribed: 3,
    });
  });
});
