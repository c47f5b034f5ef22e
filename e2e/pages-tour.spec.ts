// Every page at 1440x900 and 390x844 (issue 18): each page loads with no console error, no uncaught
// exception, no failed request and no horizontal overflow, and its screenshot is written to
// artifacts/screenshots/pages/ to be looked at. The data is a brand a marketer has started using:
// a template, contacts with tags and events, a segment, an OAuth app of their own, a connected app.
// axe finds no serious violation on the Settings, apps, consent and docs pages.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiKeyHeaders } from "./account-helpers";
import { seriousViolations } from "./axe-helpers";
import { admin, CALLBACK, captureCallback, makeOperator, newAccount, signInViaApi } from "./oauth-helpers";
import { SANDBOX_HELD } from "./contacts-helpers";

const SHOTS = "artifacts/screenshots/pages";
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

// Made in beforeAll (again in a new worker after a failure, so every page is still visited).
let account = { brandID: "", email: "", password: "" };
let run = "";
const ids = { template: "", contact: "", segment: "", unsubscribe: "", preferences: "" };
let apiKey = "";

const hex = (n: number) => n.toString(16).padStart(24, "0");
const headers = () => apiKeyHeaders(apiKey);

async function post(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { headers: headers(), data });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

type Tour = {
  name: string;
  path: () => string;
  /** what shows once the page is ready (its main heading, usually) */
  ready: (page: Page) => ReturnType<Page["getByRole"]>;
  signedIn?: boolean;
  /** Very long pages (the API reference) are shot at viewport height. */
  fullPage?: boolean;
  /** Run axe at 1440 px: on the whole page, or (very long pages) only on these parts. */
  axe?: boolean | string[];
  /** Problems this page is meant to have (the 404 page answers 404). */
  expected?: RegExp;
};

const heading = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { name, level: 1 });

const PAGES: Tour[] = [
  { name: "login", path: () => "/login", ready: heading("Sign in"), signedIn: false, axe: true },
  { name: "signup", path: () => "/signup", ready: heading(/Create/), signedIn: false },
  { name: "templates", path: () => "/templates", ready: heading("Templates") },
  { name: "editor", path: () => `/templates/${ids.template}`, ready: (page) => page.getByRole("textbox", { name: "Template name" }) },
  { name: "outbox-tests", path: () => "/outbox?show=tests", ready: heading("Outbox") },
  { name: "contacts", path: () => "/contacts", ready: heading("Contacts") },
  { name: "contact-new", path: () => "/contacts/new", ready: heading("Add contact") },
  { name: "contacts-import", path: () => "/contacts/import", ready: heading(/Import/) },
  { name: "profile", path: () => `/contacts/${ids.contact}`, ready: heading(/Ava/) },
  { name: "contact-edit", path: () => `/contacts/${ids.contact}/edit`, ready: heading(/Edit/) },
  { name: "segments", path: () => "/segments", ready: heading("Segments") },
  { name: "segment-new", path: () => "/segments/new", ready: heading(/segment/i) },
  { name: "segment-builder", path: () => `/segments/${ids.segment}`, ready: heading(/VIP/) },
  { name: "events", path: () => "/events", ready: heading("Events") },
  { name: "settings", path: () => "/settings", ready: heading("Settings"), axe: true },
  { name: "settings-brand", path: () => "/settings/brand", ready: heading("Brand"), axe: true },
  { name: "settings-api-keys", path: () => "/settings/api-keys", ready: heading("API keys"), axe: true },
  { name: "developer-apps", path: () => "/developer-apps", ready: heading("Developer apps"), axe: true },
  { name: "connected-apps", path: () => "/settings/connected-apps", ready: heading("Connected apps"), axe: true },
  { name: "operator", path: () => "/operator/oauth-clients", ready: heading("OAuth app requests"), axe: true },
  { name: "docs", path: () => "/docs", ready: heading(/./), axe: true },
  { name: "docs-api", path: () => "/docs/api", ready: heading(/./), axe: true },
  {
    // The longest section of the reference.
    name: "docs-api-contacts",
    path: () => "/docs/api/contacts",
    ready: heading("Contacts"),
    fullPage: false,
    axe: ["header", ".docs-toc", "#section-title", "#op-get-api-contacts"],
  },
  { name: "docs-api-schemas", path: () => "/docs/api/schemas", ready: heading("Schemas"), axe: true },
  { name: "docs-api-schema", path: () => "/docs/api/schemas/apikey", ready: heading("ApiKey"), axe: true },
  { name: "docs-v4-migration", path: () => "/docs/v4-migration", ready: heading(/./), axe: true },
  { name: "docs-problem", path: () => "/docs/problems/validation-failed", ready: heading(/./), axe: true },
  { name: "unsubscribe", path: () => ids.unsubscribe, ready: heading(/./), signedIn: false },
  { name: "preferences", path: () => ids.preferences, ready: heading(/./), signedIn: false },
  {
    name: "not-found",
    path: () => "/no-such-page",
    ready: heading("Page not found"),
    signedIn: false,
    expected: /^(404: GET|console: Failed to load resource: .* 404 .* at) \S+\/no-such-page$/,
  },
];

/** Everything that would show in the browser's console as a problem, for one page load. */
function watch(page: Page, origin: string): string[] {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !SANDBOX_HELD.test(m.text())) problems.push(`console: ${m.text()} at ${m.location().url}`);
  });
  page.on("pageerror", (e) => problems.push(`exception: ${e.message}`));
  page.on("requestfailed", (r) => {
    // A navigation or prefetch the page itself cancelled is not a failure.
    if (r.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400 && r.url().startsWith(origin)) problems.push(`${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  return problems;
}

test.beforeAll("a brand with a template, contacts, events, a segment and OAuth apps", async ({ browser }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  account = newAccount();
  run = account.brandID.slice(-6);
  const context = await browser.newContext();
  const page = await context.newPage();
  const request = page.request;
  makeOperator(account.email);
  apiKey = admin("create-api-key", "--brand", account.brandID, "--name", "Tour").apiKey;

  const template = await post(request, "/api/email-templates", {
    name: "Spring newsletter",
    sections: [
      {
        id: hex(1),
        rows: [
          {
            id: hex(2),
            columns: [
              {
                id: hex(3),
                blocks: [
                  { id: hex(4), type: "text", text: "<h1>Hello [[contact.first_name]]</h1><p>Our spring collection is here.</p>" },
                  {
                    id: hex(5),
                    type: "text",
                    text: '<p><a href="[[message.unsubscribe_url]]">Unsubscribe</a> · <a href="[[message.preferences_url]]">Preferences</a></p>',
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  });
  ids.template = template.id;

  const people = [
    { firstName: "Ava", lastName: "Smith", tags: ["vip", "newsletter", "spring-sale-2026"] },
    { firstName: "Ben", lastName: "Okafor", tags: ["newsletter"] },
    { firstName: "Chloé", lastName: "Durand-Lefèvre", tags: ["vip"] },
  ];
  for (const [i, p] of people.entries()) {
    const email = `${p.firstName
      .toLowerCase()
      .normalize("NFD")
      .replace(/[^a-z]/g, "")}-${run}@example.com`;
    const contact = await post(request, "/api/contacts", {
      identifiers: [
        { type: "email", id: email, channels: { email: { status: "subscribed" } } },
        ...(i === 0 ? [{ type: "phone", id: "+442071838750", channels: { sms: { status: "subscribed" } } }] : []),
      ],
      firstName: p.firstName,
      lastName: p.lastName,
      tags: p.tags,
      city: "Lisbon",
      countryCode: "PT",
    });
    if (i === 0) ids.contact = contact.id;
    const line = {
      productID: "sku-77",
      productTitle: "Linen shirt",
      productPrice: 49.5,
      productQuantity: 2,
      productURL: "https://shop.example.com/p/77",
    };
    const events = [
      { eventName: "viewed product", properties: { productID: "sku-77", productTitle: "Linen shirt", url: line.productURL } },
      { eventName: "added product to cart", properties: { cartID: `c-${i}`, currency: "EUR", value: 99, lineItems: [line] } },
      { eventName: "placed order", properties: { orderID: `o-${i}`, currency: "EUR", value: 99, lineItems: [line] } },
    ];
    for (const event of events) await post(request, "/api/events", { ...event, eventVersion: "v1", origin: "api", contact: { email } });
    await post(request, "/api/events", {
      eventName: "quiz completed",
      origin: "api",
      contact: { email },
      properties: { score: 7, answers: ["linen", "blue"] },
    });
  }
  const segment = await post(request, "/api/segments", {
    name: "VIP customers",
    conditionGroups: [{ conditions: [{ entity: "contact", filters: [{ property: "tags", operator: "anyOf", value: ["vip"] }] }] }],
  });
  ids.segment = segment.segmentID;

  const rendered = await post(request, `/api/email-templates/${ids.template}/render`, { contactID: ids.contact });
  const link = (kind: string) => new URL(new RegExp(`href="([^"]*/email/${kind}/[^"]+)"`).exec(rendered.html)![1]).pathname;
  ids.unsubscribe = link("unsubscribe");
  ids.preferences = link("preferences");

  // A connected app (through the consent page) and an app of the user's own (through Developer apps).
  const { clientID, clientSecret } = admin(
    "create-oauth-client",
    "--name",
    `Shop Sync ${run}`,
    "--redirect-uri",
    CALLBACK,
    "--contact-email",
    "dev@shopsync.example",
  );
  await captureCallback(context);
  await signInViaApi(page, account.email, account.password);
  await page.goto(
    `/oauth2/authorize?${new URLSearchParams({ response_type: "code", client_id: clientID, redirect_uri: CALLBACK, scope: "contacts.read events.write", state: "s" })}`,
  );
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SHOTS, `consent-${viewport.width}.png`), fullPage: true });
    expect(await horizontalOverflow(page)).toBe(0);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByRole("heading", { name: "App callback" })).toBeVisible();
  // The app is connected once it has exchanged its code for tokens.
  const code = new URL(page.url()).searchParams.get("code")!;
  const form = { grant_type: "authorization_code", code, redirect_uri: CALLBACK, client_id: clientID, client_secret: clientSecret };
  expect((await request.post("/oauth2/token", { form })).status()).toBe(200);

  await page.goto("/developer-apps");
  await page.getByLabel("App name").fill(`Loyalty points ${run}`);
  await page.getByLabel("Redirect URIs").fill("https://loyalty.example/oauth/callback\nhttps://staging.loyalty.example/oauth/callback");
  await page.getByLabel(/See your contacts/).check();
  await page.getByLabel(/Create and update your contacts/).check();
  await page.getByRole("button", { name: "Request credentials" }).click();
  await expect(page.getByRole("row", { name: new RegExp(`Loyalty points ${run}`) }).getByText("Waiting for review")).toBeVisible();
  await context.close();
});

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const tour of PAGES) {
  test(`${tour.name}: no console error, no overflow at 1440 and 390 px`, async ({ page, baseURL }) => {
    test.setTimeout(120_000); // the machine the suite runs on may be busy; this is not a timing test
    if (tour.signedIn !== false) await signInViaApi(page, account.email, account.password);
    const problems = watch(page, new URL(baseURL!).origin);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(tour.path());
      // Generous waits: the suite shares its machine; none of this measures speed.
      await expect(tour.ready(page).first()).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState("networkidle");
      await expect(page.locator(".loading:visible")).toHaveCount(0, { timeout: 30_000 });
      await page.screenshot({ path: path.join(SHOTS, `${tour.name}-${viewport.width}.png`), fullPage: tour.fullPage ?? true });
      expect(await horizontalOverflow(page), `${tour.name} at ${viewport.width} px scrolls sideways`).toBe(0);
      if (tour.axe && viewport.width === 1440)
        expect(await seriousViolations(page, { include: tour.axe === true ? [] : tour.axe })).toEqual([]);
    }
    expect(problems.filter((p) => !tour.expected?.test(p))).toEqual([]);
  });
}

test("a favicon is served (Chromium asks for /favicon.ico on every page) and the pages link the icon", async ({ page }) => {
  for (const icon of ["/favicon.ico", "/icon.svg"]) expect((await page.request.get(icon)).status(), icon).toBe(200);
  await page.goto("/login");
  await expect(page.locator('head link[rel="icon"]').first()).toHaveAttribute("href", /icon|favicon/);
});

test("the docs render their Markdown (no literal backticks) and their header knows who is signed in", async ({ page }) => {
  await page.goto("/docs/api");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Sign in" })).toBeVisible();
  await signInViaApi(page, account.email, account.password);
  await page.goto("/docs/api");
  await expect(header.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  await expect(header.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(header).toContainText(account.email);
  const text = await page.locator("main").innerText();
  expect(text).not.toContain("`");
  expect(text).not.toMatch(/\*\*\w/);
  // Inline code from the descriptions is code, not text between backticks.
  await expect(page.locator("#overview code").first()).toBeVisible();
});
