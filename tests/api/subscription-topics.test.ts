// Subscription topics (docs/topics.md): CRUD with our conventions, tenant isolation, bad input, the refusal
// to delete a topic a campaign sends for, a contact's per-topic subscriptions (GET/PUT
// /api/contacts/{id}/subscription-topics) and the helpers lib/forms calls (subscribeContactToTopics,
// findBrandTopics).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { writeTransaction } from "@/lib/db/sql";
import { findBrandTopics, subscribeContactToTopics, writeTopicStatuses } from "@/lib/topics/subscribe";
import { accessTokenFor } from "./oauth-helpers";
import { api, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";

let brand: TestBrand;
let other: TestBrand;
beforeAll(async () => {
  [brand, other] = await Promise.all([createTestBrand(), createTestBrand()]);
});

async function createTopic(b: TestBrand, body: Record<string, unknown>) {
  const res = await api("/api/subscription-topics", { key: b.key, body });
  const out = await json(res);
  expect(res.status, JSON.stringify(out)).toBe(201);
  return out;
}

async function createContact(b: TestBrand, email = `c-${Math.random().toString(36).slice(2)}@example.com`) {
  const res = await api("/api/contacts", {
    key: b.key,
    body: { identifiers: [{ type: "email", id: email, channels: { email: { status: "subscribed" } } }] },
  });
  expect(res.status).toBe(201);
  return (await json(res)).id as string;
}

describe("topics CRUD", () => {
  it("creates, reads, lists, changes and deletes a topic", async () => {
    const topic = await createTopic(brand, { name: "Weekly newsletter", description: "Our best reads, on Fridays" });
    expect(Object.keys(topic).sort()).toEqual(["createdAt", "description", "id", "kind", "name", "updatedAt"]);
    expect(topic).toMatchObject({ name: "Weekly newsletter", description: "Our best reads, on Fridays", kind: "marketing" });
    expect(topic.id).toMatch(/^[0-9a-f]{24}$/);
    const res = await api(`/api/subscription-topics/${topic.id}`, { key: brand.key });
    expect(res.headers.get("service-version")).toBe("2026-03-15");
    expect(await json(res)).toEqual(topic);

    const patched = await json(
      await api(`/api/subscription-topics/${topic.id}`, { key: brand.key, method: "PATCH", body: { kind: "required", description: "" } }),
    );
    expect(patched).toMatchObject({ name: "Weekly newsletter", description: "", kind: "required" });

    const list = await json(await api("/api/subscription-topics?nameContains=WEEKLY", { key: brand.key }));
    expect(list.subscriptionTopics.map((t: any) => t.id)).toEqual([topic.id]);
    expect(list.paging).toMatchObject({ limit: 50, hasMore: false });

    expect((await api(`/api/subscription-topics/${topic.id}`, { key: brand.key, method: "DELETE" })).status).toBe(204);
    await expectProblem(await api(`/api/subscription-topics/${topic.id}`, { key: brand.key }), 404, "not-found");
  });

  it("pages with cursors, newest first", async () => {
    const b = await createTestBrand();
    const made = [];
    for (const name of ["A", "B", "C"]) made.push(await createTopic(b, { name }));
    const first = await json(await api("/api/subscription-topics?limit=2", { key: b.key }));
    expect(first.subscriptionTopics.map((t: any) => t.name)).toEqual(["C", "B"]);
    expect(first.paging.hasMore).toBe(true);
    const next = await json(await api(`/api/subscription-topics?limit=2&after=${first.paging.cursors.after}`, { key: b.key }));
    expect(next.subscriptionTopics.map((t: any) => t.name)).toEqual(["A"]);
    expect(next.paging.hasMore).toBe(false);
    await expectProblem(await api("/api/subscription-topics?after=x&before=y", { key: b.key }), 400, "validation-failed");
  });

  it("refuses bad input with problems listing every field", async () => {
    const bad = await expectProblem(
      await api("/api/subscription-topics", { key: brand.key, body: { name: "", kind: "spam", extra: 1 } }),
      400,
      "validation-failed",
    );
    expect(bad.errors.map((e: any) => e.pointer).sort()).toEqual(["/extra", "/kind", "/name"]);
    await expectProblem(
      await api("/api/subscription-topics", { key: brand.key, body: { name: "x".repeat(101) } }),
      400,
      "validation-failed",
    );
    await expectProblem(await api("/api/subscription-topics", { key: brand.key, body: "{" }), 400, "invalid-json");
    await expectProblem(await api("/api/subscription-topics/nope", { key: brand.key }), 400, "invalid-id");
    await expectProblem(await api("/api/subscription-topics", { key: brand.key, version: null }), 400, "version-required");
    await expectProblem(await api("/api/subscription-topics", { key: null }), 401, "unauthorized");
  });

  it("keeps names unique in a brand, case-insensitively (409), but not across brands", async () => {
    const b = await createTestBrand();
    const first = await createTopic(b, { name: "Offers" });
    const dup = await expectProblem(await api("/api/subscription-topics", { key: b.key, body: { name: "OFFERS" } }), 409, "conflict");
    expect(dup.detail).toContain("OFFERS");
    const second = await createTopic(b, { name: "Other" });
    await expectProblem(
      await api(`/api/subscription-topics/${second.id}`, { key: b.key, method: "PATCH", body: { name: "offers" } }),
      409,
      "conflict",
    );
    await createTopic(other, { name: "Offers" });
    expect(first.name).toBe("Offers");
  });

  it("isolates brands: another brand's topic is a 404 everywhere", async () => {
    const mine = await createTopic(brand, { name: "Mine only" });
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const res = await api(`/api/subscription-topics/${mine.id}`, {
        key: other.key,
        method,
        ...(method === "PATCH" ? { body: { name: "Stolen" } } : {}),
      });
      await expectProblem(res, 404, "not-found");
    }
    const list = await json(await api("/api/subscription-topics?limit=100", { key: other.key }));
    expect(list.subscriptionTopics.map((t: any) => t.id)).not.toContain(mine.id);
    await expectProblem(await api(`/api/subscription-topics/${MISSING_ID}`, { key: brand.key }), 404, "not-found");
    expect((await getTopicName(mine.id)) ?? "").toBe("Mine only");
  });

  it("asks OAuth tokens for forms.read / forms.write", async () => {
    const reader = await accessTokenFor(brand.brandId, ["forms.read"]);
    expect((await api("/api/subscription-topics", { bearer: reader })).status).toBe(200);
    await expectProblem(await api("/api/subscription-topics", { bearer: reader, body: { name: "Nope" } }), 403, "insufficient-scope");
    const contacts = await accessTokenFor(brand.brandId, ["contacts.read"]);
    await expectProblem(await api("/api/subscription-topics", { bearer: contacts }), 403, "insufficient-scope");
  });

  it("refuses to delete a topic a campaign sends for, naming it (409)", async () => {
    const topic = await createTopic(brand, { name: "Launches" });
    const campaign = await db.campaign.create({
      data: {
        id: newId(),
        createdAt: new Date(),
        updatedAt: new Date(),
        brandId: brand.brandId,
        name: "Spring launch",
        nameLower: "spring launch",
        channel: "email",
        type: "regular",
        status: "draft",
        language: "en_US",
        audience: { includedSegmentIDs: [], excludedSegmentIDs: [], topicID: topic.id },
        strategy: "immediate",
      },
    });
    const problem = await expectProblem(
      await api(`/api/subscription-topics/${topic.id}`, { key: brand.key, method: "DELETE" }),
      409,
      "conflict",
    );
    expect(problem.detail).toContain("Spring launch");
    expect(problem.campaigns).toEqual([{ id: campaign.id, name: "Spring launch" }]);
    await db.campaign.update({ where: { id: campaign.id }, data: { status: "sent" } });
    expect((await api(`/api/subscription-topics/${topic.id}`, { key: brand.key, method: "DELETE" })).status).toBe(204);
  });
});

async function getTopicName(id: string) {
  return (await db.subscriptionTopic.findUnique({ where: { id }, select: { name: true } }))?.name;
}

describe("a contact's topics", () => {
  it("lists every topic with the contact's status, and sets some with time and source", async () => {
    const b = await createTestBrand();
    const news = await createTopic(b, { name: "News" });
    const legal = await createTopic(b, { name: "Legal notices", kind: "transactional" });
    const contactID = await createContact(b);
    const before = await json(await api(`/api/contacts/${contactID}/subscription-topics`, { key: b.key }));
    expect(before).toEqual({
      contactID,
      topics: [
        { topicID: news.id, name: "News", kind: "marketing", status: "nonSubscribed", statusChangedAt: null, source: null },
        { topicID: legal.id, name: "Legal notices", kind: "transactional", status: "nonSubscribed", statusChangedAt: null, source: null },
      ],
    });
    const put = await api(`/api/contacts/${contactID}/subscription-topics`, {
      key: b.key,
      method: "PUT",
      body: { topics: [{ topicID: news.id, status: "subscribed" }] },
    });
    const after = await json(put);
    expect(put.status, JSON.stringify(after)).toBe(200);
    expect(after.topics[0]).toMatchObject({ topicID: news.id, status: "subscribed", source: "api:api-key" });
    expect(Date.parse(after.topics[0].statusChangedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(after.topics[1].status).toBe("nonSubscribed");

    const off = await json(
      await api(`/api/contacts/${contactID}/subscription-topics`, {
        key: b.key,
        method: "PUT",
        body: { topics: [{ topicID: news.id, status: "unsubscribed" }] },
      }),
    );
    expect(off.topics[0].status).toBe("unsubscribed");

    // The published contact shape is left as it was: no topics member appears on the contact.
    const contact = await json(await api(`/api/contacts/${contactID}`, { key: b.key }));
    expect(contact).not.toHaveProperty("topics");
  });

  it("refuses unknown, foreign, duplicate and required-topic changes, each with a pointer", async () => {
    const b = await createTestBrand();
    const news = await createTopic(b, { name: "News" });
    const legal = await createTopic(b, { name: "Legal", kind: "required" });
    const foreign = await createTopic(other, { name: "Theirs" });
    const contactID = await createContact(b);
    const put = (body: unknown) => api(`/api/contacts/${contactID}/subscription-topics`, { key: b.key, method: "PUT", body });
    const unknown = await expectProblem(
      await put({
        topics: [
          { topicID: news.id, status: "subscribed" },
          { topicID: foreign.id, status: "subscribed" },
        ],
      }),
      400,
      "validation-failed",
    );
    expect(unknown.errors).toEqual([expect.objectContaining({ pointer: "/topics/1/topicID", code: "unknown_topic" })]);
    const dup = await expectProblem(
      await put({
        topics: [
          { topicID: news.id, status: "subscribed" },
          { topicID: news.id, status: "unsubscribed" },
        ],
      }),
      400,
      "validation-failed",
    );
    expect(dup.errors[0]).toMatchObject({ pointer: "/topics/1/topicID", code: "duplicate" });
    const required = await expectProblem(await put({ topics: [{ topicID: legal.id, status: "unsubscribed" }] }), 400, "validation-failed");
    expect(required.errors[0]).toMatchObject({ pointer: "/topics/0/status", code: "required_topic" });
    await expectProblem(await put({ topics: [{ topicID: "x", status: "maybe" }] }), 400, "validation-failed");
    await expectProblem(await put({ topics: [] }), 400, "validation-failed");
    // Nothing of a refused request was written.
    const now = await json(await api(`/api/contacts/${contactID}/subscription-topics`, { key: b.key }));
    expect(now.topics.map((t: any) => t.status)).toEqual(["nonSubscribed", "nonSubscribed"]);
  });

  it("isolates brands: another brand's contact is a 404", async () => {
    const contactID = await createContact(brand);
    await expectProblem(await api(`/api/contacts/${contactID}/subscription-topics`, { key: other.key }), 404, "not-found");
    await expectProblem(
      await api(`/api/contacts/${contactID}/subscription-topics`, {
        key: other.key,
        method: "PUT",
        body: { topics: [{ topicID: MISSING_ID, status: "subscribed" }] },
      }),
      404,
      "not-found",
    );
  });

  it("lib/forms' helpers: subscribeContactToTopics subscribes once; findBrandTopics refuses another brand's ids", async () => {
    const b = await createTestBrand();
    const news = await createTopic(b, { name: "News" });
    const foreign = await createTopic(other, { name: "Foreign" });
    const contactID = await createContact(b);
    expect((await findBrandTopics(db, b.brandId, [news.id])).map((t) => t.name)).toEqual(["News"]);
    await expect(findBrandTopics(db, b.brandId, [news.id, foreign.id])).rejects.toMatchObject({ code: "validation-failed" });
    await subscribeContactToTopics(db, { brandID: b.brandId, contactID, topicIDs: [news.id], source: "form:abc" });
    const first = await db.contactTopicSubscription.findUniqueOrThrow({
      where: { contactId_topicId: { contactId: contactID, topicId: news.id } },
    });
    expect(first).toMatchObject({ status: "subscribed", source: "form:abc", brandId: b.brandId });
    // A second confirmation changes nothing (time and source stay).
    await subscribeContactToTopics(db, { brandID: b.brandId, contactID, topicIDs: [news.id], source: "form:other" });
    const second = await db.contactTopicSubscription.findUniqueOrThrow({
      where: { contactId_topicId: { contactId: contactID, topicId: news.id } },
    });
    expect(second).toEqual(first);
    await expect(
      subscribeContactToTopics(db, { brandID: b.brandId, contactID, topicIDs: [foreign.id], source: "form:abc" }),
    ).rejects.toMatchObject({ code: "validation-failed" });
  });
});

describe("topic statuses are written all or none", () => {
  it("a PUT with an unknown topic id among valid ones writes none of them", async () => {
    const b = await createTestBrand();
    const [news, offers] = [await createTopic(b, { name: "News" }), await createTopic(b, { name: "Offers" })];
    const contactID = await createContact(b);
    const res = await api(`/api/contacts/${contactID}/subscription-topics`, {
      key: b.key,
      method: "PUT",
      body: {
        topics: [
          { topicID: news.id, status: "subscribed" },
          { topicID: MISSING_ID, status: "subscribed" },
          { topicID: offers.id, status: "subscribed" },
        ],
      },
    });
    await expectProblem(res, 400, "validation-failed");
    expect(await db.contactTopicSubscription.count({ where: { contactId: contactID } })).toBe(0);
  });

  it("a topic deleted after the check fails the whole write: the topics before it are not written either", async () => {
    const b = await createTestBrand();
    const [news, offers] = [await createTopic(b, { name: "News" }), await createTopic(b, { name: "Offers" })];
    const contactID = await createContact(b);
    // Checked (as the callers do), then deleted before the write: its row breaks the foreign key.
    await findBrandTopics(db, b.brandId, [news.id, offers.id]);
    expect((await api(`/api/subscription-topics/${offers.id}`, { key: b.key, method: "DELETE" })).status).toBe(204);
    const changes = [news.id, offers.id].map((topicID) => ({ topicID, status: "subscribed" as const }));
    await expect(
      writeTransaction((tx) => writeTopicStatuses(tx, { brandID: b.brandId, contactID, changes, source: "api:test" })),
    ).rejects.toThrow();
    expect(await db.contactTopicSubscription.count({ where: { contactId: contactID } })).toBe(0);
    // The same write without the deleted topic goes through, once.
    const write = () =>
      writeTransaction((tx) => writeTopicStatuses(tx, { brandID: b.brandId, contactID, changes: changes.slice(0, 1), source: "api:test" }));
    expect(await write()).toBe(1);
    expect(await write()).toBe(0);
  });
});

describe("segments on topics", () => {
  it("filter contacts by the topics they are subscribed to (anyOf, noneOf, allOf; a topic left does not count)", async () => {
    const b = await createTestBrand();
    const news = await createTopic(b, { name: "News" });
    const offers = await createTopic(b, { name: "Offers" });
    const [ana, ben, cara] = [await createContact(b), await createContact(b), await createContact(b)];
    const set = (id: string, topics: unknown[]) =>
      api(`/api/contacts/${id}/subscription-topics`, { key: b.key, method: "PUT", body: { topics } });
    expect(
      (
        await set(ana, [
          { topicID: news.id, status: "subscribed" },
          { topicID: offers.id, status: "subscribed" },
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await set(ben, [
          { topicID: news.id, status: "unsubscribed" },
          { topicID: offers.id, status: "subscribed" },
        ])
      ).status,
    ).toBe(200);
    const count = async (operator: string, value?: string[]) => {
      const filter = { property: "subscriptionTopics", operator, ...(value ? { value } : {}) };
      const res = await api("/api/segments/preview", {
        key: b.key,
        body: { conditionGroups: [{ conditions: [{ entity: "contact", filters: [filter] }] }] },
      });
      const body = await json(res);
      expect(res.status, JSON.stringify(body)).toBe(200);
      return body.contactsCount;
    };
    expect(await count("anyOf", [news.id])).toBe(1);
    expect(await count("noneOf", [news.id])).toBe(2);
    expect(await count("allOf", [news.id, offers.id])).toBe(1);
    expect(await count("anyOf", [offers.id])).toBe(2);
    expect(await count("exists")).toBe(2);
    expect(cara).toMatch(/^[0-9a-f]{24}$/);
  });
});
