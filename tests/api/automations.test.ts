// The automations API as published (api-evangelist/omnisend, Automations API 2026-03-15, "2026-preview";
// machine copy in tests/published/automations-2026-03-15.json): every answer validates against the
// published response schema of its operation and status (ajv), and the published rules hold: an enabled
// workflow answers 409 to edits, a delay may not end a sequence, filter values are typed like their
// property, audience fields take their own operators, PUT blocks creates, updates and deletes, PATCH
// changes what it names, enrollExisting's conditions, copy, UTM defaults, idempotent enable, disable and delete.
import { beforeAll, describe, expect, it } from "vitest";
import { AUTOMATION_STARTERS } from "@/components/automations/starters";
import { writable } from "@/components/templates/templates-api";
import { loadPublished, publishedValidator } from "../published/published";
import { api, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";
import { accessTokenFor } from "./oauth-helpers";

const published = publishedValidator(loadPublished("automations-2026-03-15.json"));

let shop: TestBrand;
let other: TestBrand;
let templateId: string;
let segmentId: string;

async function send(path: string, init: { method?: string; body?: unknown; brand?: TestBrand } = {}) {
  const res = await api(path, { key: (init.brand ?? shop).key, method: init.method, body: init.body });
  return { res, body: res.status === 204 ? null : await json(res) };
}

/** Calls, asserts the status, and validates the body against the published response of the operation. */
async function call(method: string, path: string, route: string, status: number, body?: unknown) {
  const { res, body: answer } = await send(path, { method, body });
  expect(res.status, JSON.stringify(answer)).toBe(status);
  published.expectResponse(method, route, status, answer);
  return answer as any;
}

const delay = (id: string, amount = 1, units = "d") => ({
  temporaryID: id,
  type: "delay",
  delay: { mode: "duration", duration: { amount, units } },
});
const tag = (id: string, value = id) => ({ temporaryID: id, type: "action", action: { type: "addTag", addTag: { value } } });
const email = (id: string, extra: Record<string, unknown> = {}) => ({
  temporaryID: id,
  type: "action",
  action: {
    type: "sendEmail",
    sendEmail: {
      templateID: templateId,
      language: "en_US",
      subject: "Your cart, [[contact.first_name | friend]]",
      preheader: "",
      senderName: "Shop",
      ...extra,
    },
  },
});
const cartTrigger = { condition: { event: "added product to cart", origin: "api" } };
const workflow = (extra: Record<string, unknown> = {}) => ({
  name: "Cart recovery",
  trigger: cartTrigger,
  blocks: [delay("wait"), tag("done")],
  ...extra,
});

async function create(body: unknown) {
  return call("POST", "/api/automations", "/automations", 201, body);
}

/** Expects a 400 holding at least these (pointer, code) errors. */
async function refused(
  path: string,
  method: string,
  body: unknown,
  expected: { pointer: string; code: string }[],
  type = "validation-failed",
) {
  const problem = await expectProblem(await api(path, { key: shop.key, method, body }), 400, type);
  const got = problem.errors.map((e: any) => ({ pointer: e.pointer, code: e.code }));
  expect(got, JSON.stringify(problem.errors)).toEqual(expect.arrayContaining(expected));
  for (const e of problem.errors)
    expect(e.field).toBe(
      e.pointer
        .split("/")
        .filter((p: string) => p && !/^\d+$/.test(p))
        .join("."),
    );
  return problem;
}

beforeAll(async () => {
  shop = await createTestBrand();
  other = await createTestBrand();
  const template = await json(await api("/api/email-templates", { key: shop.key, body: { name: "Cart email", sections: [] } }));
  templateId = template.id;
  const created = await api("/api/segments", {
    key: shop.key,
    body: {
      name: "VIPs",
      conditionGroups: [{ conditions: [{ entity: "contact", filters: [{ property: "tags", operator: "anyOf", value: ["vip"] }] }] }],
    },
  });
  const segment = await json(created);
  expect(created.status, JSON.stringify(segment)).toBe(201);
  segmentId = segment.segmentID;
});

describe("create, read, list", () => {
  it("creates a disabled workflow of every block type and reads it back as published", async () => {
    const body = {
      name: "Everything",
      trigger: {
        condition: {
          event: "added product to cart",
          origin: "api",
          filterGroups: [{ logicalOperator: "and", filters: [{ field: "value", operator: "gte", value: 50 }] }],
        },
        audienceFilterGroup: {
          logicalOperator: "and",
          filters: [
            { field: "tag", operator: "neq", value: "blocked" },
            { field: "country", operator: "eq", value: "US" },
          ],
        },
        inactivitySettings: { duration: { amount: 30, units: "m" } },
      },
      blocks: [
        email("first"),
        { temporaryID: "wait", type: "delay", delay: { mode: "specificTime", time: "09:30", allowedWeekdays: ["monday", "tuesday"] } },
        {
          temporaryID: "opened?",
          type: "split",
          split: {
            filterGroup: {
              logicalOperator: "or",
              filters: [
                { type: "message", field: "blockID", operator: "openedEmail", value: "first" },
                {
                  type: "message",
                  field: "blockID",
                  operator: "clickedEmail",
                  value: "first",
                  urlMatch: { operator: "contains", value: "/sale" },
                },
                { type: "event", field: "currency", operator: "eq", value: "EUR" },
                { type: "contact", field: "segmentID", operator: "eq", value: segmentId },
              ],
            },
            trueBlocks: [tag("engaged")],
            falseBlocks: [delay("again", 2, "h"), email("second", { isSkipAllowed: false, replyToEmail: "help@shop.example" })],
          },
        },
        { temporaryID: "ab", type: "abTesting", abTesting: { aBlocksPercentage: 30, aBlocks: [tag("a")], bBlocks: [] } },
        {
          temporaryID: "hook",
          type: "action",
          action: {
            type: "sendWebhook",
            sendWebhook: {
              callbackUrl: "https://hooks.example.com/cart",
              body: '{"email":"[[contact.email]]"}',
              headers: [{ key: "X-Api-Key", value: "s3cret" }],
            },
          },
        },
        { temporaryID: "untag", type: "action", action: { type: "removeTag", removeTag: { value: "Cart-Open" } } },
      ],
      exitConditions: [{ event: "placed order", origin: "api" }],
      settings: {
        sendingThresholds: { email: "nonSubscribed", sms: "subscribed" },
        frequencyLimiter: { mode: "interval", duration: { amount: 7, units: "d" } },
      },
    };
    const a = await create(body);
    expect(a).toMatchObject({ name: "Everything", isEnabled: false, brandID: shop.brandId });
    expect(a.id).toMatch(/^[0-9a-f]{24}$/);
    expect(a.enabledAt).toBeUndefined();
    expect(a.trigger).toEqual(body.trigger);
    expect(a.exitConditions).toEqual([{ event: "placed order", origin: "api" }]);
    // 7 days reads as 1 week (the largest whole unit).
    expect(a.settings).toEqual({
      sendingThresholds: { email: "nonSubscribed", sms: "subscribed" },
      frequencyLimiter: { mode: "interval", duration: { amount: 1, units: "w" } },
    });
    const [first, wait, split, ab, hook, untag] = a.blocks;
    expect(first.action.sendEmail).toEqual({
      contentID: templateId,
      isSkipAllowed: true,
      language: "en_US",
      preheader: "",
      senderName: "Shop",
      subject: "Your cart, [[contact.first_name | friend]]",
    });
    expect(wait.delay).toEqual({ mode: "specificTime", time: "09:30", allowedWeekdays: ["monday", "tuesday"] });
    // temporaryIDs became server ids, and the split's message filters follow them.
    for (const b of a.blocks) expect(b.id).toMatch(/^[0-9a-f]{24}$/);
    expect(split.split.filterGroup.filters[0].value).toBe(first.id);
    expect(split.split.filterGroup.filters[1]).toMatchObject({ value: first.id, urlMatch: { operator: "contains", value: "/sale" } });
    expect(split.split.falseBlocks[1].action.sendEmail).toMatchObject({ isSkipAllowed: false, replyToEmail: "help@shop.example" });
    expect(ab.abTesting).toMatchObject({ aBlocksPercentage: 30, bBlocks: [] });
    expect(hook.action.sendWebhook.headers).toEqual([{ key: "X-Api-Key", value: "s3cret" }]);
    expect(untag.action.removeTag.value).toBe("cart-open");
    expect(await call("GET", `/api/automations/${a.id}`, "/automations/{id}", 200)).toEqual(a);
  });

  it("lists with the published envelope, filters, sorts and pages with cursors", async () => {
    const brand = await createTestBrand();
    const ids: string[] = [];
    for (const name of ["Welcome one", "Welcome two", "Birthday"]) {
      const { res, body } = await send("/api/automations", { brand, body: { ...workflow(), name } });
      expect(res.status).toBe(201);
      ids.push(body.id);
    }
    const all = await send("/api/automations?limit=2", { brand });
    published.expectResponse("GET", "/automations", 200, all.body);
    expect(all.body.automations.map((a: any) => a.id)).toEqual([ids[2], ids[1]]);
    expect(all.body.paging).toMatchObject({ limit: 2, hasMore: true });
    const next = await send(`/api/automations?limit=2&after=${all.body.paging.cursors.after}`, { brand });
    expect(next.body.automations.map((a: any) => a.id)).toEqual([ids[0]]);
    expect(next.body.paging.hasMore).toBe(false);
    const named = await send("/api/automations?nameContains=WELCOME&sort=createdAt&direction=asc", { brand });
    expect(named.body.automations.map((a: any) => a.name)).toEqual(["Welcome one", "Welcome two"]);
    const enabled = await send("/api/automations?isEnabled=true", { brand });
    expect(enabled.body.automations).toEqual([]);
    const later = await send(`/api/automations?createdAtFrom=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, {
      brand,
    });
    expect(later.body.automations).toEqual([]);
    await expectProblem(await api("/api/automations?limit=251", { key: brand.key }), 400, "validation-failed");
    await expectProblem(await api("/api/automations?sort=name", { key: brand.key }), 400, "validation-failed");
    await expectProblem(await api("/api/automations?after=x&before=y", { key: brand.key }), 400, "validation-failed");
  });

  it("keeps brands apart and answers 404 for unknown ids, 400 for malformed ones", async () => {
    const a = await create(workflow());
    await expectProblem(await api(`/api/automations/${a.id}`, { key: other.key }), 404, "not-found");
    await expectProblem(await api(`/api/automations/${MISSING_ID}`, { key: shop.key }), 404, "not-found");
    await expectProblem(await api("/api/automations/nope", { key: shop.key }), 400, "invalid-id");
    const listed = await json(await api("/api/automations?limit=250", { key: other.key }));
    expect(listed.automations.map((x: any) => x.id)).not.toContain(a.id);
  });

  it("needs automations.read to read and automations.write to change", async () => {
    const reader = await accessTokenFor(shop.brandId, ["automations.read"]);
    expect((await api("/api/automations", { bearer: reader })).status).toBe(200);
    await expectProblem(await api("/api/automations", { bearer: reader, body: workflow() }), 403, "insufficient-scope");
    const writer = await accessTokenFor(shop.brandId, ["automations.write"]);
    expect((await api("/api/automations", { bearer: writer, body: workflow() })).status).toBe(201);
  });
});

describe("rules of a workflow", () => {
  it("refuses a delay that ends a sequence, but not one followed by the blocks after its split", async () => {
    await refused("/api/automations", "POST", workflow({ blocks: [tag("t"), delay("last")] }), [
      { pointer: "/blocks/1", code: "delay_at_end" },
    ]);
    const nested = {
      temporaryID: "s",
      type: "split",
      split: {
        filterGroup: { logicalOperator: "and", filters: [{ type: "event", field: "currency", operator: "eq", value: "EUR" }] },
        trueBlocks: [delay("d")],
      },
    };
    await refused("/api/automations", "POST", workflow({ blocks: [nested] }), [
      { pointer: "/blocks/0/split/trueBlocks/0", code: "delay_at_end" },
    ]);
    await create(workflow({ blocks: [nested, tag("after")] }));
  });

  it("refuses SMS and push naming the channel", async () => {
    const sms = { temporaryID: "sms", type: "action", action: { type: "sendSms", sendSms: { message: "Hi", compliance: {} } } };
    const problem = await refused(
      "/api/automations",
      "POST",
      workflow({ blocks: [sms] }),
      [{ pointer: "/blocks/0/action/type", code: "channel_unavailable" }],
      "channel-unavailable",
    );
    expect(problem.detail).toMatch(/SMS/);
    const push = {
      temporaryID: "push",
      type: "action",
      action: { type: "sendPush", sendPush: { title: "t", body: "b", clickUrl: "https://x.example" } },
    };
    const both = await refused("/api/automations", "POST", workflow({ blocks: [push, delay("last")] }), [
      { pointer: "/blocks/0/action/type", code: "channel_unavailable" },
      { pointer: "/blocks/1", code: "delay_at_end" },
    ]);
    expect(both.detail).toMatch(/push is not available/);
  });

  it("types filter values like their property and checks operators and values", async () => {
    const cond = (filters: unknown[]) => ({
      condition: { event: "added product to cart", origin: "api", filterGroups: [{ logicalOperator: "and", filters }] },
    });
    await refused("/api/automations", "POST", workflow({ trigger: cond([{ field: "value", operator: "gt", value: "50" }]) }), [
      { pointer: "/trigger/condition/filterGroups/0/filters/0/value", code: "type_mismatch" },
    ]);
    await refused("/api/automations", "POST", workflow({ trigger: cond([{ field: "currency", operator: "lt", value: "EUR" }]) }), [
      { pointer: "/trigger/condition/filterGroups/0/filters/0/operator", code: "invalid_operator" },
    ]);
    await refused(
      "/api/automations",
      "POST",
      workflow({
        trigger: cond([
          { field: "cartID", operator: "exists", value: "x" },
          { field: "cartID", operator: "in", value: "x" },
        ]),
      }),
      [
        { pointer: "/trigger/condition/filterGroups/0/filters/0/value", code: "not_allowed" },
        { pointer: "/trigger/condition/filterGroups/0/filters/1/value", code: "invalid_type" },
      ],
    );
    await create(
      workflow({
        trigger: cond([
          { field: "value", operator: "gt", value: 50 },
          { field: "lineItems.productID", operator: "in", value: ["a", "b"] },
        ]),
      }),
    );
  });

  it("limits each audience field to its operators and values", async () => {
    const audience = (filters: unknown[]) => ({ ...cartTrigger, audienceFilterGroup: { logicalOperator: "and", filters } });
    await refused(
      "/api/automations",
      "POST",
      workflow({
        trigger: audience([
          { field: "gender", operator: "neq", value: "m" },
          { field: "gender", operator: "eq", value: "x" },
          { field: "dateAdded", operator: "gt", value: "15/03/2025" },
          { field: "tag", operator: "contains", value: "v" },
          { field: "segmentID", operator: "eq", value: MISSING_ID },
        ]),
      }),
      [
        { pointer: "/trigger/audienceFilterGroup/filters/0/operator", code: "invalid_operator" },
        { pointer: "/trigger/audienceFilterGroup/filters/1/value", code: "invalid_value" },
        { pointer: "/trigger/audienceFilterGroup/filters/2/value", code: "invalid_format" },
        { pointer: "/trigger/audienceFilterGroup/filters/3/operator", code: "invalid_operator" },
        { pointer: "/trigger/audienceFilterGroup/filters/4/value", code: "not_found" },
      ],
    );
  });

  it("checks blocks: their own configuration, templates, temporary ids, message filters and webhooks", async () => {
    await refused(
      "/api/automations",
      "POST",
      workflow({
        blocks: [
          { temporaryID: "x", type: "delay", action: { type: "addTag", addTag: { value: "v" } } },
          {
            temporaryID: "y",
            type: "action",
            action: {
              type: "addTag",
              sendEmail: { language: "en_US", subject: "s", preheader: "", senderName: "n", templateID: templateId },
            },
          },
          { ...email("z"), action: { ...email("z").action, sendEmail: { ...email("z").action.sendEmail, templateID: MISSING_ID } } },
          tag("x"),
          {
            temporaryID: "s",
            type: "split",
            split: {
              filterGroup: {
                logicalOperator: "and",
                filters: [
                  { type: "message", field: "blockID", operator: "openedEmail", value: "y" },
                  { type: "message", field: "blockID", operator: "openedEmail", value: "z", urlMatch: { operator: "any" } },
                  { type: "message", field: "blockID", operator: "clickedSms", value: "z" },
                ],
              },
              trueBlocks: [tag("t")],
            },
          },
          {
            temporaryID: "w",
            type: "action",
            action: {
              type: "sendWebhook",
              sendWebhook: { callbackUrl: "http://hooks.example.com", body: "{}", headers: [{ key: "Content-Type", value: "x" }] },
            },
          },
        ],
      }),
      [
        { pointer: "/blocks/0/action", code: "not_allowed" },
        { pointer: "/blocks/0/delay", code: "required" },
        { pointer: "/blocks/1/action/sendEmail", code: "not_allowed" },
        { pointer: "/blocks/1/action/addTag", code: "required" },
        { pointer: "/blocks/2/action/sendEmail/templateID", code: "not_found" },
        { pointer: "/blocks/3/temporaryID", code: "duplicate" },
        { pointer: "/blocks/4/split/filterGroup/filters/0/value", code: "invalid_reference" },
        { pointer: "/blocks/4/split/filterGroup/filters/1/urlMatch", code: "not_allowed" },
        { pointer: "/blocks/4/split/filterGroup/filters/2/operator", code: "channel_unavailable" },
        { pointer: "/blocks/5/action/sendWebhook/callbackUrl", code: "invalid_format" },
        { pointer: "/blocks/5/action/sendWebhook/headers/0/key", code: "not_allowed" },
      ],
    );
    await refused("/api/automations", "POST", workflow({ blocks: [] }), [{ pointer: "/blocks", code: "too_small" }]);
  });

  it("rotates one brand's webhook signing secret alone; the old one is no longer given out", async () => {
    const secretOf = async (brand: TestBrand) =>
      (await json(await api("/api/automations/webhook-secret", { key: brand.key }))).secret as string;
    const before = await secretOf(shop);
    const otherBefore = await secretOf(other);
    expect(before).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await secretOf(shop)).toBe(before);
    const res = await api("/api/automations/webhook-secret/rotate", { key: shop.key, method: "POST" });
    const rotated = await json(res);
    expect(res.status, JSON.stringify(rotated)).toBe(200);
    expect(rotated).toMatchObject({ secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/), rotatedAt: expect.any(String) });
    expect(rotated.secret).not.toBe(before);
    expect(await secretOf(shop)).toBe(rotated.secret);
    expect(await secretOf(other)).toBe(otherBefore);
    expect((await api("/api/automations/webhook-secret/rotate", { key: shop.key })).status).toBe(405);
  });

  it("refuses webhook headers node:http would refuse to send (control characters, U+2028), with a pointer at each", async () => {
    const hook = (headers: { key: string; value: string }[]) => ({
      temporaryID: "w",
      type: "action",
      action: { type: "sendWebhook", sendWebhook: { callbackUrl: "https://hooks.example.com/in", body: "{}", headers } },
    });
    await refused(
      "/api/automations",
      "POST",
      workflow({
        blocks: [
          hook([
            { key: "X-Control", value: "a\u0001b" },
            { key: "X-Separator", value: "line\u2028break" },
            { key: "X-Fine", value: "Latin-1 is fine: caf\u00e9" },
            { key: "X-Tab\u0001", value: "v" },
          ]),
        ],
      }),
      [
        { pointer: "/blocks/0/action/sendWebhook/headers/0/value", code: "invalid_format" },
        { pointer: "/blocks/0/action/sendWebhook/headers/1/value", code: "invalid_format" },
        { pointer: "/blocks/0/action/sendWebhook/headers/3/key", code: "invalid_format" },
      ],
    );
  });

  it("refuses an unsupported email language, contact split filters without a text value and webhooks to private addresses", async () => {
    const contactSplit = (filters: unknown[]) => ({
      temporaryID: "s",
      type: "split",
      split: { filterGroup: { logicalOperator: "and", filters }, trueBlocks: [tag("t")] },
    });
    const webhook = (id: string, callbackUrl: string) => ({
      temporaryID: id,
      type: "action",
      action: { type: "sendWebhook", sendWebhook: { callbackUrl, body: "{}" } },
    });
    await refused("/api/automations", "POST", workflow({ blocks: [email("e", { language: "en" }), tag("t")] }), [
      { pointer: "/blocks/0/action/sendEmail/language", code: "invalid_value" },
    ]);
    await refused(
      "/api/automations",
      "POST",
      workflow({
        blocks: [
          email("e"),
          contactSplit([
            { type: "contact", field: "tag", operator: "eq" },
            { type: "contact", field: "tag", operator: "eq", value: 42 },
            { type: "contact", field: "tag", operator: "eq", value: "" },
            // Names of Object.prototype's members are no fields (the fuzz met "toString" answering 500).
            { type: "contact", field: "toString", operator: "eq", value: "x" },
            { type: "contact", field: "__proto__", operator: "eq", value: "x" },
          ]),
          webhook("w1", "https://10.0.0.5/hook"),
          webhook("w2", "https://[::1]/hook"),
          webhook("w3", "https://169.254.169.254/latest/meta-data"),
          // Loopback in the IPv4-compatible and NAT64 forms (issue 38: the first one passed).
          webhook("w4", "https://[::7f00:1]/hook"),
          webhook("w5", "https://[64:ff9b::7f00:1]/hook"),
        ],
      }),
      [
        { pointer: "/blocks/1/split/filterGroup/filters/0/value", code: "required" },
        { pointer: "/blocks/1/split/filterGroup/filters/1/value", code: "invalid_type" },
        { pointer: "/blocks/1/split/filterGroup/filters/2/value", code: "required" },
        { pointer: "/blocks/1/split/filterGroup/filters/3/field", code: "invalid_value" },
        { pointer: "/blocks/1/split/filterGroup/filters/4/field", code: "invalid_value" },
        { pointer: "/blocks/2/action/sendWebhook/callbackUrl", code: "invalid_format" },
        { pointer: "/blocks/3/action/sendWebhook/callbackUrl", code: "invalid_format" },
        { pointer: "/blocks/4/action/sendWebhook/callbackUrl", code: "invalid_format" },
        { pointer: "/blocks/5/action/sendWebhook/callbackUrl", code: "invalid_format" },
        { pointer: "/blocks/6/action/sendWebhook/callbackUrl", code: "invalid_format" },
      ],
    );
    await create(
      workflow({
        blocks: [email("e", { language: "de_DE" }), contactSplit([{ type: "contact", field: "tag", operator: "eq", value: "vip" }])],
      }),
    );
  });

  it("binds the trigger to an event identity: origin chosen when the brand's events have one, refused when they have several or none", async () => {
    const brand = await createTestBrand();
    const post = (body: unknown) => api("/api/events", { key: brand.key, body });
    for (const origin of ["shopify", "woocommerce"]) {
      expect((await post({ eventName: "two origins", origin, contact: { email: "x@example.com" } })).status).toBe(202);
    }
    expect((await post({ eventName: "one origin", origin: "api", contact: { email: "x@example.com" } })).status).toBe(202);
    const identities = async () => (await json(await api("/api/event-identities", { key: brand.key }))).identities.length;
    for (let i = 0; i < 100 && (await identities()) < 3; i++) await new Promise((r) => setTimeout(r, 100));
    const make = (event: string, origin?: string) =>
      api("/api/automations", {
        key: brand.key,
        body: { name: "x", trigger: { condition: { event, ...(origin ? { origin } : {}) } }, blocks: [tag("t")] },
      });
    const single = await json(await make("one origin"));
    expect(single.trigger.condition).toEqual({ event: "one origin", origin: "api" });
    const several = await expectProblem(await make("two origins"), 400, "validation-failed");
    expect(several.errors[0]).toMatchObject({ pointer: "/trigger/condition/origin", code: "required" });
    expect(several.errors[0].message).toMatch(/shopify/);
    expect((await make("two origins", "shopify")).status).toBe(201);
    expect((await expectProblem(await make("two origins", "magento"), 400, "validation-failed")).errors[0].code).toBe("unknown_origin");
    expect((await expectProblem(await make("never sent"), 400, "validation-failed")).errors[0].code).toBe("required");
    expect((await make("never sent", "api")).status).toBe(201);
  });

  it("takes the built-in triggers with their own rules", async () => {
    const trig = (condition: unknown) => workflow({ trigger: { condition } });
    const birthday = await create(
      trig({
        event: "birthday",
        filterGroups: [{ logicalOperator: "and", filters: [{ field: "birthdate", operator: "eq", value: "-24h" }] }],
      }),
    );
    expect(birthday.trigger.condition.origin).toBeUndefined();
    await refused("/api/automations", "POST", trig({ event: "birthday", origin: "api" }), [
      { pointer: "/trigger/condition/origin", code: "not_allowed" },
    ]);
    await refused(
      "/api/automations",
      "POST",
      trig({
        event: "birthday",
        filterGroups: [{ logicalOperator: "and", filters: [{ field: "birthdate", operator: "eq", value: "tomorrow" }] }],
      }),
      [{ pointer: "/trigger/condition/filterGroups/0/filters/0", code: "invalid" }],
    );
    const segment = await create(
      trig({
        event: "entered segment",
        origin: "omnisend",
        filterGroups: [{ logicalOperator: "and", filters: [{ field: "segment_id", operator: "eq", value: segmentId }] }],
      }),
    );
    expect(segment.trigger.condition.origin).toBe("omnisend");
    await refused("/api/automations", "POST", trig({ event: "entered segment", origin: "omnisend" }), [
      { pointer: "/trigger/condition/filterGroups", code: "invalid" },
    ]);
    await create(trig({ event: "subscribed to marketing" }));
    await create(trig({ event: "product back in stock" }));
    await refused(
      "/api/automations",
      "POST",
      workflow({ trigger: { condition: { event: "birthday" }, inactivitySettings: { duration: { amount: 1, units: "h" } } } }),
      [{ pointer: "/trigger/inactivitySettings", code: "not_allowed" }],
    );
    await refused("/api/automations", "POST", workflow({ exitConditions: [{ event: "birthday" }] }), [
      { pointer: "/exitConditions/0/event", code: "not_allowed" },
    ]);
  });

  it("checks settings: thresholds never null, frequency caps and modes, overlap with existing other automations", async () => {
    const mine = await create(workflow());
    await refused("/api/automations", "POST", workflow({ settings: { sendingThresholds: null } }), [
      { pointer: "/settings/sendingThresholds", code: "invalid_type" },
    ]);
    await refused("/api/automations", "POST", workflow({ settings: { sendingThresholds: { email: "all" } } }), [
      { pointer: "/settings/sendingThresholds/sms", code: "invalid_value" },
    ]);
    await refused(
      "/api/automations",
      "POST",
      workflow({ settings: { frequencyLimiter: { mode: "interval", duration: { amount: 53, units: "w" } } } }),
      [{ pointer: "/settings/frequencyLimiter/duration/amount", code: "too_big" }],
    );
    await refused(
      "/api/automations",
      "POST",
      workflow({ settings: { frequencyLimiter: { mode: "once", duration: { amount: 1, units: "h" } } } }),
      [{ pointer: "/settings/frequencyLimiter/duration", code: "not_allowed" }],
    );
    await refused(
      "/api/automations",
      "POST",
      workflow({ settings: { overlapLimiter: { mode: "recentlyIn", automationIDs: [MISSING_ID] } } }),
      [
        { pointer: "/settings/overlapLimiter/withinDays", code: "required" },
        { pointer: "/settings/overlapLimiter/automationIDs/0", code: "not_found" },
      ],
    );
    const withOverlap = await create(
      workflow({ settings: { frequencyLimiter: null, overlapLimiter: { mode: "currentlyIn", automationIDs: [mine.id] } } }),
    );
    expect(withOverlap.settings).toEqual({
      sendingThresholds: { email: "subscribed", sms: "subscribed" },
      overlapLimiter: { mode: "currentlyIn", automationIDs: [mine.id] },
    });
    await refused(
      `/api/automations/${mine.id}`,
      "PATCH",
      { settings: { overlapLimiter: { mode: "currentlyIn", automationIDs: [mine.id] } } },
      [{ pointer: "/settings/overlapLimiter/automationIDs/0", code: "self_reference" }],
    );
  });
});

describe("published rules the other tests leave out", () => {
  it("refuses empty branches and a URL match without its value; PUT blocks keeps the delay rule", async () => {
    const clicked = (urlMatch: unknown) => ({
      temporaryID: "s",
      type: "split",
      split: {
        filterGroup: {
          logicalOperator: "and",
          filters: [{ type: "message", field: "blockID", operator: "clickedEmail", value: "mail", urlMatch }],
        },
        trueBlocks: [tag("t")],
      },
    });
    await refused(
      "/api/automations",
      "POST",
      workflow({
        blocks: [
          {
            temporaryID: "s",
            type: "split",
            split: { filterGroup: { logicalOperator: "and", filters: [{ type: "contact", field: "tag", operator: "eq", value: "v" }] } },
          },
          { temporaryID: "ab", type: "abTesting", abTesting: { aBlocksPercentage: 50, aBlocks: [], bBlocks: [] } },
          tag("t"),
        ],
      }),
      [
        { pointer: "/blocks/0/split", code: "empty_branches" },
        { pointer: "/blocks/1/abTesting", code: "empty_branches" },
      ],
    );
    await refused("/api/automations", "POST", workflow({ blocks: [email("mail"), clicked({ operator: "contains" })] }), [
      { pointer: "/blocks/1/split/filterGroup/filters/0/urlMatch/value", code: "required" },
    ]);
    await create(workflow({ blocks: [email("mail"), clicked({ operator: "any" })] }));
    const a = await create(workflow({ blocks: [tag("t"), delay("wait"), tag("after")] }));
    await refused(
      `/api/automations/${a.id}/blocks`,
      "PUT",
      {
        blocks: [
          { id: a.blocks[0].id, type: "action", action: { type: "addTag", addTag: { value: "t" } } },
          { id: a.blocks[1].id, type: "delay", delay: { mode: "duration", duration: { amount: 1, units: "d" } } },
        ],
      },
      [{ pointer: "/blocks/1", code: "delay_at_end" }],
    );
    await refused(`/api/automations/${a.id}/blocks`, "PUT", { blocks: [] }, [{ pointer: "/blocks", code: "too_small" }]);
  });

  it("PATCH refuses null thresholds and clears the overlap limiter with null; copy falls back to its default name", async () => {
    const other = await create(workflow({ name: "Other" }));
    const a = await create(workflow({ settings: { overlapLimiter: { mode: "currentlyIn", automationIDs: [other.id] } } }));
    await refused(`/api/automations/${a.id}`, "PATCH", { settings: { sendingThresholds: null } }, [
      { pointer: "/settings/sendingThresholds", code: "invalid_type" },
    ]);
    const cleared = await call("PATCH", `/api/automations/${a.id}`, "/automations/{id}", 200, { settings: { overlapLimiter: null } });
    expect(cleared.settings).not.toHaveProperty("overlapLimiter");
    expect(cleared.settings.sendingThresholds).toEqual({ email: "subscribed", sms: "subscribed" });
    const replaced = await call("PATCH", `/api/automations/${a.id}`, "/automations/{id}", 200, {
      trigger: { condition: { event: "placed order", origin: "api" } },
    });
    expect(replaced.trigger.condition).toEqual({ event: "placed order", origin: "api" });
    const copy = await call("POST", `/api/automations/${a.id}/copy`, "/automations/{id}/copy", 201, { name: "" });
    expect(copy.name).toBe("Copy of: Cart recovery");
  });

  it("lists by updatedAt and pages back with before; limits UTM values; refuses to enable with an unverified sender (409)", async () => {
    const brand = await createTestBrand();
    const ids: string[] = [];
    for (const name of ["First", "Second", "Third"]) {
      const { body } = await send("/api/automations", { brand, body: { ...workflow(), name } });
      ids.push(body.id);
    }
    await new Promise((r) => setTimeout(r, 5));
    expect((await send(`/api/automations/${ids[0]}`, { brand, method: "PATCH", body: { name: "First, renamed" } })).res.status).toBe(200);
    const byUpdate = await send("/api/automations?sort=updatedAt&limit=2", { brand });
    expect(byUpdate.body.automations.map((a: { id: string }) => a.id)).toEqual([ids[0], ids[2]]);
    const after = await send(`/api/automations?sort=updatedAt&limit=2&after=${byUpdate.body.paging.cursors.after}`, { brand });
    expect(after.body.automations.map((a: { id: string }) => a.id)).toEqual([ids[1]]);
    const back = await send(`/api/automations?sort=updatedAt&limit=2&before=${after.body.paging.cursors.before}`, { brand });
    expect(back.body.automations.map((a: { id: string }) => a.id)).toEqual([ids[0], ids[2]]);
    const since = await send(`/api/automations?updatedAtFrom=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`, {
      brand,
    });
    expect(since.body.automations).toHaveLength(3);

    const a = await create(workflow({ blocks: [email("mail", { senderEmail: "news@unverified.example" }), delay("wait"), tag("t")] }));
    await refused(
      `/api/automations/${a.id}/blocks/${a.blocks[0].id}/utm`,
      "PUT",
      { tags: { campaign: "x".repeat(251), medium: "", source: "" } },
      [{ pointer: "/tags/campaign", code: "too_big" }],
    );
    const refusedEnable = await expectProblem(
      await api(`/api/automations/${a.id}/enable`, { key: shop.key, method: "POST" }),
      409,
      "conflict",
    );
    expect(refusedEnable.errors).toEqual([expect.objectContaining({ code: "sender_unverified" })]);
    expect(refusedEnable.detail).toContain("news@unverified.example");
  });
});

describe("PATCH and PUT blocks", () => {
  it("patches what it names: name, trigger parts, exit conditions, settings, blocks by id", async () => {
    const a = await create(
      workflow({
        trigger: {
          ...cartTrigger,
          audienceFilterGroup: { logicalOperator: "and", filters: [{ field: "tag", operator: "eq", value: "vip" }] },
        },
        blocks: [
          email("mail", { replyToEmail: "help@shop.example" }),
          delay("wait"),
          { temporaryID: "ab", type: "abTesting", abTesting: { aBlocksPercentage: 50, aBlocks: [tag("a")], bBlocks: [tag("b")] } },
        ],
        exitConditions: [{ event: "placed order", origin: "api" }],
      }),
    );
    const [mail, wait, ab] = a.blocks;
    const patched = await call("PATCH", `/api/automations/${a.id}`, "/automations/{id}", 200, {
      name: "Renamed",
      trigger: { audienceFilterGroup: null, inactivitySettings: { duration: { amount: 2, units: "h" } } },
      exitConditions: null,
      settings: { frequencyLimiter: { mode: "once" } },
      blocks: [
        { id: mail.id, type: "action", action: { type: "sendEmail", sendEmail: { subject: "New subject", replyToEmail: "" } } },
        { id: wait.id, type: "delay", delay: { mode: "immediate", allowedWeekdays: ["friday"] } },
        { id: ab.id, type: "abTesting", abTesting: { aBlocksPercentage: 100 } },
      ],
    });
    expect(patched.name).toBe("Renamed");
    expect(patched.trigger).toEqual({ condition: cartTrigger.condition, inactivitySettings: { duration: { amount: 2, units: "h" } } });
    expect(patched.exitConditions).toEqual([]);
    expect(patched.settings.frequencyLimiter).toEqual({ mode: "once" });
    expect(patched.blocks[0].action.sendEmail).toEqual({ ...mail.action.sendEmail, subject: "New subject", replyToEmail: undefined });
    expect(patched.blocks[0].action.sendEmail.replyToEmail).toBeUndefined();
    expect(patched.blocks[1].delay).toEqual({ mode: "immediate", allowedWeekdays: ["friday"] });
    expect(patched.blocks[2].abTesting).toEqual({ ...ab.abTesting, aBlocksPercentage: 100 });
    expect(new Date(patched.updatedAt) > new Date(a.updatedAt)).toBe(true);
  });

  it("refuses a null condition, an empty block list, a changed type and an unknown block", async () => {
    const a = await create(workflow());
    await refused(`/api/automations/${a.id}`, "PATCH", { trigger: { condition: null } }, [
      { pointer: "/trigger/condition", code: "invalid_type" },
    ]);
    await refused(`/api/automations/${a.id}`, "PATCH", { blocks: [] }, [{ pointer: "/blocks", code: "too_small" }]);
    await refused(
      `/api/automations/${a.id}`,
      "PATCH",
      {
        blocks: [
          { id: a.blocks[0].id, type: "action" },
          { id: MISSING_ID, type: "delay" },
        ],
      },
      [
        { pointer: "/blocks/0/type", code: "immutable" },
        { pointer: "/blocks/1/id", code: "not_found" },
      ],
    );
    expect((await api(`/api/automations/${MISSING_ID}`, { key: shop.key, method: "PATCH", body: { name: "x" } })).status).toBe(404);
  });

  it("PUT blocks updates by id, creates by temporaryID, deletes what is left out", async () => {
    const a = await create(workflow({ blocks: [email("mail"), delay("wait"), tag("t")] }));
    const [mail, , t] = a.blocks;
    const put = await call("PUT", `/api/automations/${a.id}/blocks`, "/automations/{id}/blocks", 200, {
      blocks: [
        {
          id: mail.id,
          type: "action",
          action: { type: "sendEmail", sendEmail: { language: "de_DE", subject: "Hallo", preheader: "p", senderName: "Laden" } },
        },
        {
          temporaryID: "new-split",
          type: "split",
          split: {
            filterGroup: {
              logicalOperator: "and",
              filters: [{ type: "message", field: "blockID", operator: "openedEmail", value: mail.id }],
            },
            trueBlocks: [tag("yes")],
            falseBlocks: [],
          },
        },
        { id: t.id, type: "action", action: { type: "addTag", addTag: { value: "Renamed" } } },
      ],
    });
    expect(put.blocks.map((b: any) => b.type)).toEqual(["action", "split", "action"]);
    expect(put.blocks[0]).toMatchObject({
      id: mail.id,
      action: { sendEmail: { contentID: templateId, language: "de_DE", subject: "Hallo" } },
    });
    expect(put.blocks[2]).toEqual({ id: t.id, type: "action", action: { type: "addTag", addTag: { value: "renamed" } } });
    expect(put.blocks[1].id).toMatch(/^[0-9a-f]{24}$/);
    await refused(
      `/api/automations/${a.id}/blocks`,
      "PUT",
      {
        blocks: [
          {
            id: mail.id,
            type: "action",
            action: {
              type: "sendEmail",
              sendEmail: { templateID: templateId, language: "en_US", subject: "s", preheader: "", senderName: "n" },
            },
          },
          {
            temporaryID: "n",
            type: "action",
            action: { type: "sendEmail", sendEmail: { language: "en_US", subject: "s", preheader: "", senderName: "n" } },
          },
          { id: MISSING_ID, type: "action", action: { type: "addTag", addTag: { value: "x" } } },
          { type: "action", action: { type: "addTag", addTag: { value: "x" } } },
        ],
      },
      [
        { pointer: "/blocks/0/action/sendEmail/templateID", code: "not_allowed" },
        { pointer: "/blocks/1/action/sendEmail/templateID", code: "required" },
        { pointer: "/blocks/2/id", code: "not_found" },
        { pointer: "/blocks/3/temporaryID", code: "required" },
      ],
    );
  });

  it("answers 409 to PATCH and PUT blocks while enabled, and to nothing else", async () => {
    const a = await create(workflow());
    await call("POST", `/api/automations/${a.id}/enable`, "/automations/{id}/enable", 200);
    const patch = await expectProblem(
      await api(`/api/automations/${a.id}`, { key: shop.key, method: "PATCH", body: { name: "x" } }),
      409,
      "automation-enabled",
    );
    published.expectResponse("PATCH", "/automations/{id}", 409, patch);
    await expectProblem(
      await api(`/api/automations/${a.id}/blocks`, { key: shop.key, method: "PUT", body: { blocks: [tag("x")] } }),
      409,
      "automation-enabled",
    );
    await call("POST", `/api/automations/${a.id}/disable`, "/automations/{id}/disable", 200, { contactsInWorkflow: "keep" });
    expect((await call("PATCH", `/api/automations/${a.id}`, "/automations/{id}", 200, { name: "Editable again" })).name).toBe(
      "Editable again",
    );
  });
});

describe("enable, disable, copy, delete", () => {
  it("enables and disables idempotently, with their timestamps", async () => {
    const a = await create(workflow());
    const on = await call("POST", `/api/automations/${a.id}/enable`, "/automations/{id}/enable", 200);
    expect(on.isEnabled).toBe(true);
    expect(on.enabledAt).toBeDefined();
    const again = await call("POST", `/api/automations/${a.id}/enable`, "/automations/{id}/enable", 200, { enrollExisting: true });
    expect(again).toEqual(on);
    await refused(`/api/automations/${a.id}/disable`, "POST", {}, [{ pointer: "/contactsInWorkflow", code: "invalid_value" }]);
    const off = await call("POST", `/api/automations/${a.id}/disable`, "/automations/{id}/disable", 200, { contactsInWorkflow: "exit" });
    expect(off).toMatchObject({ isEnabled: false, enabledAt: on.enabledAt });
    expect(off.disabledAt).toBeDefined();
    expect(
      await call("POST", `/api/automations/${a.id}/disable`, "/automations/{id}/disable", 200, { contactsInWorkflow: "keep" }),
    ).toEqual(off);
    const listed = await json(await api("/api/automations?isEnabled=false&limit=250", { key: shop.key }));
    expect(listed.automations.map((x: any) => x.id)).toContain(a.id);
  });

  it("refuses enrollExisting where it does not apply (ConflictProblem enroll-existing-not-applicable)", async () => {
    const noDelay = await create(workflow({ blocks: [tag("first"), delay("d"), tag("then")] }));
    const problem = await expectProblem(
      await api(`/api/automations/${noDelay.id}/enable`, { key: shop.key, body: { enrollExisting: true } }),
      409,
      "enroll-existing-not-applicable",
    );
    published.expectResponse("POST", "/automations/{id}/enable", 409, problem);
    expect(problem.errors[0]).toMatchObject({ field: "enrollExisting", code: "enroll-existing-not-applicable" });
    const birthday = await create(workflow({ trigger: { condition: { event: "birthday" } } }));
    await expectProblem(
      await api(`/api/automations/${birthday.id}/enable`, { key: shop.key, body: { enrollExisting: true } }),
      409,
      "enroll-existing-not-applicable",
    );
    const segment = await create(
      workflow({
        trigger: {
          condition: {
            event: "entered segment",
            origin: "omnisend",
            filterGroups: [{ logicalOperator: "and", filters: [{ field: "segment_id", operator: "eq", value: segmentId }] }],
          },
        },
      }),
    );
    await call("POST", `/api/automations/${segment.id}/enable`, "/automations/{id}/enable", 200, { enrollExisting: true });
    await call("POST", `/api/automations/${segment.id}/disable`, "/automations/{id}/disable", 200, { contactsInWorkflow: "keep" });
    await expectProblem(
      await api(`/api/automations/${segment.id}/enable`, { key: shop.key, body: { enrollExisting: true } }),
      409,
      "enroll-existing-not-applicable",
    );
    await call("POST", `/api/automations/${segment.id}/enable`, "/automations/{id}/enable", 200);
    const withDelay = await create(workflow());
    expect(
      (await call("POST", `/api/automations/${withDelay.id}/enable`, "/automations/{id}/enable", 200, { enrollExisting: true })).isEnabled,
    ).toBe(true);
  });

  it("copies disabled, with new block ids and message filters that follow them", async () => {
    const a = await create(
      workflow({
        blocks: [
          email("mail"),
          delay("wait"),
          {
            temporaryID: "s",
            type: "split",
            split: {
              filterGroup: {
                logicalOperator: "and",
                filters: [{ type: "message", field: "blockID", operator: "openedEmail", value: "mail" }],
              },
              trueBlocks: [tag("y")],
            },
          },
        ],
      }),
    );
    await call("POST", `/api/automations/${a.id}/enable`, "/automations/{id}/enable", 200);
    const copy = await call("POST", `/api/automations/${a.id}/copy`, "/automations/{id}/copy", 201);
    expect(copy).toMatchObject({ name: "Copy of: Cart recovery", isEnabled: false, trigger: a.trigger, settings: a.settings });
    expect(copy.id).not.toBe(a.id);
    expect(copy.blocks[0].id).not.toBe(a.blocks[0].id);
    expect(copy.blocks[2].split.filterGroup.filters[0].value).toBe(copy.blocks[0].id);
    const named = await call("POST", `/api/automations/${a.id}/copy`, "/automations/{id}/copy", 201, { name: "My copy" });
    expect(named.name).toBe("My copy");
    await expectProblem(await api(`/api/automations/${MISSING_ID}/copy`, { key: shop.key, method: "POST" }), 404, "not-found");
  });

  it("deletes idempotently", async () => {
    const a = await create(workflow());
    expect((await api(`/api/automations/${a.id}`, { key: shop.key, method: "DELETE" })).status).toBe(204);
    expect((await api(`/api/automations/${a.id}`, { key: shop.key, method: "DELETE" })).status).toBe(204);
    await expectProblem(await api(`/api/automations/${a.id}`, { key: shop.key }), 404, "not-found");
  });
});

describe("the dashboard's starters", () => {
  it("each starter's emails and workflow are accepted as the dashboard sends them, and the workflow enables", async () => {
    const brand = await createTestBrand();
    const builtIn = ["subscribed to marketing", "birthday", "product back in stock", "entered segment"];
    expect(AUTOMATION_STARTERS.map((s) => s.id)).toEqual([
      "welcome",
      "abandoned-cart",
      "browse-abandonment",
      "back-in-stock",
      "post-purchase",
      "win-back",
      "birthday",
    ]);
    for (const starter of AUTOMATION_STARTERS) {
      const templates: Record<string, string> = {};
      for (const e of starter.emails) {
        const { res, body } = await send("/api/email-templates", {
          method: "POST",
          body: writable(e.template("https://inkwell.example")),
          brand,
        });
        expect(res.status, `${starter.id}: ${JSON.stringify(body)}`).toBe(201);
        templates[e.key] = (body as { id: string }).id;
      }
      const origin = builtIn.includes(starter.event) ? undefined : "api";
      const { res, body } = await send("/api/automations", { method: "POST", body: starter.workflow(templates, origin, "Shop"), brand });
      expect(res.status, `${starter.id}: ${JSON.stringify(body)}`).toBe(201);
      const created = body as { id: string; blocks: unknown[] };
      const emails = JSON.stringify(created.blocks).match(/"type":"sendEmail"/g) ?? [];
      expect(emails.length, starter.id).toBeGreaterThanOrEqual(starter.emails.length);
      const enabled = await send(`/api/automations/${created.id}/enable`, { method: "POST", brand });
      expect(enabled.res.status, `${starter.id}: ${JSON.stringify(enabled.body)}`).toBe(200);
      expect((enabled.body as { isEnabled: boolean }).isEnabled).toBe(true);
    }
  });
});

describe("UTM tags and test emails", () => {
  it("reads an email block's tags with defaults, sets all three, resets one with an empty string", async () => {
    const a = await create(workflow({ blocks: [email("mail"), delay("wait"), email("other")] }));
    const [mail, wait, second] = a.blocks;
    const path = `/api/automations/${a.id}/blocks/${mail.id}/utm`;
    const defaults = await call("GET", path, "/automations/{id}/blocks/{blockID}/utm", 200);
    expect(defaults).toEqual({ tags: { campaign: `automation: Cart recovery (${a.id})`, medium: "email", source: "inkwell" } });
    const set = await call("PUT", path, "/automations/{id}/blocks/{blockID}/utm", 200, {
      tags: { campaign: "cart", medium: "", source: "newsletter" },
    });
    expect(set.tags).toEqual({ campaign: "cart", medium: "email", source: "newsletter" });
    expect(await call("GET", path, "/automations/{id}/blocks/{blockID}/utm", 200)).toEqual(set);
    await refused(path, "PUT", { tags: { campaign: "x" } }, [{ pointer: "/tags/medium", code: "required" }]);
    const all = await call("GET", `/api/automations/${a.id}/utm`, "/automations/{id}/utm", 200);
    expect(all.blocks).toEqual([
      { blockID: mail.id, tags: set.tags },
      { blockID: second.id, tags: defaults.tags },
    ]);
    await expectProblem(await api(`/api/automations/${a.id}/blocks/${wait.id}/utm`, { key: shop.key }), 400, "validation-failed");
    await expectProblem(await api(`/api/automations/${a.id}/blocks/${MISSING_ID}/utm`, { key: shop.key }), 404, "not-found");
  });

  it("sends an email block's test email (204) and refuses blocks without email (422)", async () => {
    const a = await create(workflow({ blocks: [email("mail"), delay("wait"), tag("t")] }));
    const path = (block: string) => `/api/automations/${a.id}/blocks/${block}/test-email`;
    const sent = await api(path(a.blocks[0].id), { key: shop.key, body: { recipients: ["marketer@shop.example"] } });
    expect(sent.status, await sent.clone().text()).toBe(204);
    const outbox = await json(await api("/api/test-emails?limit=5", { key: shop.key }));
    // From the block's sender name; the block names no address, so the deployment's.
    expect(outbox.testEmails[0].from).toMatch(/^Shop </);
    const unverified = await create(
      workflow({ blocks: [email("mail", { senderEmail: "news@unverified.example" }), delay("wait"), tag("t")] }),
    );
    const problem = await expectProblem(
      await api(`/api/automations/${unverified.id}/blocks/${unverified.blocks[0].id}/test-email`, {
        key: shop.key,
        body: { recipients: ["m@shop.example"] },
      }),
      409,
      "conflict",
    );
    published.expectResponse("POST", "/automations/{id}/blocks/{blockID}/test-email", 409, problem);
    expect(problem.detail).toContain("news@unverified.example is not a verified sender");
    await expectProblem(await api(path(a.blocks[1].id), { key: shop.key, body: { recipients: ["m@shop.example"] } }), 422, "not-testable");
    await expectProblem(await api(path(MISSING_ID), { key: shop.key, body: { recipients: ["m@shop.example"] } }), 404, "not-found");
    await refused(path(a.blocks[0].id), "POST", { recipients: [] }, [{ pointer: "/recipients", code: "too_small" }]);
    const six = Array.from({ length: 6 }, (_, i) => `m${i}@shop.example`);
    await refused(path(a.blocks[0].id), "POST", { recipients: six }, [{ pointer: "/recipients", code: "too_big" }]);
  });

  it("sends no test email when a recipient is suppressed (409, naming the address)", async () => {
    const a = await create(workflow({ blocks: [email("mail"), delay("wait"), tag("t")] }));
    const path = `/api/automations/${a.id}/blocks/${a.blocks[0].id}/test-email`;
    const suppressed = await api("/api/suppressions", { key: shop.key, body: { email: "Gone@Shop.example" } });
    expect(suppressed.status, await suppressed.clone().text()).toBe(201);
    const before = (await json(await api("/api/test-emails?limit=100", { key: shop.key }))).testEmails.length;
    const problem = await expectProblem(
      await api(path, { key: shop.key, body: { recipients: ["fine@shop.example", "gone@shop.example"] } }),
      409,
      "conflict",
    );
    published.expectResponse("POST", "/automations/{id}/blocks/{blockID}/test-email", 409, problem);
    expect(problem.detail).toContain("gone@shop.example");
    expect(problem.detail).not.toContain("fine@shop.example");
    expect((await json(await api("/api/test-emails?limit=100", { key: shop.key }))).testEmails.length).toBe(before);
    const sent = await api(path, { key: shop.key, body: { recipients: ["fine@shop.example"] } });
    expect(sent.status, await sent.clone().text()).toBe(204);
  });
});
