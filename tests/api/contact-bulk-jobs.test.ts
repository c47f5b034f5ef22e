// The dashboard's bulk actions on a whole view over HTTP (POST /api/contacts/jobs, GET /api/contacts/jobs,
// POST /api/contacts/export): the server resolves the view itself, its text matched in full where the
// search stops counting a word at 500, so tagging, untagging, unsubscribing and exporting act on exactly
// every contact of the view; a selection of more than 1,000 ids exports whole; the segment tag jobs' own
// endpoints (GET /api/contacts/tags/jobs) keep their shape.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { api, baseUrl, createSession, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";
import { until } from "./until";

const unique = () => randomBytes(4).toString("hex");

/** `n` contacts whose last name is `word`, each with a subscribed email (straight into the database: the jobs are what is tested). */
async function seed(brandId: string, n: number, word: string, tags: string[] = []): Promise<string[]> {
  const now = new Date();
  const ids = Array.from({ length: n }, () => newId(now));
  await db.contact.createMany({
    data: ids.map((id, i) => ({ id, brandId, firstName: `P${i}`, lastName: word, customProperties: {}, createdAt: now, updatedAt: now })),
  });
  await db.contactIdentifier.createMany({
    data: ids.map((contactId, i) => ({
      id: newId(now),
      brandId,
      contactId,
      type: "email",
      value: `${word}-${i}@example.com`,
      status: "subscribed",
      statusChangedAt: now,
      createdAt: now,
    })),
  });
  if (tags.length) await db.contactTag.createMany({ data: ids.flatMap((contactId) => tags.map((tag) => ({ contactId, brandId, tag }))) });
  return ids;
}

const startJob = (key: string, body: unknown) => api("/api/contacts/jobs", { key, body });
const finished = (key: string, jobId: string) =>
  until(
    async () => json(await api(`/api/contacts/jobs/${jobId}`, { key })),
    (job) => job.status === "done" || job.status === "failed",
    60_000,
  );
const tagged = (brandId: string, tag: string, ids: string[]) => db.contactTag.count({ where: { brandId, tag, contactId: { in: ids } } });
const csvLines = async (res: Response) =>
  (await res.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");

describe("POST /api/contacts/jobs: every contact of a view", () => {
  let brand: TestBrand;
  const word = `bulkson${unique()}`;
  let matching: string[];
  let others: string[];
  beforeAll(async () => {
    brand = await createTestBrand();
    // 620 match the word: more than the search counts (it reports "more than 500").
    matching = await seed(brand.brandId, 620, word, ["lead"]);
    others = await seed(brand.brandId, 30, `other${unique()}`, ["lead"]);
  });

  it("tags all 620 contacts a one-word text search matches, where the search's count stops at 500", async () => {
    const search = await json(await api(`/api/contacts/search?q=${word}&limit=1`, { key: brand.key }));
    expect(search).toMatchObject({ total: 500, capped: true });

    const res = await startJob(brand.key, { action: "add", tags: ["wave-1"], view: { q: word } });
    expect(res.status, await res.clone().text()).toBe(202);
    const accepted = await json(res);
    expect(accepted).toMatchObject({
      id: expect.any(String),
      action: "add",
      tags: ["wave-1"],
      view: { q: word },
      status: expect.stringMatching(/queued|running|done/),
    });
    expect(accepted.segmentID).toBeUndefined();
    const job = await finished(brand.key, accepted.id);
    expect(job).toMatchObject({ status: "done", total: 620, processed: 620, changed: 620 });
    expect(await tagged(brand.brandId, "wave-1", matching)).toBe(620);
    expect(await tagged(brand.brandId, "wave-1", others)).toBe(0);
  });

  it("removes a tag from every contact of a view filtered by that very tag (each leaves the view as it changes)", async () => {
    const res = await startJob(brand.key, { action: "remove", tags: ["lead"], view: { q: word, tag: "lead" } });
    expect(res.status).toBe(202);
    expect(await finished(brand.key, (await json(res)).id)).toMatchObject({ status: "done", processed: 620, changed: 620 });
    expect(await tagged(brand.brandId, "lead", matching)).toBe(0);
    expect(await tagged(brand.brandId, "lead", others)).toBe(30);
  });

  it("unsubscribes every contact of the view with a status history line, and a second run changes nobody", async () => {
    const { cookie } = await createSession(brand.brandId);
    const res = await api("/api/contacts/jobs", {
      cookie,
      headers: { Origin: baseUrl() },
      body: { action: "unsubscribe", view: { q: word, status: "subscribed" } },
    });
    expect(res.status, await res.clone().text()).toBe(202);
    expect(await finished(brand.key, (await json(res)).id)).toMatchObject({
      status: "done",
      total: 620,
      processed: 620,
      changed: 620,
      tags: [],
    });
    expect(await db.contactIdentifier.count({ where: { contactId: { in: matching }, status: "unsubscribed" } })).toBe(620);
    expect(await db.contactIdentifier.count({ where: { contactId: { in: others }, status: "subscribed" } })).toBe(30);
    expect(
      await db.contactStatusChange.findFirst({
        where: { contactId: matching[0] },
        select: { from: true, to: true, source: true, channel: true },
      }),
    ).toEqual({ from: "subscribed", to: "unsubscribed", source: "api:session", channel: "email" });
    const again = await json(await startJob(brand.key, { action: "unsubscribe", view: { q: word } }));
    expect(await finished(brand.key, again.id)).toMatchObject({ status: "done", processed: 620, changed: 0 });
    expect(await db.contactStatusChange.count({ where: { contactId: { in: matching } } })).toBe(620);
  });

  it("several words: the contacts matching every word, however many match each", async () => {
    // P1, P10-P19 and P100-P199 of the 620; the 30 others share the first names but not the last.
    const accepted = await json(await startJob(brand.key, { action: "add", tags: ["two-words"], view: { q: `p1 ${word}` } }));
    expect(await finished(brand.key, accepted.id)).toMatchObject({ status: "done", processed: 111, changed: 111 });
    expect(await tagged(brand.brandId, "two-words", matching)).toBe(111);
    expect(await tagged(brand.brandId, "two-words", others)).toBe(0);
  });

  it("leaves contacts created after the job was accepted alone", async () => {
    const own = await createTestBrand();
    const before = await seed(own.brandId, 5, word);
    const accepted = await json(await startJob(own.key, { action: "add", tags: ["early"], view: { q: word } }));
    const later = new Date(Date.now() + 60_000);
    const late = newId(later);
    await db.contact.create({
      data: { id: late, brandId: own.brandId, lastName: word, customProperties: {}, createdAt: later, updatedAt: later },
    });
    expect(await finished(own.key, accepted.id)).toMatchObject({ status: "done", processed: 5, changed: 5 });
    expect(await tagged(own.brandId, "early", before)).toBe(5);
    expect(await tagged(own.brandId, "early", [late])).toBe(0);
  });

  it("a view of a segment: only its members, and the job is listed with the segment's jobs", async () => {
    const own = await createTestBrand();
    const members = await seed(own.brandId, 12, `seg${unique()}`, ["member"]);
    const outsiders = await seed(own.brandId, 4, `out${unique()}`);
    const created = await api("/api/segments", {
      key: own.key,
      body: {
        name: "Members",
        conditionGroups: [{ conditions: [{ entity: "contact", filters: [{ property: "tags", operator: "anyOf", value: ["member"] }] }] }],
      },
    });
    const segmentID = (await json(created)).segmentID as string;
    const accepted = await json(await startJob(own.key, { action: "add", tags: ["seen"], view: { segmentID } }));
    expect(accepted).toMatchObject({ segmentID, view: { segmentID } });
    expect(await finished(own.key, accepted.id)).toMatchObject({ status: "done", processed: 12, changed: 12 });
    expect(await tagged(own.brandId, "seen", members)).toBe(12);
    expect(await tagged(own.brandId, "seen", outsiders)).toBe(0);

    // The segment's own tag job (published POST /api/contacts/tags) is listed too, newest first.
    const segmentJob = (await json(await api("/api/contacts/tags", { key: own.key, body: { segmentID, tags: ["both"] } }))).job;
    await finished(own.key, segmentJob.id);
    const listed = await json(await api(`/api/contacts/jobs?segmentID=${segmentID}`, { key: own.key }));
    expect(listed.jobs.map((j: { id: string }) => j.id)).toEqual([segmentJob.id, accepted.id]);
    expect((await json(await api(`/api/contacts/jobs?segmentID=${MISSING_ID}`, { key: own.key }))).jobs).toEqual([]);
    // GET /api/contacts/tags/jobs keeps listing segments' tag jobs only, in their shape.
    const tagJobs = await json(await api("/api/contacts/tags/jobs", { key: own.key }));
    expect(tagJobs.jobs.map((j: { id: string }) => j.id)).toEqual([segmentJob.id]);
    expect(tagJobs.jobs[0].view).toBeUndefined();
    await expectProblem(await api(`/api/contacts/tags/jobs/${accepted.id}`, { key: own.key }), 404, "not-found");
  });

  it("refuses a tag change without tags, tags on an unsubscribe, sorting or paging in the view, and a segment of another brand", async () => {
    const none = await expectProblem(await startJob(brand.key, { action: "add", view: { q: word } }), 400, "validation-failed");
    expect(none.errors).toEqual([expect.objectContaining({ field: "tags", code: "required" })]);
    const extra = await expectProblem(
      await startJob(brand.key, { action: "unsubscribe", tags: ["x"], view: {} }),
      400,
      "validation-failed",
    );
    expect(extra.errors).toEqual([expect.objectContaining({ field: "tags" })]);
    const sorted = await expectProblem(
      await startJob(brand.key, { action: "add", tags: ["x"], view: { q: word, sort: "name", offset: 50 } }),
      400,
      "validation-failed",
    );
    expect(sorted.errors.length).toBeGreaterThan(0);
    await expectProblem(await startJob(brand.key, { action: "sing", tags: ["x"], view: {} }), 400, "validation-failed");
    const other = await createTestBrand();
    const theirs = await api("/api/segments", {
      key: other.key,
      body: {
        name: "Theirs",
        conditionGroups: [{ conditions: [{ entity: "contact", filters: [{ property: "tags", operator: "anyOf", value: ["x"] }] }] }],
      },
    });
    await expectProblem(
      await startJob(brand.key, { action: "add", tags: ["x"], view: { segmentID: (await json(theirs)).segmentID } }),
      404,
      "not-found",
    );
  });

  it("another brand cannot read the job, nor see it listed", async () => {
    const accepted = await json(await startJob(brand.key, { action: "add", tags: ["private"], view: { q: word } }));
    const other = await createTestBrand();
    await expectProblem(await api(`/api/contacts/jobs/${accepted.id}`, { key: other.key }), 404, "not-found");
    expect((await json(await api("/api/contacts/jobs", { key: other.key }))).jobs).toEqual([]);
    const mine = await json(await api("/api/contacts/jobs", { key: brand.key }));
    expect(mine.jobs[0]).toMatchObject({ id: accepted.id, action: "add", view: { q: word } });
    await finished(brand.key, accepted.id);
  });
});

describe("POST /api/contacts/export", () => {
  let brand: TestBrand;
  const word = `exporter${unique()}`;
  let ids: string[];
  beforeAll(async () => {
    brand = await createTestBrand();
    ids = await seed(brand.brandId, 1_200, word);
  });

  it("exports a selection of 1,200 ids whole (too long for GET's query string)", async () => {
    const res = await api("/api/contacts/export", { key: brand.key, body: { ids } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = await csvLines(res);
    expect(lines).toHaveLength(1_201);
    expect(new Set(lines.slice(1).map((line) => line.split(",")[0]))).toEqual(new Set(ids));
  });

  it("exports every contact of a text view, beyond the search's count of 500", async () => {
    const lines = await csvLines(await api("/api/contacts/export", { key: brand.key, body: { q: word } }));
    expect(lines).toHaveLength(1_201);
    expect((await csvLines(await api(`/api/contacts/export?q=${word}`, { key: brand.key }))).length).toBe(1_201);
  });

  it("exports only the brand's contacts of a selection, and refuses a selection over 25,000 ids", async () => {
    const other = await createTestBrand();
    const theirs = await seed(other.brandId, 2, `theirs${unique()}`);
    const lines = await csvLines(await api("/api/contacts/export", { key: brand.key, body: { ids: [ids[0], ...theirs, "not-an-id"] } }));
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual([ids[0]]);
    const tooMany = await expectProblem(
      await api("/api/contacts/export", { key: brand.key, body: { ids: Array(25_001).fill(ids[0]) } }),
      400,
      "validation-failed",
    );
    expect(tooMany.errors).toEqual([expect.objectContaining({ field: "ids" })]);
  });
});
