// Campaigns over HTTP as published (Omnisend Campaigns API 2026-03-15; machine copy in
// tests/published/omnisend-campaigns.json): every response validated against the published schema of its
// operation and status; create, read, list (filters, sorting, cursors), PATCH, delete, copy, UTM, test
// email; the rules that join fields; the status machine (every forbidden transition answers 409); sms and
// push 422; boosters; scopes and tenancy.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { ALLOWED_FROM, type Operation } from "@/lib/campaigns/status-machine";
import { STATUSES } from "@/lib/campaigns/schemas";
import { api, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";
import { accessTokenFor } from "./oauth-helpers";
import {
  abTestBody,
  createCampaign,
  createSegment,
  createSendingBrand,
  createTemplate,
  expectPublishedProblem,
  published,
  regularBody,
  SENDER,
  unique,
} from "./campaign-helpers";

let brand: TestBrand;
let other: TestBrand;
let templateA: string;
let templateB: string;

beforeAll(async () => {
  [brand, other] = await Promise.all([createSendingBrand(), createSendingBrand()]);
  [templateA, templateB] = await Promise.all([createTemplate(brand), createTemplate(brand, "<p>Variant B</p>")]);
});

async function problem(res: Response, status: number, code: string) {
  const body = await expectProblem(res, status, code);
  expectPublishedProblem(status, body);
  return body;
}

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe("POST /api/campaigns", () => {
  it("creates a regular email draft as published, with the brand's sender when none is named", async () => {
    const created = await createCampaign(brand, regularBody(templateA, { language: "de_DE" }));
    expect(created).toMatchObject({
      brandID: brand.brandId,
      channel: "email",
      type: "regular",
      status: "draft",
      language: "de_DE",
      audience: { includedSegmentIDs: [], excludedSegmentIDs: [] },
      sendingSettings: { strategy: "immediate", isTZOptimizationEnabled: false },
      content: {
        email: {
          contentID: templateA,
          templateID: templateA,
          subject: expect.stringContaining("Spring sale"),
          senderEmail: SENDER,
        },
      },
    });
    expect(created.id).toMatch(/^[0-9a-f]{24}$/);
    // Fields the document does not make nullable are omitted, never null.
    expect(JSON.stringify(created)).not.toContain("null");
    expect(created).not.toHaveProperty("startedAt");
    const read = await api(`/api/campaigns/${created.id}`, { key: brand.key });
    expect(read.status).toBe(200);
    const body = await json(read);
    published.expectResponse("GET", "/campaigns/{id}", 200, body);
    expect(body).toEqual(created);
  });

  it("defaults the language to en_US and validates the audience's segments", async () => {
    const segment = await createSegment(brand, `vip-${unique()}`);
    const created = await createCampaign(brand, regularBody(templateA, { audience: { includedSegmentIDs: [segment, segment] } }));
    expect(created.language).toBe("en_US");
    expect(created.audience).toEqual({ includedSegmentIDs: [segment], excludedSegmentIDs: [] });

    const res = await api("/api/campaigns", {
      key: brand.key,
      body: regularBody(templateA, { audience: { includedSegmentIDs: [segment, MISSING_ID], excludedSegmentIDs: [segment] } }),
    });
    const body = await problem(res, 400, "validation-failed");
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "audience.includedSegmentIDs", pointer: "/audience/includedSegmentIDs/0", code: "overlap" }),
        expect.objectContaining({ pointer: "/audience/includedSegmentIDs/1", code: "not_found" }),
      ]),
    );
  });

  it("creates an A/B test: content per variant, ids for reporting, no top-level content", async () => {
    const created = await createCampaign(brand, abTestBody(templateA, templateB));
    expect(created).not.toHaveProperty("content");
    expect(created.abTest).toMatchObject({
      settings: { testSizePercent: 20, winningMetric: "openRate", decisionTime: { amount: 4, unit: "h" } },
      variants: {
        a: { id: expect.stringMatching(/^[0-9a-f]{24}$/), content: { email: { contentID: templateA, subject: "Subject A" } } },
        b: { id: expect.stringMatching(/^[0-9a-f]{24}$/), content: { email: { contentID: templateB, subject: "Subject B" } } },
      },
    });
    expect(created.abTest).not.toHaveProperty("result");
    // A whole-audience test needs no metric or decision time.
    await createCampaign(
      brand,
      abTestBody(templateA, templateB, { testSizePercent: 100, winningMetric: undefined, decisionTime: undefined }),
    );
  });

  it("reports every broken rule at once (400 ValidationProblem)", async () => {
    const res = await api("/api/campaigns", {
      key: brand.key,
      body: {
        channel: "email",
        type: "regular",
        content: { email: { subject: "x" } },
        sendingSettings: { strategy: "scheduled", optimizeFor: "opens" },
      },
    });
    const body = await problem(res, 400, "validation-failed");
    const fields = body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(["content.email.templateID", "name", "sendingSettings.optimizeFor", "sendingSettings.scheduledAt"]);
    for (const error of body.errors) published.expectSchema("FieldError", error);
  });

  it.each([
    ["channel and type are required", {}, ["channel", "type"]],
    ["unknown type", { channel: "email", type: "newsletter" }, ["type"]],
    ["name at most 250", { ...regularBodyFor(), name: "x".repeat(251) }, ["name"]],
    ["an A/B test needs abTest", { channel: "email", type: "abTest", name: "x" }, ["abTest"]],
    ["an A/B test has no top-level content", { ...abFor(), content: { email: { templateID: MISSING_ID } } }, ["content"]],
    ["testSizePercent 10-100", abFor({ testSizePercent: 5 }), ["abTest.settings.testSizePercent"]],
    ["winningMetric needed below 100%", abFor({ winningMetric: undefined }), ["abTest.settings.winningMetric"]],
    ["decision time at most 168 h", abFor({ decisionTime: { amount: 169, unit: "h" } }), ["abTest.settings.decisionTime.amount"]],
    ["decision time at most 7 d", abFor({ decisionTime: { amount: 8, unit: "d" } }), ["abTest.settings.decisionTime.amount"]],
    [
      "immediate takes no scheduledAt",
      { ...regularBodyFor(), sendingSettings: { strategy: "immediate", scheduledAt: "2030-01-01T00:00:00Z" } },
      ["sendingSettings.scheduledAt"],
    ],
    [
      "scheduled must be in the future",
      { ...regularBodyFor(), sendingSettings: { strategy: "scheduled", scheduledAt: "2020-01-01T00:00:00Z" } },
      ["sendingSettings.scheduledAt"],
    ],
    [
      "scheduled within a year",
      {
        ...regularBodyFor(),
        sendingSettings: { strategy: "scheduled", scheduledAt: new Date(Date.now() + 400 * 86_400_000).toISOString() },
      },
      ["sendingSettings.scheduledAt"],
    ],
    [
      "scheduledAt is RFC 3339",
      { ...regularBodyFor(), sendingSettings: { strategy: "scheduled", scheduledAt: "tomorrow" } },
      ["sendingSettings.scheduledAt"],
    ],
    [
      "personalized needs optimizeFor",
      { ...regularBodyFor(), sendingSettings: { strategy: "personalized", scheduledAt: inAnHour() } },
      ["sendingSettings.optimizeFor"],
    ],
    [
      "optimizeFor only with personalized",
      { ...regularBodyFor(), sendingSettings: { strategy: "immediate", optimizeFor: "clicks" } },
      ["sendingSettings.optimizeFor"],
    ],
    [
      "no TZ optimization with personalized",
      {
        ...regularBodyFor(),
        sendingSettings: { strategy: "personalized", scheduledAt: inAnHour(), optimizeFor: "opens", isTZOptimizationEnabled: true },
      },
      ["sendingSettings.isTZOptimizationEnabled"],
    ],
    [
      "personalized only for regular campaigns",
      { ...abFor(), sendingSettings: { strategy: "personalized", scheduledAt: inAnHour(), optimizeFor: "opens" } },
      ["sendingSettings.strategy"],
    ],
    ["unknown fields", { ...regularBodyFor(), stats: {} }, ["stats"]],
    ["unsupported language", { ...regularBodyFor(), language: "xx_XX" }, ["language"]],
    [
      "sender must be an address",
      { ...regularBodyFor(), content: { email: { templateID: MISSING_ID, senderEmail: "not-an-address" } } },
      ["content.email.senderEmail"],
    ],
  ])("400: %s", async (_name, body, fields) => {
    const res = await api("/api/campaigns", { key: brand.key, body: fill(body) });
    const problemBody = await problem(res, 400, "validation-failed");
    const got = problemBody.errors.map((e: { field: string }) => e.field);
    for (const field of fields) expect(got, JSON.stringify(problemBody.errors)).toContain(field);
  });

  it("a template of another brand is not found", async () => {
    const foreign = await createTemplate(other);
    const res = await api("/api/campaigns", { key: brand.key, body: regularBody(foreign) });
    const body = await problem(res, 400, "validation-failed");
    expect(body.errors[0]).toMatchObject({ field: "content.email.templateID", code: "not_found" });
  });

  it.each(["sms", "push"])("422 for the %s channel", async (channel) => {
    const body =
      channel === "sms"
        ? {
            channel,
            type: "regular",
            name: "SMS",
            content: {
              sms: { message: "Hi!", compliance: { stopKeywordText: "Reply STOP", unsubscribeLinkText: "Unsub [[unsubscribe_link]]" } },
            },
          }
        : { channel, type: "regular", name: "Push" };
    const res = await api("/api/campaigns", { key: brand.key, body });
    await problem(res, 422, "unsupported-channel");
  });

  it("422 for a sender address that is not a verified sender of the brand", async () => {
    const res = await api("/api/campaigns", {
      key: brand.key,
      body: regularBody(templateA, { content: { email: { templateID: templateA, senderEmail: "guessed@elsewhere.example" } } }),
    });
    const body = await problem(res, 422, "sender-unverified");
    expect(body.errors[0]).toMatchObject({ pointer: "/content/email/senderEmail" });
  });
});

// Body factories for the table above (the templates exist only once beforeAll ran).
function regularBodyFor() {
  return { __template: true, channel: "email", type: "regular", name: "Table" };
}
function abFor(settings: Record<string, unknown> = {}) {
  return { __ab: settings };
}
function fill(body: Record<string, unknown>): Record<string, unknown> {
  if ("__ab" in body) {
    const { __ab, ...rest } = body;
    return { ...abTestBody(templateA, templateB, __ab as Record<string, unknown>), ...rest };
  }
  if ("__template" in body) {
    const { __template: _, ...rest } = body;
    return { content: { email: { templateID: templateA } }, ...rest };
  }
  return body;
}

describe("boosters", () => {
  it("follows a draft parent with a delay, one per parent, inheriting its template", async () => {
    const parent = await createCampaign(brand, regularBody(templateA));
    const booster = await createCampaign(brand, {
      channel: "email",
      type: "booster",
      boosterSettings: { campaignID: parent.id, sendTo: "nonOpeners", delay: { amount: 48, unit: "h" } },
      content: { email: { subject: "Did you miss it?" } },
    });
    expect(booster).toMatchObject({
      type: "booster",
      status: "draft",
      name: `${parent.name} (booster)`,
      boosterSettings: { campaignID: parent.id, sendTo: "nonOpeners", delay: { amount: 48, unit: "h" } },
      content: { email: { contentID: templateA, subject: "Did you miss it?" } },
    });
    const again = await api("/api/campaigns", {
      key: brand.key,
      body: {
        channel: "email",
        type: "booster",
        boosterSettings: { campaignID: parent.id, sendTo: "nonClickers", delay: { amount: 1, unit: "d" } },
      },
    });
    await problem(again, 409, "conflict");
    const list = await json(await api(`/api/campaigns?parentCampaignID=${parent.id}`, { key: brand.key }));
    published.expectResponse("GET", "/campaigns", 200, list);
    expect(list.campaigns.map((c: { id: string }) => c.id)).toEqual([booster.id]);
    // The booster of a draft is sent by its parent.
    await problem(await api(`/api/campaigns/${booster.id}/send`, { key: brand.key, method: "POST" }), 409, "conflict");
  });

  it("404 for an unknown parent, 409 for a scheduled one, 400 without the delay a draft parent needs", async () => {
    const body = (campaignID: string, extra: Record<string, unknown> = {}) => ({
      channel: "email",
      type: "booster",
      boosterSettings: { campaignID, sendTo: "nonOpeners", ...extra },
    });
    await problem(
      await api("/api/campaigns", { key: brand.key, body: body(MISSING_ID, { delay: { amount: 1, unit: "h" } }) }),
      404,
      "not-found",
    );
    const draft = await createCampaign(brand, regularBody(templateA));
    const res = await api("/api/campaigns", { key: brand.key, body: body(draft.id) });
    expect((await problem(res, 400, "validation-failed")).errors[0]).toMatchObject({ field: "boosterSettings.delay", code: "required" });
    const tooLong = await api("/api/campaigns", { key: brand.key, body: body(draft.id, { delay: { amount: 11, unit: "d" } }) });
    expect((await problem(tooLong, 400, "validation-failed")).errors[0]).toMatchObject({ field: "boosterSettings.delay.amount" });
    await db.campaign.update({ where: { id: draft.id }, data: { status: "scheduled" } });
    await problem(
      await api("/api/campaigns", { key: brand.key, body: body(draft.id, { delay: { amount: 1, unit: "h" } }) }),
      409,
      "conflict",
    );
  });

  it("a sent parent's booster takes sendingSettings, not a delay", async () => {
    const parent = await createCampaign(brand, regularBody(templateA));
    await db.campaign.update({ where: { id: parent.id }, data: { status: "sent" } });
    const withDelay = await api("/api/campaigns", {
      key: brand.key,
      body: {
        channel: "email",
        type: "booster",
        boosterSettings: { campaignID: parent.id, sendTo: "nonOpeners", delay: { amount: 2, unit: "h" } },
      },
    });
    await problem(withDelay, 400, "validation-failed");
    const booster = await createCampaign(brand, {
      channel: "email",
      type: "booster",
      boosterSettings: { campaignID: parent.id, sendTo: "nonClickers" },
      sendingSettings: { strategy: "scheduled", scheduledAt: inAnHour() },
    });
    expect(booster.sendingSettings).toMatchObject({ strategy: "scheduled" });
    expect(booster.boosterSettings).not.toHaveProperty("delay");
  });
});

describe("GET /api/campaigns", () => {
  let listBrand: TestBrand;
  const names = ["Alpha", "bravo", "Charlie", "delta", "Echo"];
  const ids: string[] = [];

  beforeAll(async () => {
    listBrand = await createSendingBrand();
    const template = await createTemplate(listBrand);
    for (const name of names) ids.push((await createCampaign(listBrand, regularBody(template, { name }))).id);
    ids.push((await createCampaign(listBrand, { ...abTestBody(template, template), name: "Foxtrot test" })).id);
    await db.campaign.update({ where: { id: ids[1] }, data: { status: "sent" } });
    await db.campaign.update({ where: { id: ids[2] }, data: { status: "scheduled" } });
  });

  const list = async (query: string, key = listBrand.key) => {
    const res = await api(`/api/campaigns${query}`, { key });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    published.expectResponse("GET", "/campaigns", 200, body);
    return body;
  };
  const namesOf = (body: { campaigns: { name: string }[] }) => body.campaigns.map((c) => c.name);

  it("newest first by default, filters ORed and combined", async () => {
    expect(namesOf(await list(""))).toEqual(["Foxtrot test", "Echo", "delta", "Charlie", "bravo", "Alpha"]);
    expect(namesOf(await list("?status=sent&status=scheduled"))).toEqual(["Charlie", "bravo"]);
    expect(namesOf(await list("?type=abTest"))).toEqual(["Foxtrot test"]);
    expect(namesOf(await list("?channel=email&nameContains=ALP"))).toEqual(["Alpha"]);
    expect(namesOf(await list("?channel=sms"))).toEqual([]);
    expect(namesOf(await list("?nameContains=%25"))).toEqual([]);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(namesOf(await list(`?createdAtFrom=${encodeURIComponent(future)}`))).toEqual([]);
    expect((await list(`?updatedAtTo=${encodeURIComponent(future)}`)).campaigns).toHaveLength(6);
  });

  it("sorts by name case-insensitively and pages with cursors both ways", async () => {
    const first = await list("?sort=name&direction=asc&limit=2");
    expect(namesOf(first)).toEqual(["Alpha", "bravo"]);
    expect(first.paging).toMatchObject({ limit: 2, hasMore: true });
    const second = await list(`?sort=name&direction=asc&limit=2&after=${first.paging.cursors.after}`);
    expect(namesOf(second)).toEqual(["Charlie", "delta"]);
    const back = await list(`?sort=name&direction=asc&limit=2&before=${second.paging.cursors.before}`);
    expect(namesOf(back)).toEqual(["Alpha", "bravo"]);
    const last = await list(`?sort=name&direction=asc&limit=2&after=${second.paging.cursors.after}`);
    expect(namesOf(last)).toEqual(["Echo", "Foxtrot test"]);
    expect(last.paging.hasMore).toBe(false);
  });

  it.each([
    ["an unknown parameter", "?foo=1"],
    ["direction without sort", "?direction=asc"],
    ["after with before", "?after=x&before=y"],
    ["a limit over 250", "?limit=251"],
    ["an unknown status", "?status=done"],
    ["a cursor of another sort", "?sort=name&after=eyJzIjoiY3JlYXRlZEF0IiwiZCI6ImRlc2MiLCJ2IjpudWxsLCJpZCI6IngifQ"],
  ])("400 for %s", async (_name, query) => {
    await problem(await api(`/api/campaigns${query}`, { key: listBrand.key }), 400, "validation-failed");
  });

  it("lists only the credential's brand", async () => {
    expect((await list("", other.key)).campaigns.every((c: { brandID: string }) => c.brandID === other.brandId)).toBe(true);
  });
});

describe("PATCH /api/campaigns/{id}", () => {
  it("changes only the fields given; replyToEmail '' clears it; sendingSettings replaced whole", async () => {
    const created = await createCampaign(brand, regularBody(templateA));
    await db.campaign.update({
      where: { id: created.id },
      data: { content: { email: { ...created.content.email, templateID: templateA, replyToEmail: created.content.email.senderEmail } } },
    });
    const res = await api(`/api/campaigns/${created.id}`, {
      key: brand.key,
      method: "PATCH",
      body: {
        name: "Renamed",
        content: { email: { subject: "New subject", replyToEmail: "" } },
        sendingSettings: { strategy: "scheduled", scheduledAt: inAnHour(), isTZOptimizationEnabled: true },
      },
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    published.expectResponse("PATCH", "/campaigns/{id}", 200, body);
    expect(body).toMatchObject({
      name: "Renamed",
      content: { email: { subject: "New subject", preheader: "Up to 40% off", contentID: templateA } },
      sendingSettings: { strategy: "scheduled", isTZOptimizationEnabled: true },
    });
    expect(body.content.email).not.toHaveProperty("replyToEmail");
  });

  it("personalized dates are stored as brand-local midnight", async () => {
    await db.brand.update({ where: { id: brand.brandId }, data: { timeZone: "Europe/Vilnius" } });
    try {
      const created = await createCampaign(brand, regularBody(templateA));
      const day = new Date(Date.now() + 3 * 86_400_000);
      const res = await api(`/api/campaigns/${created.id}`, {
        key: brand.key,
        method: "PATCH",
        body: { sendingSettings: { strategy: "personalized", scheduledAt: day.toISOString(), optimizeFor: "clicks" } },
      });
      const body = await json(res);
      expect(res.status, JSON.stringify(body)).toBe(200);
      const stored = new Date(body.sendingSettings.scheduledAt);
      const local = new Intl.DateTimeFormat("en-GB", {
        timeZone: "Europe/Vilnius",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(stored);
      expect(local).toBe("00:00");
      expect(body.sendingSettings).toMatchObject({ strategy: "personalized", optimizeFor: "clicks" });
      expect(body.sendingSettings).not.toHaveProperty("isTZOptimizationEnabled");
    } finally {
      await db.brand.update({ where: { id: brand.brandId }, data: { timeZone: "UTC" } });
    }
  });

  it("refuses a template change, fields of another type, and checks the draft whole", async () => {
    const created = await createCampaign(brand, regularBody(templateA));
    const templateChange = await api(`/api/campaigns/${created.id}`, {
      key: brand.key,
      method: "PATCH",
      body: { content: { email: { templateID: templateB } } },
    });
    await problem(templateChange, 400, "validation-failed");
    const abOnRegular = await api(`/api/campaigns/${created.id}`, {
      key: brand.key,
      method: "PATCH",
      body: { abTest: { settings: { testSizePercent: 50 } } },
    });
    expect((await problem(abOnRegular, 400, "validation-failed")).errors[0]).toMatchObject({ field: "abTest", code: "not_allowed" });
    const strategyOnly = await api(`/api/campaigns/${created.id}`, {
      key: brand.key,
      method: "PATCH",
      body: { sendingSettings: { strategy: "scheduled" } },
    });
    expect((await problem(strategyOnly, 400, "validation-failed")).errors[0]).toMatchObject({
      field: "sendingSettings.scheduledAt",
      code: "required",
    });
    // The extra operation changes a draft's template.
    const changed = await api(`/api/campaigns/${created.id}/template`, { key: brand.key, method: "PUT", body: { templateID: templateB } });
    expect((await json(changed)).content.email.contentID).toBe(templateB);
  });

  it("replaces an A/B test's settings and a variant's fields, keeping its template", async () => {
    const created = await createCampaign(brand, abTestBody(templateA, templateB));
    const res = await api(`/api/campaigns/${created.id}`, {
      key: brand.key,
      method: "PATCH",
      body: { abTest: { settings: { testSizePercent: 100 }, variants: { b: { content: { email: { subject: "Better B" } } } } } },
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.abTest.settings).toEqual({ testSizePercent: 100 });
    expect(body.abTest.variants.b).toEqual({
      id: created.abTest.variants.b.id,
      content: { email: { ...created.abTest.variants.b.content.email, subject: "Better B" } },
    });
    expect(body.abTest.variants.a).toEqual(created.abTest.variants.a);
  });

  it("404 for an unknown campaign or another brand's, 400 for a malformed id", async () => {
    const mine = await createCampaign(brand, regularBody(templateA));
    await problem(await api(`/api/campaigns/${MISSING_ID}`, { key: brand.key, method: "PATCH", body: { name: "x" } }), 404, "not-found");
    await problem(await api(`/api/campaigns/${mine.id}`, { key: other.key, method: "PATCH", body: { name: "x" } }), 404, "not-found");
    await problem(await api(`/api/campaigns/${mine.id}`, { key: other.key }), 404, "not-found");
    await problem(await api(`/api/campaigns/not-an-id`, { key: brand.key }), 400, "invalid-id");
  });
});

describe("the status machine", () => {
  // Each operation, the request it makes; A/B operations on an A/B test.
  const OPERATIONS: Record<
    Operation,
    { ab?: boolean; request: (id: string, ab: { variantA: string }) => [string, Record<string, unknown>] }
  > = {
    update: { request: (id) => [`/api/campaigns/${id}`, { method: "PATCH", body: { name: "x" } }] },
    changeTemplate: { request: (id) => [`/api/campaigns/${id}/template`, { method: "PUT", body: { templateID: templateB } }] },
    updateUtm: { request: (id) => [`/api/campaigns/${id}/utm`, { method: "PUT", body: { tags: { source: "s" } } }] },
    send: { request: (id) => [`/api/campaigns/${id}/send`, { method: "POST" }] },
    cancel: { request: (id) => [`/api/campaigns/${id}/cancel`, { method: "POST" }] },
    pause: { request: (id) => [`/api/campaigns/${id}/pause`, { method: "POST" }] },
    resume: { request: (id) => [`/api/campaigns/${id}/resume`, { method: "POST" }] },
    stopTest: { ab: true, request: (id) => [`/api/campaigns/${id}/ab-test/stop`, { method: "POST" }] },
    resumeTest: { ab: true, request: (id) => [`/api/campaigns/${id}/ab-test/resume`, { method: "POST" }] },
    selectWinner: {
      ab: true,
      request: (id, ab) => [`/api/campaigns/${id}/ab-test/winner`, { method: "POST", body: { variantID: ab.variantA } }],
    },
    delete: { request: (id) => [`/api/campaigns/${id}`, { method: "DELETE" }] },
  };
  const forbidden = (Object.keys(OPERATIONS) as Operation[]).flatMap((operation) =>
    STATUSES.filter((status) => !ALLOWED_FROM[operation].includes(status)).map((status) => [operation, status] as const),
  );

  it.each(forbidden)("%s from %s answers 409 and changes nothing", async (operation, status) => {
    const spec = OPERATIONS[operation];
    const created = await createCampaign(brand, spec.ab ? abTestBody(templateA, templateB) : regularBody(templateA));
    await db.campaign.update({ where: { id: created.id }, data: { status } });
    const [path, init] = spec.request(created.id, { variantA: created.abTest?.variants.a.id });
    const res = await api(path, { key: brand.key, ...init });
    const body = await problem(res, 409, "conflict");
    expect(body.detail).toContain(`The campaign is ${status}`);
    const after = await db.campaign.findUniqueOrThrow({ where: { id: created.id } });
    expect(after.status).toBe(status);
    expect(after.name).toBe(created.name);
  });

  it("A/B operations on a campaign that is not an A/B test answer 422", async () => {
    const created = await createCampaign(brand, regularBody(templateA));
    await db.campaign.update({ where: { id: created.id }, data: { status: "started" } });
    for (const path of ["stop", "resume", "winner"]) {
      const res = await api(`/api/campaigns/${created.id}/ab-test/${path}`, {
        key: brand.key,
        method: "POST",
        body: path === "winner" ? { variantID: MISSING_ID } : undefined,
      });
      await problem(res, 422, "unsupported-campaign-type");
    }
  });

  it("stop, resume and a winner by hand move an A/B test as published", async () => {
    const created = await createCampaign(brand, abTestBody(templateA, templateB));
    await db.campaign.update({
      where: { id: created.id },
      data: { status: "started", runStep: "decide", nextRunAt: new Date(Date.now() + 3_600_000) },
    });
    const post = (path: string, body?: unknown) =>
      api(`/api/campaigns/${created.id}/ab-test/${path}`, { key: brand.key, method: "POST", body });
    expect((await post("stop")).status).toBe(204);
    expect((await json(await api(`/api/campaigns/${created.id}`, { key: brand.key }))).status).toBe("stopped");
    expect((await post("resume")).status).toBe(204);
    await problem(await post("winner", { variantID: MISSING_ID }), 400, "validation-failed");
    expect((await post("winner", { variantID: created.abTest.variants.b.id })).status).toBe(204);
    const after = await json(await api(`/api/campaigns/${created.id}`, { key: brand.key }));
    published.expectResponse("GET", "/campaigns/{id}", 200, after);
    expect(after.abTest.result).toMatchObject({
      winnerVariantID: created.abTest.variants.b.id,
      isManuallySelected: true,
      selectedAt: expect.any(String),
    });
    // One winner only.
    await problem(await post("winner", { variantID: created.abTest.variants.a.id }), 409, "conflict");
  });

  it("cancel from scheduled; a draft booster of a canceled parent expires", async () => {
    const created = await createCampaign(brand, regularBody(templateA));
    const booster = await createCampaign(brand, {
      channel: "email",
      type: "booster",
      boosterSettings: { campaignID: created.id, sendTo: "nonOpeners", delay: { amount: 1, unit: "d" } },
    });
    await db.campaign.update({ where: { id: created.id }, data: { status: "scheduled" } });
    expect((await api(`/api/campaigns/${created.id}/cancel`, { key: brand.key, method: "POST" })).status).toBe(204);
    const after = await json(await api(`/api/campaigns/${created.id}`, { key: brand.key }));
    expect(after).toMatchObject({ status: "canceled", endedAt: expect.any(String) });
    expect((await json(await api(`/api/campaigns/${booster.id}`, { key: brand.key }))).status).toBe("expired");
  });

  it("a send with what cannot go answers 409 with every reason", async () => {
    const created = await createCampaign(brand, {
      channel: "email",
      type: "regular",
      name: "No subject",
      content: { email: { templateID: templateA } },
    });
    const res = await api(`/api/campaigns/${created.id}/send`, { key: brand.key, method: "POST" });
    const body = await problem(res, 409, "conflict");
    expect(body.errors).toEqual([expect.objectContaining({ field: "content.email.subject", code: "required" })]);
    expect((await json(await api(`/api/campaigns/${created.id}`, { key: brand.key }))).status).toBe("draft");
  });

  it("a scheduled send waits for its time: status scheduled, cancel brings it to canceled", async () => {
    const created = await createCampaign(
      brand,
      regularBody(templateA, { sendingSettings: { strategy: "scheduled", scheduledAt: inAnHour() } }),
    );
    expect((await api(`/api/campaigns/${created.id}/send`, { key: brand.key, method: "POST" })).status).toBe(204);
    const scheduled = await json(await api(`/api/campaigns/${created.id}`, { key: brand.key }));
    expect(scheduled.status).toBe("scheduled");
    published.expectResponse("GET", "/campaigns/{id}", 200, scheduled);
    expect((await api(`/api/campaigns/${created.id}/cancel`, { key: brand.key, method: "POST" })).status).toBe(204);
    expect((await json(await api(`/api/campaigns/${created.id}`, { key: brand.key }))).status).toBe("canceled");
  });
});

describe("DELETE, copy, UTM, test email", () => {
  it("delete answers 204, also for no such campaign, and takes a draft booster along", async () => {
    const created = await createCampaign(brand, regularBody(templateA));
    const booster = await createCampaign(brand, {
      channel: "email",
      type: "booster",
      boosterSettings: { campaignID: created.id, sendTo: "nonOpeners", delay: { amount: 1, unit: "h" } },
    });
    expect((await api(`/api/campaigns/${created.id}`, { key: brand.key, method: "DELETE" })).status).toBe(204);
    await problem(await api(`/api/campaigns/${created.id}`, { key: brand.key }), 404, "not-found");
    await problem(await api(`/api/campaigns/${booster.id}`, { key: brand.key }), 404, "not-found");
    expect((await api(`/api/campaigns/${MISSING_ID}`, { key: brand.key, method: "DELETE" })).status).toBe(204);
  });

  it("copy makes a draft named 'Copy of: ...' with new variant ids; a booster is not copied (422)", async () => {
    const original = await createCampaign(brand, abTestBody(templateA, templateB));
    await db.campaign.update({ where: { id: original.id }, data: { status: "sent" } });
    const res = await api(`/api/campaigns/${original.id}/copy`, { key: brand.key, method: "POST" });
    const copy = await json(res);
    expect(res.status, JSON.stringify(copy)).toBe(201);
    published.expectResponse("POST", "/campaigns/{id}/copy", 201, copy);
    expect(copy).toMatchObject({ name: `Copy of: ${original.name}`, status: "draft", type: "abTest" });
    expect(copy.id).not.toBe(original.id);
    expect(copy.abTest.variants.a.id).not.toBe(original.abTest.variants.a.id);
    expect(copy.abTest.variants.a.content).toEqual(original.abTest.variants.a.content);

    const parent = await createCampaign(brand, regularBody(templateA));
    const booster = await createCampaign(brand, {
      channel: "email",
      type: "booster",
      boosterSettings: { campaignID: parent.id, sendTo: "nonOpeners", delay: { amount: 1, unit: "h" } },
    });
    await problem(await api(`/api/campaigns/${booster.id}/copy`, { key: brand.key, method: "POST" }), 422, "unsupported-campaign-type");
    await problem(await api(`/api/campaigns/${MISSING_ID}/copy`, { key: brand.key, method: "POST" }), 404, "not-found");
  });

  it("UTM tags: defaults filled in, replaced on a draft, exactly one of tags or variants", async () => {
    const created = await createCampaign(brand, regularBody(templateA, { name: "Summer" }));
    const path = `/api/campaigns/${created.id}/utm`;
    const read = await json(await api(path, { key: brand.key }));
    published.expectResponse("GET", "/campaigns/{id}/utm", 200, read);
    expect(read).toEqual({ tags: { source: "inkwell", medium: "email", campaign: "Summer" } });
    const put = await api(path, {
      key: brand.key,
      method: "PUT",
      body: { tags: { source: "newsletter", medium: "", campaign: "summer-26" } },
    });
    const body = await json(put);
    expect(put.status, JSON.stringify(body)).toBe(200);
    published.expectResponse("PUT", "/campaigns/{id}/utm", 200, body);
    expect(body).toEqual({ tags: { source: "newsletter", medium: "email", campaign: "summer-26" } });
    await problem(await api(path, { key: brand.key, method: "PUT", body: { tags: {}, variants: {} } }), 400, "validation-failed");
    await problem(await api(path, { key: brand.key, method: "PUT", body: { variants: { a: { source: "x" } } } }), 400, "validation-failed");

    const ab = await createCampaign(brand, abTestBody(templateA, templateB));
    const abPath = `/api/campaigns/${ab.id}/utm`;
    const abRead = await json(await api(abPath, { key: brand.key }));
    published.expectResponse("GET", "/campaigns/{id}/utm", 200, abRead);
    expect(abRead.variants.a).toEqual({ id: ab.abTest.variants.a.id, tags: { source: "inkwell", medium: "email", campaign: ab.name } });
    const abPut = await json(await api(abPath, { key: brand.key, method: "PUT", body: { variants: { b: { campaign: "b-side" } } } }));
    expect(abPut.variants.b.tags.campaign).toBe("b-side");
    expect(abPut.variants.a.tags.campaign).toBe(ab.name);
  });

  it("test email: the saved email to 1-5 addresses (into the outbox), each variant of an A/B test", async () => {
    const created = await createCampaign(brand, regularBody(templateA, { name: `Test send ${unique()}` }));
    const res = await api(`/api/campaigns/${created.id}/test-email`, { key: brand.key, body: { recipients: ["me@outbox.test"] } });
    expect(res.status, await res.clone().text()).toBe(204);
    const outbox = await json(await api(`/api/messages?sourceKind=campaign-test&limit=5`, { key: brand.key }));
    // "[Test] " once: the outbox, the message as sent and the store of test emails agree.
    expect(outbox.messages[0]).toMatchObject({
      subject: "[Test] Spring sale, [[contact.first_name | friend]]",
      email: "me@outbox.test",
      status: "sent",
    });
    const stored = await json(await api("/api/test-emails?limit=1", { key: brand.key }));
    expect(stored.testEmails[0]).toMatchObject({ to: ["me@outbox.test"], status: "sent" });
    expect(stored.testEmails[0].subject).toMatch(/^\[Test\] Spring sale, \w+$/);
    expect(stored.testEmails[0].id).toBe(outbox.messages[0].source.id);
    await problem(
      await api(`/api/campaigns/${created.id}/test-email`, { key: brand.key, body: { recipients: [] } }),
      400,
      "validation-failed",
    );
    const six = Array.from({ length: 6 }, (_, i) => `m${i}@outbox.test`);
    await problem(
      await api(`/api/campaigns/${created.id}/test-email`, { key: brand.key, body: { recipients: six } }),
      400,
      "validation-failed",
    );
    await problem(
      await api(`/api/campaigns/${MISSING_ID}/test-email`, { key: brand.key, body: { recipients: ["me@outbox.test"] } }),
      404,
      "not-found",
    );
  });
});

describe("campaign test emails: the rules of every test email", () => {
  it("sends nothing when a recipient is suppressed (409, naming the address)", async () => {
    const created = await createCampaign(brand, regularBody(templateA, { name: `Suppressed test ${unique()}` }));
    const gone = `gone-${unique()}@outbox.test`;
    const suppressed = await api("/api/suppressions", { key: brand.key, body: { email: gone } });
    expect(suppressed.status, await suppressed.clone().text()).toBe(201);
    const before = (await json(await api("/api/messages?sourceKind=campaign-test&limit=100", { key: brand.key }))).messages.length;
    const body = await problem(
      await api(`/api/campaigns/${created.id}/test-email`, {
        key: brand.key,
        body: { recipients: ["fine@outbox.test", gone.toUpperCase()] },
      }),
      409,
      "conflict",
    );
    published.expectResponse("POST", "/campaigns/{id}/test-email", 409, body);
    expect(body.detail).toContain(gone.toUpperCase());
    expect(body.detail).not.toContain("fine@outbox.test");
    expect((await json(await api("/api/messages?sourceKind=campaign-test&limit=100", { key: brand.key }))).messages).toHaveLength(before);
  });
});

describe("scopes", () => {
  it("campaigns.read reads, campaigns.write writes", async () => {
    const created = await createCampaign(brand, regularBody(templateA));
    const reader = await accessTokenFor(brand.brandId, ["campaigns.read"]);
    expect((await api(`/api/campaigns/${created.id}`, { bearer: reader })).status).toBe(200);
    expect((await api("/api/campaigns", { bearer: reader })).status).toBe(200);
    await problem(await api("/api/campaigns", { bearer: reader, body: regularBody(templateA) }), 403, "insufficient-scope");
    await problem(await api(`/api/campaigns/${created.id}/send`, { bearer: reader, method: "POST" }), 403, "insufficient-scope");
    const writer = await accessTokenFor(brand.brandId, ["campaigns.write"]);
    expect((await api(`/api/campaigns/${created.id}`, { bearer: writer })).status).toBe(200);
    const contacts = await accessTokenFor(brand.brandId, ["contacts.read"]);
    await problem(await api("/api/campaigns", { bearer: contacts }), 403, "insufficient-scope");
  });
});
