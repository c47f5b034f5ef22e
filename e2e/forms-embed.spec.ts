// Signup forms' public side in Chromium, on another origin: a website (http://localhost:<port>) includes
// embed.js from "Inkwell" (http://127.0.0.1:<port>, e2e/fixtures/forms-embed-server.ts: the real
// embedScript, createChallenge, screenSubmission and renderHostedPage behind a minimal server). Checked:
// the inline form in a shadow root the website's styles do not reach, the proof-of-work solved in the
// browser and the JSON post, the typo hint, the popup's triggers (delay, exit intent, scroll), its focus
// trap, Escape and focus return, the hosted page under its Content-Security-Policy, with and without
// JavaScript, and axe on the hosted page and the popup.
import { spawn, type ChildProcess } from "node:child_process";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { seriousViolations } from "./axe-helpers";

let server: ChildProcess;
let inkwell = "";
let site = "";

test.beforeAll(async () => {
  server = spawn("node_modules/.bin/tsx", ["e2e/fixtures/forms-embed-server.ts"], {
    env: {
      ...process.env,
      AUTH_SECRET: "e2e-forms-embed-secret-not-for-production",
      FORMS_CHALLENGE_MAX_NUMBER: "20000",
      FORMS_SIGNUPS_PER_IP_PER_HOUR: "100",
      FORMS_SIGNUPS_PER_NETWORK_PER_HOUR: "100",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    server.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString()));
    server.once("exit", (code) => reject(new Error(`forms-embed-server exited with ${code}`)));
  });
  ({ inkwell, site } = JSON.parse(line) as { inkwell: string; site: string });
});
test.afterAll(() => void server?.kill());

type Submission = { formID: string; body: Record<string, unknown>; verdict: { verdict: string; code?: string } };
async function submissions(page: Page): Promise<Submission[]> {
  return (await page.request.get(`${inkwell}/submissions`)).json();
}

/** Script errors of the test's pages: none is expected, from the website or from our script. */
let pageErrors: string[] = [];
test.beforeEach(() => {
  pageErrors = [];
});
test.afterEach(() => expect(pageErrors).toEqual([]));

/** A page of its own context: axe (AxeBuilder) refuses pages made by browser.newPage(). */
async function newPage(browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options })).newPage();
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return page;
}

/** The element focused, through shadow roots: "<tag>#<id or name>" and whether it is in the form's shadow root. */
async function focused(page: Page) {
  return page.evaluate(() => {
    let a = document.activeElement;
    let shadow = false;
    while (a?.shadowRoot?.activeElement) {
      a = a.shadowRoot.activeElement;
      shadow = true;
    }
    const name = a?.getAttribute("name") || a?.id || a?.getAttribute("aria-label") || "";
    return { what: `${a?.tagName.toLowerCase()}#${name}`, shadow };
  });
}

test("inline: rendered where the script is, untouched by the website's styles, solved, posted cross-origin", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto(`${site}/?form=frm_inline`);
  const form = page.getByRole("form", { name: "Join the Inkpot letter" });
  await expect(form).toBeVisible();
  // in document order: between the two paragraphs around the script tag
  const order = await page.evaluate(() => {
    const host = document.querySelector("[data-inkwell-form-host]")!;
    return [host.previousElementSibling?.tagName, host.nextElementSibling?.textContent];
  });
  expect(order).toEqual(["SCRIPT", "After the form."]);

  // The website hides h2 and label, paints inputs green and every text dark red: none of it gets in.
  const email = page.getByLabel("Email address");
  await expect(page.getByRole("heading", { name: "Join the Inkpot letter", level: 2 })).toBeVisible();
  await expect(email).toHaveCSS("background-color", "rgb(255, 255, 255)");
  await expect(email).toHaveCSS("border-top-width", "1px");
  const label = page.locator("label[for$='-email']");
  await expect(label).toHaveCSS("color", "rgb(29, 36, 51)");
  await expect(label).toHaveCSS("letter-spacing", "normal");
  await expect(label).toHaveCSS("display", "block");
  // ... while the website's own text keeps its style
  await expect(page.getByText("Before the form.")).toHaveCSS("color", "rgb(120, 0, 0)");
  // view text is text: the topic named with a script tag shows it as written
  await expect(page.getByText("Offers <script>alert(1)</script>")).toBeVisible();

  await email.fill("ada@inkpot.test");
  await page.getByLabel("First name").fill("Ada");
  await page.getByRole("button", { name: "Sign me up" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thanks! Check your inbox to confirm." })).toBeVisible();
  expect(await focused(page)).toMatchObject({ shadow: true });

  const [last] = (await submissions(page)).slice(-1);
  expect(last.verdict).toEqual({ verdict: "accept" });
  expect(last.body).toMatchObject({
    email: "ada@inkpot.test",
    firstName: "Ada",
    topicIDs: ["top_news", "top_offers"],
    website: "",
    acceptTypo: false,
  });
  expect(typeof last.body.altcha).toBe("string");
});

test("the dashboard's snippet: the form fills its div, also when the script loads async", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto(`${site}/?form=frm_inline&snippet`);
  await expect(page.getByRole("form", { name: "Join the Inkpot letter" })).toBeVisible();
  expect(await page.evaluate(() => document.querySelector("[data-inkwell-form-host]")?.parentElement?.id)).toBe("inkwell-form-frm_inline");
  await expect(page.locator("[data-inkwell-form-host]")).toHaveCount(1);
});

test("a website without crypto.subtle (plain http): the script's own SHA-256 solves the challenge; a form without topic choices posts none", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await page.addInitScript(() => Object.defineProperty(Crypto.prototype, "subtle", { get: () => undefined }));
  await page.goto(`${site}/?form=frm_plain`);
  expect(await page.evaluate(() => window.crypto.subtle)).toBeUndefined();
  await page.getByLabel("Email address").fill("dee@inkpot.test");
  await page.getByRole("button", { name: "Sign me up" }).click();
  await expect(page.getByText("Thanks! Check your inbox to confirm.")).toBeVisible();
  const [last] = (await submissions(page)).slice(-1);
  expect(last).toMatchObject({ formID: "frm_plain", body: { email: "dee@inkpot.test" }, verdict: { verdict: "accept" } });
  // without the field the form's own topics apply (lib/forms/submit-form.ts)
  expect(last.body).not.toHaveProperty("topicIDs");
});

test("a visitor who takes longer than a challenge lives: the script fetches and solves a new one before posting", async ({ browser }) => {
  const page = await newPage(browser);
  await page.clock.install();
  await page.goto(`${site}/?form=frm_slow`);
  const fetched = async () => ((await (await page.request.get(`${inkwell}/challenges`)).json()) as Record<string, number>).frm_slow ?? 0;
  await expect.poll(fetched).toBe(1);
  await page.getByLabel("Email address").fill("eve@inkpot.test");
  await page.clock.fastForward("21:00"); // FORMS_CHALLENGE_EXPIRES_SECONDS: 20 minutes
  await page.getByRole("button", { name: "Sign me up" }).click();
  await expect(page.getByText("Thanks! Check your inbox to confirm.")).toBeVisible();
  // the first, its renewal at the click, and the one made ready for a next attempt
  expect(await fetched()).toBe(3);
  const [last] = (await submissions(page)).slice(-1);
  expect(last).toMatchObject({ formID: "frm_slow", verdict: { verdict: "accept" } });
});

test("typo hint: 'use gmail.com' corrects and sends; insisting sends acceptTypo, errors are tied to the field", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto(`${site}/?form=frm_inline`);
  const email = page.getByLabel("Email address");
  await email.fill("ada@gmial.com");
  await page.getByRole("button", { name: "Sign me up" }).click();
  await expect(page.getByText("Did you mean ada@gmail.com?")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription(/Did you mean ada@gmail.com\?/);
  await expect(email).toBeFocused();

  // insisting: the firewall skips the hint (and then finds gmial.com on the disposable list)
  await page.getByRole("button", { name: "Keep ada@gmial.com" }).click();
  await expect(email).toHaveAccessibleDescription(/throwaway addresses/);
  let [last] = (await submissions(page)).slice(-1);
  expect(last.body).toMatchObject({ email: "ada@gmial.com", acceptTypo: true });
  expect(last.verdict).toMatchObject({ code: "disposable-domain" });

  await email.fill("ada@gmial.com");
  await page.getByRole("button", { name: "Sign me up" }).click();
  await page.getByRole("button", { name: "Use gmail.com" }).click();
  await expect(page.getByText("Thanks! Check your inbox to confirm.")).toBeVisible();
  [last] = (await submissions(page)).slice(-1);
  expect(last.body).toMatchObject({ email: "ada@gmail.com", acceptTypo: false });
  expect(last.verdict).toEqual({ verdict: "accept" });
});

test("popup on a delay: a modal dialog that keeps focus, closes on Escape and gives focus back; axe", async ({ browser }) => {
  const page = await newPage(browser);
  // When the popup's host joins the page (a MutationObserver, so exact), against when embed.js arrived:
  // asserting "not open yet" right after goto races the 1 s delay on a loaded machine.
  await page.addInitScript(() => {
    new MutationObserver((changes, observer) => {
      if (changes.some((c) => [...c.addedNodes].some((n) => n instanceof Element && n.hasAttribute("data-inkwell-form-host")))) {
        Object.assign(window, { popupOpenedAt: performance.now() });
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
    // The website's focus before the popup opens, set in the page: a focus() from the test could come after it.
    document.addEventListener("DOMContentLoaded", () => document.getElementById("site-button")?.focus());
  });
  await page.goto(`${site}/?form=frm_delay`);
  const dialog = page.getByRole("dialog", { name: "Before you go" });
  await expect(dialog).toBeVisible({ timeout: 5_000 });
  const waited = await page.evaluate(() => {
    const script = performance.getEntriesByType("resource").find((e) => e.name.includes("/embed.js"));
    return (window as unknown as { popupOpenedAt: number }).popupOpenedAt - (script as PerformanceResourceTiming).responseEnd;
  });
  expect(waited).toBeGreaterThanOrEqual(1_000);
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  await expect(page.getByLabel("Email address")).toBeFocused();

  // Tab and Shift+Tab go round inside the dialog, never to the website behind it
  const seen = new Set<string>();
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    expect(now.shadow).toBe(true);
    seen.add(now.what);
  }
  expect(seen).toEqual(new Set(["input#email", "input#firstName", "input#topicIDs", "button#", "button#Close"]));
  for (let i = 0; i < 7; i++) {
    await page.keyboard.press("Shift+Tab");
    expect((await focused(page)).shadow).toBe(true);
  }

  // The popup only, not the website's own clashing colours.
  expect(await seriousViolations(page, { legacyMode: true, include: "[data-inkwell-form-host]" })).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.locator("#site-button")).toBeFocused();
  // once closed it stays closed
  await page.waitForTimeout(1_500);
  await expect(dialog).toBeHidden();
});

test("popup: a submission from it posts and thanks; the close button closes it for the rest of the visit", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto(`${site}/?form=frm_delay`);
  const dialog = page.getByRole("dialog", { name: "Before you go" });
  await expect(dialog).toBeVisible({ timeout: 5_000 });
  await page.getByLabel("Email address").fill("bea@inkpot.test");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Thanks! Check your inbox to confirm.")).toBeVisible();
  const [last] = (await submissions(page)).slice(-1);
  expect(last).toMatchObject({ formID: "frm_delay", body: { email: "bea@inkpot.test" }, verdict: { verdict: "accept" } });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  // closed once, it does not come back on the next page of the visit
  await page.reload();
  await page.waitForTimeout(2_000);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("popup on exit intent: opens when the pointer leaves through the top of the window", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto(`${site}/?form=frm_exit`);
  const dialog = page.getByRole("dialog");
  await page.mouse.move(400, 300);
  await page.mouse.move(400, 150);
  await page.waitForTimeout(300);
  await expect(dialog).toHaveCount(0);
  // leaving the document upwards: Chromium sends mouseout with no related target
  await page.mouse.move(400, 5);
  await page.mouse.move(400, -20);
  await expect(dialog).toBeVisible();
});

test("popup on scroll: opens once half the page has been scrolled", async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto(`${site}/?form=frm_scroll`);
  const dialog = page.getByRole("dialog");
  const scrollTo = (share: number) =>
    page.evaluate((s) => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * s), share);
  await scrollTo(0.3);
  await page.waitForTimeout(300);
  await expect(dialog).toHaveCount(0);
  await scrollTo(0.6);
  await expect(dialog).toBeVisible();
});

test("hosted page: works under its own Content-Security-Policy, passes axe, and says what it needs without JavaScript", async ({
  browser,
}) => {
  const page = await newPage(browser);
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content.Security.Policy|Refused/i.test(m.text())) violations.push(m.text());
  });
  await page.goto(`${inkwell}/f/frm_page`);
  await expect(page.getByRole("heading", { name: "Join the Inkpot letter", level: 1 })).toBeVisible();
  const button = page.getByRole("button", { name: "Sign me up" });
  await expect(button).toBeEnabled(); // the script ran
  expect(await seriousViolations(page, { legacyMode: true })).toEqual([]);
  await page.getByLabel("Email address").fill("cy@no-mail-here.com");
  await button.click();
  await expect(page.getByLabel("Email address")).toHaveAccessibleDescription(/does not receive email/);
  await page.getByLabel("Email address").fill("cy@inkpot.test");
  await button.click();
  await expect(page.getByText("Thanks! Check your inbox to confirm.")).toBeVisible();
  expect(violations).toEqual([]);

  const noScript = await newPage(browser, { javaScriptEnabled: false });
  await noScript.goto(`${inkwell}/f/frm_page`);
  await expect(noScript.getByLabel("Email address")).toBeVisible();
  await expect(noScript.getByRole("button", { name: "Sign me up" })).toBeDisabled();
  // (Playwright's text locators skip <noscript>; its paragraph is there and shown)
  await expect(noScript.locator("noscript p")).toContainText("Please turn JavaScript on to sign up.");
});
