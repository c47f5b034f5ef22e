// Signup forms (issue 40) as a marketer and a visitor meet them: the Forms page's empty state, a form built
// in the dashboard with its live preview, its snippet pasted into a page served from ANOTHER origin (a tiny
// http server on another port), a visitor's signup there, the confirmation email caught by an SMTP sink
// and its link followed: the contact is subscribed and the form's figures say so. This spec starts its own
// server (the suite's has no SMTP server) pointed at the sink. Axe on the dashboard pages and the hosted
// page; screenshots at 1440 and 390 px.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { seriousViolations, WCAG21AA } from "./axe-helpers";
import { simpleParser } from "mailparser";
import { newOwner, signUp } from "./account-helpers";
import { startSmtpSink, type SmtpSink } from "../tests/fixtures/smtp-sink";
import { startTestServer, type TestServer } from "../tests/api/setup/test-server";
import { shootBothWidths, watchConsole } from "./contacts-helpers";

test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
const owner = newOwner("forms", "Fernleaf", run);
let server: TestServer;
let sink: SmtpSink;
let host: { url: string; snippet: string; close: () => Promise<void> };
let page: Page;
let errors: string[] = [];
const notFound: string[] = [];
let formId = "";

const AXE = { tags: WCAG21AA, legacyMode: true };

async function startHost(): Promise<typeof host> {
  const state = { url: "", snippet: "", close: async () => {} };
  const srv = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title>` +
        `<style>body{font-family:Georgia,serif;background:#fffbe6} input,button{all:unset}</style></head>` +
        `<body><main><h1>The shop's own page</h1><p>Articles and offers.</p>${state.snippet}<p>More of the page.</p></main></body></html>`,
    );
  });
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  state.url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/`;
  state.close = () => new Promise((r) => srv.close(() => r()));
  return state;
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(240_000);
  sink = await startSmtpSink();
  server = await startTestServer({
    label: "e2e-forms",
    env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(sink.port), SMTP_TLS: "none", SMTP_FROM: "Inkwell <no-reply@inkwell.test>" },
  });
  host = await startHost();
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  errors = watchConsole(page);
  page.on("response", (r) => r.status() === 404 && notFound.push(new URL(r.url()).pathname));
  await signUp(page, owner);
});

test.afterAll(async () => {
  await page?.context().close();
  await host?.close();
  await server?.stop();
  await sink?.close();
});

test("the Forms page starts empty and says what forms are for", async () => {
  await page.getByRole("link", { name: "Forms", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Forms", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No forms yet" })).toBeVisible();
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await shootBothWidths(page, "forms-empty");
});

test("a form is built with a live preview and saved with its snippet", async () => {
  await page.getByRole("link", { name: "Create a form" }).click();
  await expect(page.getByRole("heading", { name: "New form", level: 1 })).toBeVisible();
  const preview = page.getByRole("region", { name: "Preview" });
  await page.getByLabel("Name", { exact: true }).fill("Spring newsletter");
  await page.getByLabel("Title").fill("Join the Fernleaf letter");
  await expect(preview.getByText("Join the Fernleaf letter")).toBeVisible();
  await page.getByRole("checkbox", { name: "Last name" }).check();
  await expect(preview.getByText("Last name", { exact: true })).toBeVisible();
  await page.getByLabel("Button", { exact: true }).fill("Count me in");
  await expect(preview.getByText("Count me in")).toBeVisible();
  await page.getByRole("radio", { name: /Popup/ }).check();
  await page.getByLabel("Opens").selectOption("scroll");
  await expect(preview.getByText("Opens once the visitor scrolled 50% of the page.")).toBeVisible();
  await page.getByRole("radio", { name: /Inline/ }).check();
  expect(await seriousViolations(page, AXE)).toEqual([]);
  await shootBothWidths(page, "forms-builder");

  await page.getByRole("button", { name: "Create form" }).click();
  await expect(page).toHaveURL(/\/forms\/[0-9a-f]{24}$/);
  formId = page.url().split("/").pop()!;
  const snippet = await page.getByLabel("Snippet to paste into your website").inputValue();
  expect(snippet).toContain(`/f/${formId}/embed.js`);
  host.snippet = snippet;
  await expect(page.getByRole("textbox", { name: "Hosted page" })).toHaveValue(new RegExp(`/f/${formId}$`));
  await shootBothWidths(page, "forms-saved");
});

test("the hosted page is accessible", async () => {
  const hosted = await page.context().newPage();
  await hosted.goto(`${server.baseUrl}/f/${formId}`);
  await expect(hosted.getByRole("heading", { name: "Join the Fernleaf letter" })).toBeVisible();
  await expect(hosted.getByLabel("Email")).toBeVisible();
  expect(await seriousViolations(hosted, AXE)).toEqual([]);
  await shootBothWidths(hosted, "forms-hosted");
  await hosted.close();
});

test("a visitor signs up on another origin's page and confirms from the email at the SMTP sink", async () => {
  const visitor = await page.context().browser()!.newContext();
  const shop = await visitor.newPage();
  const shopErrors = watchConsole(shop);
  await shop.goto(host.url);
  await expect(shop.getByRole("heading", { name: "The shop's own page" })).toBeVisible();
  // The form lives in a shadow root, untouched by the shop's styles; Playwright's locators reach into it.
  const email = `visitor-${run}@example.com`;
  await shop.getByLabel("Email").fill(email);
  await shop.getByLabel("Last name").fill("Lovelace");
  await shop.getByRole("button", { name: "Count me in" }).click();
  await expect(shop.getByRole("status")).toContainText("Check your inbox");
  expect(shopErrors).toEqual([]);

  await sink.waitFor(1, 30_000);
  const mail = await simpleParser(sink.received.find((m) => m.to.includes(email))!.raw);
  expect(`${mail.html}\n${mail.text}`).not.toContain("Lovelace");
  const link = /https?:\/\/[^\s"<>]+\/f\/confirm\/[A-Za-z0-9._-]+/.exec(mail.text ?? "")![0];
  // Opening the link confirms nothing yet (a mail scanner's prefetch would): its button does.
  await shop.goto(link.replace(/^https?:\/\/[^/]+/, server.baseUrl));
  await expect(shop.getByRole("heading", { name: /Confirm your subscription/ })).toBeVisible();
  await shop.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(shop.getByRole("heading", { name: /Subscription confirmed/ })).toBeVisible();
  await shop.goto(link.replace(/^https?:\/\/[^/]+/, server.baseUrl));
  await expect(shop.getByRole("heading", { name: /Already confirmed/ })).toBeVisible();
  await visitor.close();

  await page.goto("/forms");
  const row = page.getByRole("row", { name: /Spring newsletter/ });
  await expect(row.getByRole("cell").nth(3)).toHaveText("1"); // confirmed
  await shootBothWidths(page, "forms-list");
  expect(notFound).toEqual([]);
  expect(errors).toEqual([]);
});
