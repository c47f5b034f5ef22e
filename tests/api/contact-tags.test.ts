// Bulk tags over HTTP (POST / DELETE /api/contacts/tags): the union of the selectors, each contact once,
// names of no contact ignored; a segment's members tagged by a background job whose progress is readable,
// exact while other writers change the same contacts, bounded by the contacts that existed when it was
// accepted, and picked up again when the process that ran it stopped.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { sqlReader } from "@/lib/db/sql";
import { newId } from "@/lib/ids";
import { api, createTestBrand, expectProblem, json, type TestBrand } from "./helpers";
import { until } from "./until";

let brand: TestBrand;
beforeAll(async () => {
  brand = await createTestBrand();
});

const unique = () => randomBytes(4).toString("hex");
const tags = (body: unknown, method = "POST", key = brand.key) => api("/api/contacts/tags", { key, method, body });
async function contact(body: Record<string, unknown> = {}, key = brand.key) {
  const res = await api("/api/contacts", { key, body: { identifiers: [{ type: "email", id: `t-${unique()}@example.com` }], ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}
const read = async (id: string, key = brand.key) => json(await api(`/api/contacts/${id}`, { key }));
const finished = (jobId: string, key = brand.key) =>
  until(
    async () => json(await api(`/api/contacts/tags/jobs/${jobId}`, { key })),
    (job) => job.status === "done" || job.status === "failed",
    60_000,
  );

/** `n` contacts with `tag`, written straight into the database (the job is what is tested, not the upsert). */
async function seedMembers(brandId: string, n: number, tag: string): Promise<string[]> {
  const now = new Date();
  const ids = Array.from({ length: n }, () => newId(now));
  await db.contact.createMany({ data: ids.map((id) => ({ id, brandId, customProperties: {}, createdAt: now, updatedAt: now })) });
  await db.contactTag.createMany({ data: ids.map((contactId) => ({ contactId, brandId, tag })) });
  return ids;
}

/** How many of the contacts carrying `memberTag` carry `tag` too. */
async function countTagged(tag: string, memberTag: string): Promise<number> {
  const [row] = await sqlReader().all<{ n: unknown }>(
    `SELECT COUNT(*) AS n FROM "ContactTag" t WHERE t."brandId" = ? AND t."tag" = ? AND t."contactId" IN (SELECT m."contactId" FROM "ContactTag" m WHERE m."brandId" = ? AND m."tag" = ?)`,
    [brand.brandId, tag, brand.brandId, memberTag],
  );
  return Number(row.n);
}

async function segmentOf(tag: string, key = brand.key) {
  const res = await api("/api/segments", {
    key,
    body: {
      name: `has ${tag}`,
      conditionGroups: [{ conditions: [{ entity: "contact", filters: [{ property: "tags", operator: "anyOf", value: [tag] }] }] }],
    },
  });
  expect(res.status).toBe(201);
  return (await json(res)).segmentID as string;
}

describe("POST / DELETE /api/contacts/tags by id, email and phone", () => {
  it("tags the union of the selectors once each, ignores names of no contact, and answers 202 after applying them", async () => {
    const a = await contact({ tags: ["kept"] });
    const b = await contact({ identifiers: [{ type: "phone", id: "+14155550101" }] });
    const untouched = await contact();
    const res = await tags({
      contactIDs: [a.id, "000000000000000000000000", "not-an-id"],
      emails: [a.email.toUpperCase(), "nobody@example.com"],
      phones: ["+1 415 555 0101", "+19999999999"],
      tags: ["new", "new", "also"],
    });
    expect(res.status).toBe(202);
    expect(await json(res)).toEqual({ action: "add", contactsChanged: 2 });
    expect((await read(a.id)).tags).toEqual(["also", "kept", "new"]);
    expect((await read(b.id)).tags).toEqual(["also", "new"]);
    expect((await read(untouched.id)).tags).toEqual([]);
    // updatedAt moves only when tags changed.
    const before = (await read(a.id)).updatedAt;
    expect(await json(await tags({ contactIDs: [a.id], tags: ["new"] }))).toEqual({ action: "add", contactsChanged: 0 });
    expect((await read(a.id)).updatedAt).toBe(before);
    expect(await json(await tags({ contactIDs: [a.id, b.id], tags: ["new", "kept"] }, "DELETE"))).toEqual({
      action: "remove",
      contactsChanged: 2,
    });
    expect((await read(a.id)).tags).toEqual(["also"]);
    expect((await read(b.id)).tags).toEqual(["also"]);
  });

  it("refuses a request without selectors or tags, bad lists, and a segment the brand does not have", async () => {
    const none = await expectProblem(await tags({ tags: ["x"] }), 400, "validation-failed");
    expect(none.errors).toEqual([expect.objectContaining({ field: "contactIDs", code: "required" })]);
    const bad = await expectProblem(await tags({ emails: Array(251).fill("a@example.com"), tags: [] }), 400, "validation-failed");
    expect(bad.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(["/emails", "/tags"]);
    const other = await createTestBrand();
    const theirs = await segmentOf("x", other.key);
    const foreign = await expectProblem(await tags({ segmentID: theirs, tags: ["x"] }), 400, "validation-failed");
    expect(foreign.errors).toEqual([expect.objectContaining({ field: "segmentID", code: "not_found" })]);
  });
});

describe("a segment's members, in the background", () => {
  it("tags every member with progress, leaves the others, and removes the tags again", async () => {
    const tagged = `m-${unique()}`;
    const members = await seedMembers(brand.brandId, 1200, tagged);
    const outsider = await contact();
    const segmentID = await segmentOf(tagged);
    const res = await tags({ segmentID, tags: ["campaign"] });
    expect(res.status).toBe(202);
    const accepted = await json(res);
    expect(accepted).toMatchObject({
      action: "add",
      contactsChanged: 0,
      job: { id: expect.any(String), segmentID, action: "add", tags: ["campaign"], processed: 0, changed: 0 },
    });
    const job = await finished(accepted.job.id);
    expect(job).toMatchObject({
      status: "done",
      total: 1200,
      processed: 1200,
      changed: 1200,
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    expect(members).toHaveLength(1200);
    expect(await countTagged("campaign", tagged)).toBe(1200);
    expect((await read(outsider.id)).tags).toEqual([]);
    const list = await json(await api("/api/contacts/tags/jobs", { key: brand.key }));
    expect(list.jobs[0]).toMatchObject({ id: accepted.job.id, status: "done" });

    const removal = await json(await tags({ segmentID, tags: ["campaign"] }, "DELETE"));
    expect(await finished(removal.job.id)).toMatchObject({ status: "done", processed: 1200, changed: 1200 });
    expect(await db.contactTag.count({ where: { brandId: brand.brandId, tag: "campaign" } })).toBe(0);
  });

  it("leaves out a contact created after it was accepted though its id sorts below another process's", async () => {
    // Ids are time-ordered within one process only: another process's (an instance whose clock is ahead, or
    // one of the same second with a larger random part) can sort above an id made later here. The job's bound
    // is then that id, and a contact created after the job still sorts inside it.
    const tagged = `c-${unique()}`;
    const now = new Date();
    const ahead = (Math.floor(now.getTime() / 1000) + 30).toString(16).padStart(8, "0");
    const members = Array.from({ length: 5 }, (_, i) => `${ahead}ffffffffff${i.toString(16).padStart(6, "0")}`);
    await db.contact.createMany({
      data: members.map((id) => ({ id, brandId: brand.brandId, customProperties: {}, createdAt: now, updatedAt: now })),
    });
    // Written here before the job runs (so no race decides the test), with the time it was created: after the job.
    const late = newId(now);
    const after = new Date(now.getTime() + 60_000);
    await db.contact.create({ data: { id: late, brandId: brand.brandId, customProperties: {}, createdAt: after, updatedAt: after } });
    await db.contactTag.createMany({ data: [...members, late].map((contactId) => ({ contactId, brandId: brand.brandId, tag: tagged })) });
    const segmentID = await segmentOf(tagged);
    const accepted = await json(await tags({ segmentID, tags: ["bounded"] }));
    expect(await finished(accepted.job.id)).toMatchObject({ status: "done", processed: 5, changed: 5 });
    expect(await countTagged("bounded", tagged)).toBe(5);
    expect((await read(late)).tags).toEqual([tagged]);
  });

  it("is exact while other writers change the same contacts, and leaves contacts created after it was accepted alone", async () => {
    const tagged = `c-${unique()}`;
    const members = await seedMembers(brand.brandId, 3000, tagged);
    const segmentID = await segmentOf(tagged);
    const accepted = await json(await tags({ segmentID, tags: ["wave"] }));
    // While it runs: a second job on the same members, patches of some members' other fields, direct
    // tagging of some members, and a new member.
    const [second, direct] = await Promise.all([
      tags({ segmentID, tags: ["wave", "second"] }).then(json),
      tags({ contactIDs: members.slice(100, 150), tags: ["wave"] }).then(json),
      ...members.slice(0, 40).map((id, i) =>
        api(`/api/contacts/${id}`, {
          key: brand.key,
          method: "PATCH",
          body: { firstName: `P${i}`, customProperties: { touched: true } },
        }),
      ),
    ]);
    // The direct request answered as published (a CI run on PostgreSQL once got a problem here: the
    // request deadlocked with the jobs and was undone; tests/api/write-conflicts.test.ts).
    expect(direct, JSON.stringify(direct)).toHaveProperty("contactsChanged");
    const late = await contact({ tags: [tagged] });
    const [first, other] = await Promise.all([finished(accepted.job.id), finished(second.job.id)]);
    expect(first).toMatchObject({ status: "done", processed: 3000 });
    expect(other).toMatchObject({ status: "done", processed: 3000 });
    // Each member got each tag exactly once, counted once across the three writers.
    // (the late contact carries the segment's tag too, and neither job tagged it)
    expect(await countTagged("wave", tagged)).toBe(3000);
    expect(await countTagged("second", tagged)).toBe(3000);
    // "wave" was added once to each member, by the first job or by the direct request; "second" by the other job.
    expect(first.changed + direct.contactsChanged).toBe(3000);
    expect(other.changed).toBe(3000);
    // The patches kept their changes and the tags.
    const patched = await read(members[0]);
    expect(patched).toMatchObject({ firstName: "P0", customProperties: { touched: true } });
    expect(patched.tags.sort()).toEqual(["second", tagged, "wave"].sort());
    expect((await read(late.id)).tags).toEqual([tagged]);
  }, 120_000);

  it("a job whose process stopped is picked up again where it was", async () => {
    const tagged = `r-${unique()}`;
    const members = await seedMembers(brand.brandId, 50, tagged);
    const segmentID = await segmentOf(tagged);
    const halfway = members[24];
    const now = new Date();
    // As a process leaves it when it stops mid-way: running, lease lapsed, the first half done.
    const jobId = newId(now);
    await db.contactTag.createMany({
      data: members.slice(0, 25).map((contactId) => ({ contactId, brandId: brand.brandId, tag: "resumed" })),
    });
    await db.contactTagJob.create({
      data: {
        id: jobId,
        brandId: brand.brandId,
        action: "add",
        tags: ["resumed"],
        segmentId: segmentID,
        status: "running",
        total: 50,
        processed: 25,
        changed: 25,
        cursor: halfway,
        lastId: newId(now),
        claimedUntil: new Date(now.getTime() - 1000),
        createdAt: now,
        startedAt: now,
      },
    });
    const job = await finished(jobId);
    expect(job).toMatchObject({ status: "done", processed: 50, changed: 50 });
    expect(await db.contactTag.count({ where: { brandId: brand.brandId, tag: "resumed" } })).toBe(50);
  });

  it("another brand's key cannot read the job", async () => {
    const tagged = `o-${unique()}`;
    await seedMembers(brand.brandId, 3, tagged);
    const accepted = await json(await tags({ segmentID: await segmentOf(tagged), tags: ["x"] }));
    const other = await createTestBrand();
    await expectProblem(await api(`/api/contacts/tags/jobs/${accepted.job.id}`, { key: other.key }), 404, "not-found");
    await finished(accepted.job.id);
  });
});
