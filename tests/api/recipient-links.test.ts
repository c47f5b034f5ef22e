// System tags over HTTP: the renderer fills brand.* from the brand's settings and message.* with signed
// per-recipient links; the unsubscribe and preferences pages change the contact's email channel (status
// history records them), links of previews and test sends change nothing, and a forged link does nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { signLink } from "@/lib/recipient-links/link-token";
import { api, baseUrl, createTestBrand, expectProblem, json, type TestBrand } from "./helpers";
import { createTemplate, render } from "./render-helpers";

let brand: TestBrand;
let other: TestBrand;
let templateId = "";
let contactId = "";
const EMAIL = "rita@links.test";

const page = (path: string, init: RequestInit = {}) => fetch(baseUrl() + path, { redirect: "manual", ...init });
/** A page's HTML without the markers React puts between adjacent text pieces. */
const htmlOf = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");
const post = (path: string, form: Record<string, string> = {}) =>
  page(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
const linksOf = (html: string) => ({
  unsubscribe: /href="([^"]*\/email\/unsubscribe\/[^"]+)"/.exec(html)?.[1],
  preferences: /href="([^"]*\/email\/preferences\/[^"]+)"/.exec(html)?.[1],
  view: /href="([^"]*\/email\/view\/[^"]+)"/.exec(html)?.[1],
});
const pathOf = (url: string) => new URL(url.replace(/&amp;/g, "&")).pathname;
async function emailStatus(): Promise<{ status: string }> {
  const contact = await json(await api(`/api/contacts/${contactId}`, { key: brand.key }));
  return { status: contact.identifiers[0].channels.email.status };
}

beforeAll(async () => {
  brand = await createTestBrand({ name: "Links & Co" });
  other = await createTestBrand();
  const patched = await api("/api/brand", {
    key: brand.key,
    method: "PATCH",
    body: { postalAddress: "1 Harbour Road\nPortsmouth PO1 2AB" },
  });
  expect(patched.status, await patched.clone().text()).toBe(200);
  ({ id: templateId } = await createTemplate(brand.key, {
    sections: [
      {
        id: "s",
        rows: [
          {
            id: "r",
            columns: [
              {
                id: "c",
                blocks: [
                  {
                    id: "footer",
                    type: "text",
                    text: '<p>[[brand.name]], [[brand.postal_address]]</p><p><a href="[[message.unsubscribe_url]]">Unsubscribe</a> <a href="[[message.preferences_url]]">Preferences</a> <a href="[[message.view_in_browser_url]]">View</a></p>',
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  }));
  const res = await api("/api/contacts", {
    key: brand.key,
    body: { identifiers: [{ type: "email", id: EMAIL, channels: { email: { status: "subscribed" } } }], firstName: "Rita" },
  });
  contactId = (await json(res)).id;
});

describe("brand settings", () => {
  it("reads and changes the name and postal address; /api/me shows them", async () => {
    const read = await json(await api("/api/brand", { key: brand.key }));
    expect(read).toEqual({
      id: brand.brandId,
      name: "Links & Co",
      plan: "standard",
      postalAddress: "1 Harbour Road\nPortsmouth PO1 2AB",
      timeZone: "UTC",
      defaultSendHour: 10,
    });
    expect((await json(await api("/api/me", { key: brand.key }))).brand.postalAddress).toBe("1 Harbour Road\nPortsmouth PO1 2AB");
    const cleared = await json(await api("/api/brand", { key: other.key, method: "PATCH", body: { postalAddress: "" } }));
    expect(cleared.postalAddress).toBeNull();
  });

  it("validates the patch, all errors at once", async () => {
    const bad = await expectProblem(
      await api("/api/brand", {
        key: brand.key,
        method: "PATCH",
        body: { name: "", postalAddress: "x".repeat(501), plan: "pro", timeZone: "Mars/Olympus", defaultSendHour: 24 },
      }),
      400,
      "validation-failed",
    );
    expect(bad.errors.map((e: any) => [e.pointer, e.code]).sort()).toEqual([
      ["/defaultSendHour", "too_big"],
      ["/name", "too_small"],
      ["/plan", "unknown_field"],
      ["/postalAddress", "too_big"],
      ["/timeZone", "invalid_time_zone"],
    ]);
  });

  it("keeps the time zone and default send hour campaigns and automations reckon in", async () => {
    const changed = await json(
      await api("/api/brand", { key: other.key, method: "PATCH", body: { timeZone: "Europe/Vilnius", defaultSendHour: 7 } }),
    );
    expect(changed).toMatchObject({ timeZone: "Europe/Vilnius", defaultSendHour: 7 });
    expect((await json(await api("/api/me", { key: other.key }))).brand).toMatchObject({ timeZone: "Europe/Vilnius", defaultSendHour: 7 });
  });
});

describe("system tags", () => {
  it("fill the brand's details and signed links on the service's origin", async () => {
    const { body } = await render(brand.key, templateId, { contactID: contactId });
    expect(body.html).toContain("Links &amp; Co, 1 Harbour Road, Portsmouth PO1 2AB");
    const links = linksOf(body.html);
    // APP_URL is unset on the test server: the public origin is http://localhost:PORT
    const origin = baseUrl().replace("127.0.0.1", "localhost");
    for (const url of Object.values(links)) expect(url?.startsWith(`${origin}/email/`), url).toBe(true);
    expect(links.unsubscribe).toMatch(/\/email\/unsubscribe\/[A-Za-z0-9_-]{71}$/);
    expect(body.text).toContain("/email/unsubscribe/");
    expect(body.warnings.filter((w: any) => w.code === "unknown-tag")).toEqual([]);
  });

  it("a misspelt system tag is an unknown-tag warning naming the known ones", async () => {
    const { id } = await createTemplate(brand.key, {
      sections: [
        {
          id: "s",
          rows: [{ id: "r", columns: [{ id: "c", blocks: [{ id: "t", type: "text", text: "<p>[[message.unsubscribe]]</p>" }] }] }],
        },
      ],
    });
    const { body } = await render(brand.key, id);
    expect(body.warnings).toContainEqual(
      expect.objectContaining({
        code: "unknown-tag",
        tag: "[[message.unsubscribe]]",
        message: expect.stringMatching(/known: unsubscribe_url/),
      }),
    );
  });
});

describe("unsubscribe page", () => {
  it("asks first (a GET changes nothing), then unsubscribes the email channel and records it", async () => {
    const { body } = await render(brand.key, templateId, { contactID: contactId });
    const path = pathOf(linksOf(body.html).unsubscribe!);
    const shown = await page(path);
    expect(shown.status).toBe(200);
    const html = await htmlOf(shown);
    expect(html).toContain("Unsubscribe from Links &amp; Co emails?");
    expect(html).toContain(EMAIL);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect((await emailStatus()).status).toBe("subscribed");

    const done = await post(`${path}/confirm`);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`${path}?done=1`);
    const after = await emailStatus();
    expect(after.status).toBe("unsubscribed");
    expect(await htmlOf(await page(`${path}?done=1`))).toContain("You are unsubscribed");
  });

  it("the preferences page subscribes again (recorded with the page as source and consent)", async () => {
    const { body } = await render(brand.key, templateId, { contactID: contactId });
    const path = pathOf(linksOf(body.html).preferences!);
    expect(await htmlOf(await page(path))).toContain("Email preferences");
    const saved = await post(`${path}/save`, { status: "subscribed" });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`${path}?saved=1`);
    const contact = await json(await api(`/api/contacts/${contactId}`, { key: brand.key }));
    expect(contact.identifiers[0].channels.email.status).toBe("subscribed");
    expect(contact.identifiers[0].consent).toMatchObject({ source: "preferences page" });
    // a form without a choice changes nothing
    expect((await post(`${path}/save`, {})).headers.get("location")).toBe(path);
  });

  it("records each change in the status history with its source", async () => {
    const { db } = await import("@/lib/db");
    const changes = await db.contactStatusChange.findMany({
      where: { contactId },
      orderBy: { at: "asc" },
      select: { from: true, to: true, source: true },
    });
    expect(changes.slice(-2)).toEqual([
      { from: "subscribed", to: "unsubscribed", source: "unsubscribe-link" },
      { from: "unsubscribed", to: "subscribed", source: "preferences-page" },
    ]);
  });

  it("preview and test links show the page but change nothing", async () => {
    const { body } = await render(brand.key, templateId);
    const preview = pathOf(linksOf(body.html).unsubscribe!);
    expect(await htmlOf(await page(preview))).toContain("This is a preview.");
    const test = `/email/unsubscribe/${signLink({ mode: "test", brandId: brand.brandId, contactId, templateId })}`;
    expect(await htmlOf(await page(test))).toContain("This is a test email.");
    expect((await post(`${test}/confirm`)).status).toBe(303);
    expect((await emailStatus()).status).toBe("subscribed");
  });

  it("a forged or damaged link does nothing and says so", async () => {
    const real = signLink({ mode: "live", brandId: brand.brandId, contactId, templateId });
    const forged = real.slice(0, -3) + (real.endsWith("AAA") ? "BBB" : "AAA");
    const shown = await page(`/email/unsubscribe/${forged}`);
    expect(shown.status).toBe(200);
    expect(await htmlOf(shown)).toContain("This link does not work");
    expect((await post(`/email/unsubscribe/${forged}/confirm`)).status).toBe(303);
    expect((await emailStatus()).status).toBe("subscribed");
    // another brand's link cannot reach this contact: the signature covers brand and contact together
    const elsewhere = signLink({ mode: "live", brandId: other.brandId, contactId, templateId });
    expect(await htmlOf(await page(`/email/unsubscribe/${elsewhere}`))).toContain("Nothing to change");
  });
});

describe("view in browser", () => {
  it("serves the email for its contact in a CSP sandbox; unknown links are 404", async () => {
    const { body } = await render(brand.key, templateId, { contactID: contactId });
    const res = await page(pathOf(linksOf(body.html).view!));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toMatch(/^sandbox[ ;]/);
    expect(res.headers.get("content-security-policy")).not.toMatch(/allow-scripts|allow-same-origin/);
    const html = await res.text();
    expect(html).toContain("Links &amp; Co, 1 Harbour Road");
    expect(html).toContain("/email/unsubscribe/");
    expect((await page("/email/view/nope")).status).toBe(404);
    const gone = signLink({ mode: "live", brandId: brand.brandId, contactId, templateId: "0000000000000000deadbeef" });
    expect((await page(`/email/view/${gone}`)).status).toBe(404);
  });
});
