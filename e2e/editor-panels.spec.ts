// The property panels edit the published fields a marketer touches: padding, alignment, letter spacing,
// link colour, background image, a web font (loaded by the section, used by a block), visibility on computers and phones, and conditional content
// through the condition picker. The edits show on the canvas, read back from the API as published
// fields, and render: the preview as two contacts shows and hides the conditional section.
import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { blocks, canvas, expectSaved, shoot, signUp } from "./editor-helpers";

test.describe.configure({ mode: "serial" });

const id = () => randomBytes(12).toString("hex");
const HEADERS = (origin: string) => ({ "Service-Version": "2026-03-15", Origin: origin, "Content-Type": "application/json" });
let page: Page;
let templateId = "";

test.beforeAll(async ({ browser, baseURL }) => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signUp(page, "panels");
  const doc = {
    name: "Panels",
    sections: [
      {
        id: id(),
        rows: [
          {
            id: id(),
            columns: [
              {
                id: id(),
                blocks: [
                  { id: id(), type: "text", text: '<p>Hello, see <a href="https://shop.example.com/new">what is new</a>.</p>' },
                  {
                    id: id(),
                    type: "button",
                    button: { text: "Shop now", link: "https://shop.example.com" },
                    stylePresetID: "primary_button",
                  },
                ],
              },
            ],
          },
        ],
      },
      { id: id(), rows: [{ id: id(), columns: [{ id: id(), blocks: [{ id: id(), type: "text", text: "<p>Gold members only</p>" }] }] }] },
    ],
  };
  const response = await page.request.post("/api/email-templates", { headers: HEADERS(baseURL!), data: doc });
  expect(response.status(), await response.text()).toBe(201);
  templateId = (await response.json()).id;
  for (const [email, tier] of [
    ["gold-panels@example.com", "gold"],
    ["silver-panels@example.com", "silver"],
  ]) {
    const res = await page.request.post("/api/contacts", {
      headers: HEADERS(baseURL!),
      data: { identifiers: [{ type: "email", id: email }], customProperties: { tier } },
    });
    expect([200, 201]).toContain(res.status());
  }
});

test.afterAll(async () => {
  await page.close();
});

const panel = () => page.getByRole("complementary", { name: "Properties" });
/** A collapsible group of the panel by its title, opened. */
async function group(title: string): Promise<Locator> {
  const details = panel()
    .locator("details.ed-group")
    .filter({ has: page.locator("summary", { hasText: new RegExp(`^${title}`) }) });
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
  return details;
}
const sections = () => canvas(page).locator(".ed-section:not([data-locked])");
/** Selects the section holding a block (through the breadcrumb: blocks cover their section). */
async function selectSectionOf(block: Locator, n: number) {
  await block.click();
  await page
    .getByTestId("breadcrumb")
    .getByRole("button", { name: `Section ${n}` })
    .click();
}

test("a section's background image, padding, alignment and a web font", async () => {
  await page.goto(`/templates/${templateId}`);
  await expect(blocks(page)).toHaveCount(3);
  await selectSectionOf(blocks(page).first(), 1);
  await expect(panel().getByRole("heading", { name: "Section", exact: true })).toBeVisible();

  const background = await group("Background");
  await background.getByLabel("Background colour", { exact: true }).fill("#fff4e5");
  await background.getByLabel("Background image", { exact: true }).fill("https://cdn.example.com/paper.png");
  await background.getByLabel("Image size").selectOption({ label: "Cover the whole area" });
  const padding = await group("Padding");
  await padding.getByLabel("Top").fill("24");
  await padding.getByLabel("Bottom").fill("24");
  await expect(sections().first()).toHaveCSS("padding-top", "24px");
  await expect(sections().first()).toHaveCSS("background-image", /paper\.png/);

  const content = await group("Content");
  await content.getByLabel("Content alignment").selectOption({ label: "Centre" });

  const fonts = panel().getByRole("group", { name: "Web fonts" });
  await fonts.getByRole("button", { name: "Add a font" }).click();
  await expect(fonts.getByLabel("Font name 1")).toHaveValue("Lobster");
  await fonts.getByLabel("Font name 1").fill("Pacifico");
  await fonts.getByLabel("Stylesheet address 1").fill("https://fonts.googleapis.com/css2?family=Pacifico");
  await expectSaved(page);
  await shoot(page, "panels-section");
});

test("a text block's web font, letter spacing, link colour, alignment and padding; a button's inner space; hidden on phones", async () => {
  await blocks(page).first().click();
  const text = await group("Text");
  await text.getByLabel("Font").selectOption({ label: "Pacifico (web font)" });
  await text.getByLabel("Letter spacing").fill("2");
  await text.getByLabel("Link colour", { exact: true }).fill("#ff0066");
  await text.getByLabel("Alignment").selectOption({ label: "Justified" });
  const padding = await group("Padding");
  await padding.getByLabel("Left").fill("40");
  await expect(blocks(page).first().locator(".ed-b-text")).toHaveCSS("letter-spacing", "2px");
  await expect(blocks(page).first().locator(".ed-b-text a")).toHaveCSS("color", "rgb(255, 0, 102)");

  await blocks(page).nth(1).click();
  const inner = await group("Space inside the button");
  await inner.getByLabel("Top").fill("14");
  await inner.getByLabel("Bottom").fill("14");
  const placement = await group("Placement");
  await placement.getByLabel("Alignment").selectOption({ label: "Left" });
  const showOn = await group("Show on");
  await showOn.getByLabel("Phones (narrow screens)").uncheck();
  await expect(blocks(page).nth(1)).toContainText("Hidden on mobile");
  await expectSaved(page);
  await shoot(page, "panels-block");
});

test("the condition picker limits a section to contacts with a custom property, in words", async () => {
  await selectSectionOf(blocks(page).nth(2), 2);
  const who = await group("Who sees this section");
  await who.getByLabel("Only contacts who match conditions").check();
  const condition = who.getByRole("listitem", { name: "Condition 1" });
  await expect(condition.getByLabel("Contact detail")).toHaveValue("first_name");
  await condition.getByLabel("Contact detail").selectOption({ label: "A custom property…" });
  await condition.getByLabel("Custom property").fill("tier");
  await condition.getByLabel("Comparison").selectOption({ label: "is" });
  await condition.getByLabel("Value").fill("gold");
  await expect(who.getByTestId("condition-summary")).toHaveText("Shown only to contacts whose “tier” is “gold”.");
  await who.getByRole("button", { name: "Add a condition" }).click();
  const second = who.getByRole("listitem", { name: "Condition 2" });
  await second.getByLabel("Contact detail").selectOption({ label: "Email address" });
  await second.getByLabel("Comparison").selectOption({ label: "has any value" });
  await expect(second.getByLabel("Value")).toHaveCount(0);
  await who.getByLabel("Show when the contact matches").selectOption({ label: "all of these conditions" });
  await expect(who.getByTestId("condition-summary")).toHaveText(
    "Shown only to contacts whose “tier” is “gold” and whose email address has any value.",
  );
  await expectSaved(page);
  await shoot(page, "panels-condition");
});

test("the API reads back the published fields the panels wrote", async ({ baseURL }) => {
  const read = await (await page.request.get(`/api/email-templates/${templateId}`, { headers: HEADERS(baseURL!) })).json();
  const [first, second] = read.sections.filter((s: { type?: string }) => s.type !== "badge");
  expect(first.styleProperties).toMatchObject({
    backgroundColor: "#fff4e5",
    backgroundImage: "https://cdn.example.com/paper.png",
    backgroundSize: "cover",
    paddingTop: "24px",
    paddingBottom: "24px",
    alignment: "center",
  });
  expect(first.settings.customFonts).toEqual([{ name: "Pacifico", href: "https://fonts.googleapis.com/css2?family=Pacifico" }]);
  const [text, button] = first.rows[0].columns[0].blocks;
  expect(text.styleProperties).toEqual({
    fontFamily: "'Pacifico', Arial, Helvetica, sans-serif",
    letterSpacing: "2px",
    linkColor: "#ff0066",
    alignment: "justify",
    paddingLeft: "40px",
  });
  expect(button.styleProperties).toEqual({ innerPaddingTop: "14px", innerPaddingBottom: "14px", alignment: "left" });
  expect(button.visibility).toEqual({ isMobileVisible: false });
  expect(second.settings.filter).toEqual({
    operator: "and",
    rules: [
      { operator: "equals", property: { id: "tier", name: "tier", isSystem: false, type: "string" }, value: "gold" },
      { operator: "exists", property: { id: "email", isSystem: true, name: "Email address", type: "string" } },
    ],
  });
});

test("the preview renders the styles and shows the conditional section only to the matching contact", async () => {
  await page.getByRole("tab", { name: "Preview" }).click();
  const frame = page.frameLocator('[data-testid="preview-frame"]');
  const recipient = page.getByLabel("Preview as contact");
  await recipient.fill("silver-panels@example.com");
  await page.getByRole("button", { name: "Render" }).click();
  await expect(frame.locator("body")).toContainText("Hello");
  await expect(frame.locator("body")).not.toContainText("Gold members only");
  const html = await frame.locator("html").innerHTML();
  expect(html).toContain("fonts.googleapis.com/css2?family=Pacifico");
  expect(html).toMatch(/letter-spacing:\s*2px/);
  expect(html).toContain("#ff0066");
  await recipient.fill("gold-panels@example.com");
  await page.getByRole("button", { name: "Render" }).click();
  await expect(frame.locator("body")).toContainText("Gold members only");
  await shoot(page, "panels-preview");
  await page.getByRole("tab", { name: "Edit" }).click();
});
