// The Replies view (issue 39: mail people write back, kept for a person to read under the Outbox): its empty
// state, then a reply received the way a Postfix pipe hands it over (build/receive-mail.mjs, as
// tests/api/inbound.test.ts does) to the envelope sender of one of the brand's messages, and handled by the
// server's inbound job. The reply carries script and an <img onerror>: the page shows them as text, runs
// nothing and renders no markup of the sender's. Reached by keyboard from the Outbox; axe clean; screenshots
// at 1440 and 390 px in artifacts/screenshots/replies-*.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { apiKeyHeaders, newOwner, signUpWithApiKey, verifySender } from "./account-helpers";
import { seriousViolations, WCAG21AA } from "./axe-helpers";
import { shootBothWidths, watchConsole } from "./contacts-helpers";

test.describe.configure({ mode: "serial", timeout: 180_000 });

const run = Date.now().toString(36);
const owner = newOwner("replies", "Replies", run);
/** The e2e server's AUTH_SECRET (playwright.config.ts): the reply's address is signed with the server's key. */
const AUTH_SECRET = process.env.E2E_AUTH_SECRET!;
const DOMAIN = "bounces.e2e.test";
const CLIENT = `client-${run}@e2e.test`;
const SUBJECT = "Re: Harvest <script>window.__pwned = 'subject'</script> sale";
let apiKey = "";
/** The page header's way back (the no-mail-server notice links to the Outbox too). */
const backToOutbox = () => page.locator(".page-header").getByRole("link", { name: "Outbox" });
let page: Page;
let errors: string[] = [];

const headers = () => apiKeyHeaders(apiKey);
const databaseUrl = () => process.env.E2E_DATABASE_URL ?? `file:${path.join(process.env.E2E_DATA_DIR!, "inkwell.db")}`;

async function post(p: string, data: unknown) {
  const res = await page.request.post(p, { headers: headers(), data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.status() === 204 ? null : res.json();
}

/** A person's answer to the message, hostile markup in every part a sender controls. */
function reply(to: string): string {
  return [
    `Return-Path: <${CLIENT}>`,
    `From: "Cleo <img src=x onerror=window.__pwned='name'>" <${CLIENT}>`,
    `To: ${to}`,
    `Subject: ${SUBJECT}`,
    "Date: Sun, 29 Nov 2026 08:00:00 +0000",
    `Message-ID: <reply-${run}@e2e.test>`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/alternative; boundary="b1"',
    "",
    "--b1",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Do you ship to Norway? <img src=x onerror=\"window.__pwned = 'text'\"> <script>window.__pwned = 'script'</script>",
    "",
    "--b1",
    "Content-Type: text/html; charset=utf-8",
    "",
    "<p>Do you ship to Norway?</p><img src=x onerror=\"window.__pwned = 'html'\"><script>window.__pwned = 'html'</script>",
    "--b1--",
    "",
  ].join("\r\n");
}

/** Hands `raw` over as a Postfix pipe does: the light entry point, a bare environment, the message on stdin. */
function pipe(raw: string, recipient: string): string {
  return execFileSync(process.execPath, [path.resolve("build/receive-mail.mjs"), "--recipient", recipient], {
    input: raw,
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl(), AUTH_SECRET, RETURN_PATH_DOMAIN: DOMAIN, NODE_ENV: "production" },
    encoding: "utf8",
  });
}

/** Tab from the top of the page until `target` has the focus; false when it never does. */
async function tabTo(target: ReturnType<Page["locator"]>, max = 60): Promise<boolean> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return true;
  }
  return false;
}

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage();
  errors = watchConsole(page);
});

test("no replies yet: the empty state says what fills the page, reached by keyboard from the Outbox", async () => {
  apiKey = await signUpWithApiKey(page, owner);
  await page.goto("/outbox");
  const link = page.getByRole("link", { name: "Replies", exact: true });
  expect(await tabTo(link)).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/outbox\/replies$/);
  await expect(page.getByRole("heading", { name: "Replies", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No replies yet" })).toBeVisible();
  await expect(page.getByText("what people write back to your emails shows here")).toBeVisible();
  expect(await tabTo(backToOutbox())).toBe(true);
  expect(await seriousViolations(page, { tags: WCAG21AA })).toEqual([]);
  await shootBothWidths(page, "replies-empty");
  expect(errors).toEqual([]);
});

test("a reply piped in shows its sender, subject and text as text: nothing of it runs or renders", async () => {
  // A message of the brand to answer: a campaign's test email (kept in the outbox: no mail server here).
  const template = await post("/api/email-templates/import", {
    name: "Harvest letter",
    html: "<html><body><h1>Hello [[contact.first_name | there]]</h1><p>The harvest sale starts.</p></body></html>",
  });
  const sender = `news-${run}@harvest.example`;
  const brand = await verifySender(page.request, headers(), sender, "Harvest");
  const campaign = await post("/api/campaigns", {
    channel: "email",
    type: "regular",
    name: "Harvest sale",
    content: { email: { templateID: template.id, subject: "Harvest sale", senderName: "Harvest", senderEmail: sender } },
  });
  await post(`/api/campaigns/${campaign.id}/test-email`, { recipients: [CLIENT] });
  const out = execFileSync("node_modules/.bin/tsx", ["e2e/fixtures/return-path-address.ts", "--brand", brand.id, "--domain", DOMAIN], {
    env: { ...process.env, DATABASE_URL: databaseUrl(), AUTH_SECRET },
    encoding: "utf8",
  });
  const { address, messageID } = JSON.parse(out.trim().split("\n").pop()!) as { address: string; messageID: string };
  expect(pipe(reply(address), address)).toContain("receive-mail: stored");

  // The server's inbound job handles it (a poll away): then the API lists it, as text only.
  await expect
    .poll(
      async () =>
        (await (await page.request.get("/api/inbound-mail?outcome=reply", { headers: headers() })).json()).inboundMail.map(
          (m: { messageID: string | null }) => m.messageID,
        ),
      { timeout: 30_000 },
    )
    .toEqual([messageID]);

  await page.goto("/outbox/replies");
  const item = page.getByRole("list", { name: "Replies" }).getByRole("listitem").filter({ hasText: "Do you ship to Norway?" });
  await expect(item).toBeVisible();
  await expect(item.getByRole("heading", { level: 2 })).toHaveText(SUBJECT);
  await expect(item).toContainText(`From ${CLIENT}`);
  await expect(item).toContainText(`<img src=x onerror="window.__pwned = 'text'"> <script>window.__pwned = 'script'</script>`);
  await expect(page.getByRole("heading", { name: "No replies yet" })).toHaveCount(0);
  // Shown, not rendered: no element of the sender's in the page, and none of its script ran.
  await expect(page.locator(".replies-list img, .replies-list script")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  // Nothing wider than a phone: a long line of the reply wraps.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await tabTo(backToOutbox())).toBe(true);
  expect(await seriousViolations(page, { tags: WCAG21AA })).toEqual([]);
  await shootBothWidths(page, "replies-list");
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  expect(errors).toEqual([]);
});
