// /api/forms and the public /f/{formID} endpoints (issue 40) against the built server: the API's
// conventions (scopes, problems, paging, tenancy), the hosted page, the embed script, CORS, submissions as
// JSON and as a plain form post, bad and hostile input (never a 500), paused and unknown forms (404), and
// the figures (views, submissions, dropped bots), the challenge every submission must carry, the per-IP
// limit at its default (counted by the connection's address, whatever X-Forwarded-For says), and the topics a
// signup chooses.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { fetchSolvedAltcha } from "../fixtures/altcha";
import { api, baseUrl, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";
import { accessTokenFor } from "./oauth-helpers";

let shop: TestBrand;
let other: TestBrand;

beforeAll(async () => {
  [shop, other] = await Promise.all([createTestBrand(), createTestBrand()]);
});

async function createForm(body: Record<string, unknown> = {}, brand = shop) {
  const res = await api("/api/forms", { key: brand.key, body: { name: "Newsletter", ...body } });
  expect(res.status, await res.clone().text()).toBe(201);
  return json(res);
}

async function createTopic(name: string, brand = shop): Promise<string> {
  const res = await api("/api/subscription-topics", { key: brand.key, body: { name } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json(res)).id;
}

/** The solved proof-of-work a real page's script posts with each submission. */
const altcha = (formID: string) => fetchSolvedAltcha(baseUrl(), formID);

const publicPost = (id: string, body: string, type = "application/json", headers: Record<string, string> = {}) =>
  fetch(`${baseUrl()}/f/${id}`, { method: "POST", headers: { "Content-Type": type, ...headers }, body, redirect: "manual" });

describe("/api/forms", () => {
  it("creates a form with defaults: double opt-in, email first and required, its public URL, snippet and zero figures", async () => {
    const topics = [await createTopic("Offers"), await createTopic("Recipes")];
    const form = await createForm({ fields: [{ name: "firstName", label: "First name" }], topicIDs: topics });
    expect(form).toMatchObject({
      name: "Newsletter",
      doubleOptIn: true,
      status: "active",
      topicIDs: topics,
      fields: [
        { name: "email", label: "Email", required: true },
        { name: "firstName", label: "First name", required: false },
      ],
      display: { mode: "inline", trigger: null },
      sender: null,
      figures: { views: 0, submissions: 0, confirmations: 0, conversion: 0, dropped: {}, rejected: {} },
      confirmationLane: { status: "active", reason: null },
    });
    expect(form.id).toMatch(/^[0-9a-f]{24}$/);
    expect(form.publicURL).toMatch(new RegExp(`/f/${form.id}$`));
    expect(form.embedSnippet).toContain(`/f/${form.id}/embed.js`);
    expect(form.texts.consent).toBeTruthy();
    expect((await json(await api(`/api/forms/${form.id}`, { key: shop.key }))).id).toBe(form.id);
  });

  it("a popup without a trigger gets a 5-second delay; a trigger of another mode is dropped", async () => {
    expect((await createForm({ display: { mode: "popup" } })).display).toEqual({ mode: "popup", trigger: { type: "delay", seconds: 5 } });
    const scroll = await createForm({ display: { mode: "popup", trigger: { type: "scroll", percent: 50 } } });
    expect(scroll.display.trigger).toEqual({ type: "scroll", percent: 50 });
    expect((await createForm({ display: { mode: "page", trigger: { type: "exitIntent" } } })).display.trigger).toBeNull();
  });

  it("reports every invalid field at once", async () => {
    const res = await api("/api/forms", {
      key: shop.key,
      body: {
        name: "",
        fields: [{ name: "password", label: "x" }],
        colours: { accent: "red" },
        topicIDs: Array.from({ length: 21 }, (_, i) => `t${i}`),
        display: { mode: "popup", trigger: { type: "scroll", percent: 0 } },
      },
    });
    const problem = await expectProblem(res, 400, "validation-failed");
    const pointers = problem.errors.map((e: { pointer: string }) => e.pointer);
    for (const p of ["/name", "/fields/0/name", "/colours/accent", "/topicIDs", "/display/trigger/percent"]) expect(pointers).toContain(p);
  });

  it("refuses topic ids that are not the brand's own topics, pointing at each", async () => {
    const theirs = await createTopic("Their news", other);
    const res = await api("/api/forms", { key: shop.key, body: { name: "x", topicIDs: [theirs, "t1"] } });
    const problem = await expectProblem(res, 400, "validation-failed");
    expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toEqual(["/topicIDs/0", "/topicIDs/1"]);
  });

  it("refuses a sender that is not a verified sender of the brand (422, pointing at sender.email)", async () => {
    const res = await api("/api/forms", { key: shop.key, body: { name: "x", sender: { email: "news@unverified.example", name: "News" } } });
    const problem = await expectProblem(res, 422, "sender-unverified");
    expect(problem.errors[0].pointer).toBe("/sender/email");
  });

  it("PATCH changes the members sent, merges texts and keeps email first", async () => {
    const form = await createForm();
    const res = await api(`/api/forms/${form.id}`, {
      key: shop.key,
      method: "PATCH",
      body: {
        name: "Renamed",
        doubleOptIn: false,
        texts: { title: "Join us" },
        fields: [{ name: "lastName", label: "Surname", required: true }],
      },
    });
    expect(res.status).toBe(200);
    const changed = await json(res);
    expect(changed).toMatchObject({ name: "Renamed", doubleOptIn: false, texts: { title: "Join us", button: form.texts.button } });
    expect(changed.fields.map((f: { name: string }) => f.name)).toEqual(["email", "lastName"]);
    await expectProblem(
      await api(`/api/forms/${form.id}`, { key: shop.key, method: "PATCH", body: { status: "gone" } }),
      400,
      "validation-failed",
    );
  });

  it("lists newest first with cursor paging, only the brand's own forms", async () => {
    const brand = await createTestBrand();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createForm({ name: `F${i}` }, brand)).id);
    const first = await json(await api("/api/forms?limit=2", { key: brand.key }));
    expect(first.forms.map((f: { id: string }) => f.id)).toEqual([ids[2], ids[1]]);
    expect(first.paging.hasMore).toBe(true);
    const second = await json(await api(`/api/forms?limit=2&after=${first.paging.cursors.after}`, { key: brand.key }));
    expect(second.forms.map((f: { id: string }) => f.id)).toEqual([ids[0]]);
    expect(second.paging.hasMore).toBe(false);
    await expectProblem(await api(`/api/forms?after=x&before=y`, { key: brand.key }), 400, "validation-failed");
  });

  it("another brand's form is not found; a malformed id is 400; DELETE removes it", async () => {
    const form = await createForm();
    await expectProblem(await api(`/api/forms/${form.id}`, { key: other.key }), 404, "not-found");
    await expectProblem(await api(`/api/forms/${form.id}`, { key: other.key, method: "DELETE" }), 404, "not-found");
    await expectProblem(await api(`/api/forms/${MISSING_ID}`, { key: shop.key }), 404, "not-found");
    expect((await api("/api/forms/nope", { key: shop.key })).status).toBe(400);
    expect((await api(`/api/forms/${form.id}`, { key: shop.key, method: "DELETE" })).status).toBe(204);
    await expectProblem(await api(`/api/forms/${form.id}`, { key: shop.key }), 404, "not-found");
    expect((await fetch(`${baseUrl()}/f/${form.id}`)).status).toBe(404);
  });

  it("needs forms.read to read and forms.write to change", async () => {
    const reader = await accessTokenFor(shop.brandId, ["forms.read"]);
    expect((await api("/api/forms", { bearer: reader })).status).toBe(200);
    await expectProblem(await api("/api/forms", { bearer: reader, body: { name: "x" } }), 403, "insufficient-scope");
    const contacts = await accessTokenFor(shop.brandId, ["contacts.read"]);
    await expectProblem(await api("/api/forms", { bearer: contacts }), 403, "insufficient-scope");
    expect((await fetch(`${baseUrl()}/api/forms`, { headers: { "Service-Version": "2026-03-15" } })).status).toBe(401);
  });
});

describe("the public endpoints", () => {
  it("the hosted page is a labelled form with the consent text and the honeypot, and counts a view", async () => {
    const form = await createForm({ texts: { title: "Fresh <news>", consent: "Yes, email me." } });
    const res = await fetch(`${baseUrl()}/f/${form.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("content-security-policy")).toContain("form-action 'self'");
    const html = await res.text();
    expect(html).toContain("Fresh &lt;news&gt;");
    expect(html).toContain("Yes, email me.");
    expect(html).toMatch(/<label for="ik-email">/);
    expect(html).toContain('name="company_website"');
    expect((await json(await api(`/api/forms/${form.id}`, { key: shop.key }))).figures.views).toBe(1);
  });

  it("serves the embed script with CORS and answers the preflight", async () => {
    const form = await createForm();
    const script = await fetch(`${baseUrl()}/f/${form.id}/embed.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    expect(await script.text()).toContain(`/f/${form.id}`);
    const preflight = await fetch(`${baseUrl()}/f/${form.id}`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://shop.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("content-type");
    const challenge = await fetch(`${baseUrl()}/f/${form.id}/challenge`);
    expect(challenge.status).toBe(200);
    expect(await challenge.json()).toHaveProperty("challenge");
  });

  it("a JSON submission creates the contact not yet subscribed and answers the form's success text", async () => {
    const form = await createForm({ texts: { success: "Check your inbox!" } });
    const res = await publicPost(
      form.id,
      JSON.stringify({ email: "  Json.Visitor@Example.com ", altcha: await altcha(form.id) }),
      "application/json",
      {
        Origin: "https://shop.example",
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(await res.json()).toEqual({ status: "ok", message: "Check your inbox!", confirmationRequired: true });
    const identifier = await db.contactIdentifier.findFirst({ where: { brandId: shop.brandId, value: "json.visitor@example.com" } });
    expect(identifier?.status).toBe("nonSubscribed");
    const message = await db.message.findFirst({ where: { brandId: shop.brandId, email: "json.visitor@example.com" } });
    expect(message).toMatchObject({ sourceKind: "form-confirmation", sourceId: shop.brandId, mode: "system" });
    expect((await json(await api(`/api/forms/${form.id}`, { key: shop.key }))).figures.submissions).toBe(1);
  });

  it("a plain form post gets a success page; its mistakes get the page again with the error", async () => {
    const form = await createForm({ fields: [{ name: "firstName", label: "First name", required: true }] });
    const solved = encodeURIComponent(await altcha(form.id));
    const ok = await publicPost(form.id, `email=post%40example.com&firstName=Pat&altcha=${solved}`, "application/x-www-form-urlencoded");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await ok.text()).toContain("Check your inbox");
    const bad = await publicPost(form.id, "email=not-an-address&firstName=", "application/x-www-form-urlencoded");
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("<form");
  });

  it("bad input as JSON gets a problem naming the fields, worded for a visitor", async () => {
    const form = await createForm({ fields: [{ name: "birthdate", label: "Birthday" }] });
    const res = await publicPost(form.id, JSON.stringify({ email: "x@", birthdate: "yesterday" }));
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const problem = await res.json();
    expect(problem.type).toMatch(/\/validation-failed$/);
    expect(problem.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(["/birthdate", "/email"]);
  });

  it("a refusal never repeats the typed address: the typo names only the suggestion, as JSON and on the page", async () => {
    const form = await createForm();
    // any site can post to the hosted page: what it shows must not be text the poster chose
    const typed = [
      { email: "zq-local-part@gmial.com", code: "typo", secrets: ["zq-local-part", "gmial"] },
      { email: "zq-local-part@zq-chosen.mailinator.com", code: "disposable-domain", secrets: ["zq-local-part", "zq-chosen", "mailinator"] },
    ];
    for (const { email, code, secrets } of typed) {
      const asJson = await publicPost(form.id, JSON.stringify({ email, altcha: await altcha(form.id) }));
      const problem = await expectProblem(asJson, 422, code);
      if (code === "typo") {
        expect(problem.suggestion).toBe("gmail.com");
        expect(problem.detail).toContain("gmail.com");
      }
      const solved = encodeURIComponent(await altcha(form.id));
      const page = await publicPost(form.id, `email=${encodeURIComponent(email)}&altcha=${solved}`, "application/x-www-form-urlencoded");
      expect(page.status).toBe(422);
      const html = await page.text();
      expect(html).toContain('role="alert"');
      for (const secret of secrets) {
        expect(JSON.stringify(problem), `${code} JSON`).not.toContain(secret);
        expect(html, `${code} page`).not.toContain(secret);
      }
    }
  });

  it("public problems are the API's: instance and X-Request-Id, CORS, and a type URL that has its page", async () => {
    const form = await createForm();
    const answers = [
      await publicPost(form.id, "{not json"),
      await publicPost(form.id, JSON.stringify({ email: "x@" })),
      await publicPost(MISSING_ID, "{}"),
      await fetch(`${baseUrl()}/f/${MISSING_ID}/challenge`),
      await publicPost(form.id, JSON.stringify({ email: "ada@gmial.com", altcha: await altcha(form.id) })),
    ];
    answers.push(await fetch(`${baseUrl()}/f/${form.id}`, { method: "DELETE" }));
    const codes = ["invalid-json", "validation-failed", "not-found", "not-found", "typo", "method-not-allowed"];
    for (const [i, res] of answers.entries()) {
      const problem = await expectProblem(res, [400, 400, 404, 404, 422, 405][i], codes[i]);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(problem.title).toBeTruthy();
    }
    const sent = await publicPost(form.id, "{not json", "application/json", { "X-Request-Id": "req-forms-1" });
    expect((await sent.json()).instance).toBe("urn:request:req-forms-1");
    // every answer carries its id, a success too
    const ok = await publicPost(form.id, JSON.stringify({ email: "request.id@example.com", altcha: await altcha(form.id) }));
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-request-id")).toBeTruthy();
    for (const code of ["typo", "disposable-domain", "no-mail-domain", "invalid-email"]) {
      const page = await fetch(`${baseUrl()}/docs/problems/${code}`, { redirect: "manual" });
      expect(page.status, code).toBe(200);
    }
  });

  it("hostile input never yields a 500", async () => {
    const form = await createForm();
    const cases: [string, string, number][] = [
      ["{not json", "application/json", 400],
      ["[1,2]", "application/json", 400],
      ["null", "application/json", 400],
      [JSON.stringify({ email: { $gt: "" } }), "application/json", 400],
      [JSON.stringify({ email: ["a@example.com", "b@example.com"], topicIDs: { a: 1 } }), "application/json", 200],
      ["email=%E0%A4%A&x=%", "application/x-www-form-urlencoded", 400],
      ["<xml/>", "text/xml", 415],
      [JSON.stringify({ email: "a@example.com", pad: "x".repeat(40_000) }), "application/json", 413],
      [JSON.stringify({ email: `${"a".repeat(300)}@example.com` }), "application/json", 400],
    ];
    for (const [body, type, status] of cases) {
      const res = await publicPost(form.id, body, type);
      expect(res.status, `${type} ${body.slice(0, 60)}`).toBe(status);
    }
    expect((await fetch(`${baseUrl()}/f/%ff%00`)).status).toBe(400);
    expect((await fetch(`${baseUrl()}/f/confirm/%E0%A4`)).status).toBe(400);
    expect((await publicPost("zzzz", "{}")).status).toBe(404);
  });

  it("a paused or unknown form answers 404 on every public endpoint", async () => {
    const form = await createForm();
    await api(`/api/forms/${form.id}`, { key: shop.key, method: "PATCH", body: { status: "paused" } });
    for (const id of [form.id, MISSING_ID]) {
      expect((await fetch(`${baseUrl()}/f/${id}`)).status).toBe(404);
      expect((await fetch(`${baseUrl()}/f/${id}/embed.js`)).status).toBe(404);
      expect((await fetch(`${baseUrl()}/f/${id}/challenge`)).status).toBe(404);
      const post = await publicPost(id, JSON.stringify({ email: "p@example.com" }));
      expect(post.status).toBe(404);
      expect(post.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  it("a bot that fills the honeypot is answered as a success, stores nothing and is counted for the operator", async () => {
    const form = await createForm();
    const res = await publicPost(form.id, JSON.stringify({ email: "bot@example.com", company_website: "http://spam.example" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
    expect(await db.contactIdentifier.findFirst({ where: { brandId: shop.brandId, value: "bot@example.com" } })).toBeNull();
    const figures = (await json(await api(`/api/forms/${form.id}`, { key: shop.key }))).figures;
    expect(figures).toMatchObject({ submissions: 0, dropped: { honeypot: 1 } });
  });

  it("a bare POST without the solved challenge is answered as a success, creates no contact and is counted", async () => {
    const form = await createForm();
    const res = await publicPost(form.id, JSON.stringify({ email: "bare.post@example.com" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
    expect(await db.contactIdentifier.findFirst({ where: { brandId: shop.brandId, value: "bare.post@example.com" } })).toBeNull();
    const figures = (await json(await api(`/api/forms/${form.id}`, { key: shop.key }))).figures;
    expect(figures).toMatchObject({ submissions: 0, dropped: { challenge: 1 } });
  });

  it("a signup subscribes only the offered topics the person chose", async () => {
    const brand = await createTestBrand();
    const [offers, recipes, unoffered] = [
      await createTopic("Offers", brand),
      await createTopic("Recipes", brand),
      await createTopic("Staff", brand),
    ];
    const form = await createForm({ doubleOptIn: false, topicIDs: [offers, recipes] }, brand);
    const body = { email: "chooser@example.com", topicIDs: [recipes, unoffered], altcha: await altcha(form.id) };
    expect(await (await publicPost(form.id, JSON.stringify(body))).json()).toMatchObject({ status: "ok", confirmationRequired: false });
    const identifier = await db.contactIdentifier.findFirst({ where: { brandId: brand.brandId, value: "chooser@example.com" } });
    expect(identifier?.status).toBe("subscribed");
    const list = await json(await api(`/api/contacts/${identifier!.contactId}/subscription-topics`, { key: brand.key }));
    const status = Object.fromEntries(list.topics.map((t: { topicID: string; status: string }) => [t.topicID, t.status]));
    expect(status).toEqual({ [offers]: "nonSubscribed", [recipes]: "subscribed", [unoffered]: "nonSubscribed" });
  });

  it("the per-IP limit at its default: the 11th accepted signup from one address in an hour is refused (429)", async () => {
    const brand = await createTestBrand();
    const form = await createForm({ doubleOptIn: false }, brand);
    for (let i = 1; i <= 10; i++) {
      const res = await publicPost(form.id, JSON.stringify({ email: `limit${i}@example.com`, altcha: await altcha(form.id) }));
      expect(res.status, `signup ${i}`).toBe(200);
    }
    const refused = await publicPost(form.id, JSON.stringify({ email: "limit11@example.com", altcha: await altcha(form.id) }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    const problem = await refused.json();
    expect(problem.type).toMatch(/\/rate-limited$/);
    expect(problem.detail).toMatch(/Too many signups from your network/);
    expect(await db.contactIdentifier.findFirst({ where: { brandId: brand.brandId, value: "limit11@example.com" } })).toBeNull();
    // Another brand's form is counted apart.
    const elsewhere = await createForm({ doubleOptIn: false }, other);
    const res = await publicPost(elsewhere.id, JSON.stringify({ email: "limit11@example.com", altcha: await altcha(elsewhere.id) }));
    expect(res.status).toBe(200);
  }, 60_000);

  it("with no proxy trusted (TRUST_PROXY=0), X-Forwarded-For changes neither the limits' address nor the consent IP", async () => {
    const brand = await createTestBrand();
    const form = await createForm({ doubleOptIn: false }, brand);
    // Each signup claims another address (another network too): the server counts the connection's.
    const claimed = (i: number) => ({ "X-Forwarded-For": `198.18.${i}.1` });
    for (let i = 1; i <= 10; i++) {
      const body = JSON.stringify({ email: `forged${i}@example.com`, altcha: await altcha(form.id) });
      expect((await publicPost(form.id, body, "application/json", claimed(i))).status, `signup ${i}`).toBe(200);
    }
    const body = JSON.stringify({ email: "forged11@example.com", altcha: await altcha(form.id) });
    expect((await publicPost(form.id, body, "application/json", claimed(11))).status).toBe(429);
    const kept = await db.formSubmission.findFirst({ where: { brandId: brand.brandId, email: "forged1@example.com" } });
    expect(kept?.ip).toBe("127.0.0.1");
  }, 60_000);
});
