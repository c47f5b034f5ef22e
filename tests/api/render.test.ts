// POST /api/email-templates/{id}/render: preview, per-contact personalization, warnings, layouts, badge, errors.
import { isCheck } from "@/lib/templates/checks/check";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createTestBrand, expectProblem, json, MISSING_ID, type TestBrand } from "./helpers";
import { createTemplate, hexIds, render } from "./render-helpers";

let brand: TestBrand;
let other: TestBrand;
let templateId: string;
let contactId: string;

const text = (id: string, html: string) => ({ id, type: "text", text: html });
const section = (id: string, blocks: unknown[], extra: Record<string, unknown> = {}) => ({
  id,
  rows: [{ id: `${id}-r`, columns: [{ id: `${id}-c`, blocks }] }],
  ...extra,
});

beforeAll(async () => {
  brand = await createTestBrand({ plan: "standard" });
  other = await createTestBrand({ plan: "standard" });
  ({ id: templateId } = await createTemplate(brand.key, {
    generalSettings: { content: { width: "600px", backgroundColor: "#ffffff" } },
    sections: [
      section("hello", [
        text("greeting", "<p>Hello [[contact.first_name | there]] [[contact.last_name]]</p>"),
        text("email", "<p>Mail: [[contact.email]] City: [[contact.city | nowhere]] Tier: [[contact.custom_properties.tier | basic]]</p>"),
        { id: "cta", type: "button", button: { text: "Hi [[contact.first_name]]", link: "https://shop.example.com/?e=[[contact.email]]" } },
        { id: "site", type: "button", button: { text: "Your site", link: "[[contact.custom_properties.site]]" } },
      ]),
    ],
  }));
  const res = await api("/api/contacts", {
    key: brand.key,
    body: {
      identifiers: [{ type: "email", id: "ana@example.com", channels: { email: { status: "subscribed" } } }],
      firstName: "<script>alert(1)</script>",
      lastName: "O'Neil & Co",
      city: "Lisbon",
      customProperties: { tier: "gold", site: "javascript:alert(1)" },
    },
  });
  const contact = await json(res);
  expect([200, 201], JSON.stringify(contact)).toContain(res.status);
  contactId = contact.id;
});

describe("preview", () => {
  it("without a body renders sample data, with a text part", async () => {
    const { res, body } = await render(brand.key, templateId);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.html).toMatch(/^<!doctype html>/i);
    expect(body.html).toContain("Hello Alex Sample");
    expect(body.text).toContain("Hello Alex Sample");
    expect(body.text).toContain("Tier: basic");
    // no tag or layout warnings (the pre-send checks have their own tests: pre-send-checks.test.ts)
    expect(body.warnings.filter((w: any) => !isCheck(w))).toEqual([]);
  });

  it("with an empty object is the same preview", async () => {
    const { res, body } = await render(brand.key, templateId, {});
    expect(res.status).toBe(200);
    expect(body.html).toContain("Hello Alex Sample");
  });
});

describe("for a contact", () => {
  it("fills personalization tags by contactID, escaping values", async () => {
    const { res, body } = await render(brand.key, templateId, { contactID: contactId });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.html).toContain("Hello &lt;script&gt;alert(1)&lt;/script&gt; O&#39;Neil &amp; Co");
    expect(body.html).not.toContain("<script>alert(1)");
    expect(body.html).toContain("Mail: ana@example.com City: Lisbon Tier: gold");
    expect(body.html).toContain('href="https://shop.example.com/?e=ana%40example.com"');
    // a custom property holding a javascript: URL never becomes a link
    expect(body.html).not.toMatch(/javascript:/i);
    expect(body.text).toContain("Hello <script>alert(1)</script> O'Neil & Co");
  });

  it("fills them by email too (case-insensitive)", async () => {
    const { res, body } = await render(brand.key, templateId, { email: "ANA@example.com" });
    expect(res.status).toBe(200);
    expect(body.html).toContain("Tier: gold");
  });

  it("404 for a contact of another brand, with a clear detail", async () => {
    const { res } = await render(other.key, (await createTemplate(other.key, { sections: [] })).id, { contactID: contactId });
    const problem = await expectProblem(res, 404, "not-found");
    expect(problem.detail).toBe(`No contact with id ${contactId} in your brand`);
  });

  it("404 for an unknown email", async () => {
    const { res } = await render(brand.key, templateId, { email: "nobody@example.com" });
    const problem = await expectProblem(res, 404, "not-found");
    expect(problem.detail).toBe("No contact with email nobody@example.com in your brand");
  });

  it("400 for a malformed contactID", async () => {
    const { res } = await render(brand.key, templateId, { contactID: "xyz" });
    const problem = await expectProblem(res, 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "contactID", pointer: "/contactID" })]);
  });

  it("400 when both contactID and email are given", async () => {
    const { res } = await render(brand.key, templateId, { contactID: contactId, email: "ana@example.com" });
    const problem = await expectProblem(res, 400, "validation-failed");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "email", pointer: "/email", code: "not_allowed" })]);
  });

  it("400 for unknown body members", async () => {
    const { res } = await render(brand.key, templateId, { contact: "x" });
    await expectProblem(res, 400, "validation-failed");
  });
});

describe("templates", () => {
  it("404 for an unknown template and for another brand's template", async () => {
    await expectProblem((await render(brand.key, MISSING_ID)).res, 404, "not-found");
    await expectProblem((await render(other.key, templateId)).res, 404, "not-found");
  });

  it("400 for a malformed template id", async () => {
    await expectProblem((await render(brand.key, "not-an-id")).res, 400, "invalid-id");
  });

  it("reports unknown tags as warnings and never renders them raw", async () => {
    const { id } = await createTemplate(brand.key, {
      sections: [section("s", [text("t", "<p>A [[contact.shoe_size | big]] B [[order.total]] C</p>")])],
    });
    const { res, body } = await render(brand.key, id, { contactID: contactId });
    expect(res.status).toBe(200);
    expect(body.html).toContain("A big B  C");
    expect(body.html).not.toContain("[[");
    expect(body.warnings.filter((w: any) => !isCheck(w))).toEqual([
      expect.objectContaining({
        code: "unknown-tag",
        tag: "[[contact.shoe_size | big]]",
        pointer: "/sections/0/rows/0/columns/0/blocks/0",
      }),
      expect.objectContaining({ code: "unknown-tag", tag: "[[order.total]]", pointer: "/sections/0/rows/0/columns/0/blocks/0" }),
    ]);
  });

  it("resolves universal layouts, and re-renders when the layout changes", async () => {
    const layoutRes = await api("/api/email-universal-layouts", {
      key: brand.key,
      body: hexIds({ name: "Footer", content: section("footer", [text("f", "<p>Shared footer v1</p>")]) }),
    });
    const layout = await json(layoutRes);
    expect(layoutRes.status, JSON.stringify(layout)).toBe(201);
    const { id } = await createTemplate(brand.key, {
      sections: [{ id: "ul", type: "universal_layout", settings: { universalLayoutID: layout.id }, rows: [] }],
    });
    expect((await render(brand.key, id)).body.html).toContain("Shared footer v1");
    const put = await api(`/api/email-universal-layouts/${layout.id}`, {
      key: brand.key,
      method: "PUT",
      body: hexIds({ name: "Footer", content: section("footer", [text("f", "<p>Shared footer v2</p>")]) }),
    });
    expect(put.status).toBe(200);
    expect((await render(brand.key, id)).body.html).toContain("Shared footer v2");
  });

  it("re-renders after the template is replaced (cache keyed by updatedAt)", async () => {
    const { id } = await createTemplate(brand.key, { sections: [section("s", [text("t", "<p>Version one</p>")])] });
    expect((await render(brand.key, id)).body.html).toContain("Version one");
    const put = await api(`/api/email-templates/${id}`, {
      key: brand.key,
      method: "PUT",
      body: hexIds({ name: "Render test", sections: [section("s", [text("t", "<p>Version two</p>")])] }),
    });
    expect(put.status).toBe(200);
    const { body } = await render(brand.key, id);
    expect(body.html).toContain("Version two");
    expect(body.html).not.toContain("Version one");
  });

  it("gives a free-plan brand the badge, and a paying brand none", async () => {
    const free = await createTestBrand({ plan: "free" });
    const doc = { sections: [section("s", [text("t", "<p>Hi</p>")])] };
    const freeRender = await render(free.key, (await createTemplate(free.key, doc)).id);
    expect(freeRender.body.html).toContain("Sent with");
    expect((await render(brand.key, (await createTemplate(brand.key, doc)).id)).body.html).not.toContain("Sent with");
  });
});

describe("template syntax", () => {
  it("422 for a personalization tag that is never closed, naming the place", async () => {
    const { id } = await createTemplate(brand.key, {
      sections: [
        section("s", [
          text("ok", "<p>Fine</p>"),
          { id: "b", type: "button", button: { text: "Hi [[contact.first_name", link: "https://x.example" } },
        ]),
      ],
    });
    const { res } = await render(brand.key, id);
    const problem = await expectProblem(res, 422, "template-syntax");
    expect(problem.errors).toEqual([
      expect.objectContaining({
        pointer: "/sections/0/rows/0/columns/0/blocks/1/button/text",
        field: "sections.rows.columns.blocks.button.text",
        code: "unclosed_tag",
      }),
    ]);
  });
});

describe("section filter (conditional content) and visibility", () => {
  it("shows a filtered section only to the contacts it matches", async () => {
    const gold = {
      operator: "and",
      rules: [{ operator: "equals", property: { id: "tier", isSystem: false, name: "Tier", type: "string" }, value: "gold" }],
    };
    const { id } = await createTemplate(brand.key, {
      sections: [
        section("all", [text("a", "<p>For everyone</p>")]),
        section("vip", [text("v", "<p>Gold members only</p>")], { settings: { filter: gold }, visibility: { isMobileVisible: false } }),
      ],
    });
    const ana = await render(brand.key, id, { contactID: contactId });
    expect(ana.body.html).toContain("Gold members only");
    expect(ana.body.html).toContain("ink-hide-mobile");
    const bob = await json(
      await api("/api/contacts", {
        key: brand.key,
        body: { identifiers: [{ type: "email", id: "bob@example.com" }], customProperties: { tier: "silver" } },
      }),
    );
    const other = await render(brand.key, id, { contactID: bob.id });
    expect(other.body.html).toContain("For everyone");
    expect(other.body.html).not.toContain("Gold members only");
  });
});

describe("render rate limit", () => {
  it("allows 40 renders a minute per credential, then 429 with Retry-After; other endpoints are unaffected", async () => {
    const own = await createTestBrand();
    const created = await api("/api/email-templates", { key: own.key, body: { name: "Rate limited", sections: [] } });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await api(`/api/email-templates/${id}/render`, { key: own.key, method: "POST" });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await api(`/api/email-templates/${id}/render`, { key: own.key, method: "POST" });
    const body = await expectProblem(limited, 429, "rate-limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(body.detail).toContain("40");
    expect((await api(`/api/email-templates/${id}`, { key: own.key })).status).toBe(200);
  });
});
