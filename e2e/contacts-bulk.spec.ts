// Bulk actions on a whole filtered view and the background jobs that run them (issues 15 and 18): an
// "All matching" tag on a text search that matches more contacts than the search counts tags every one of
// them; the jobs list shows a job's progress on the contacts page and on its segment's page, and is still
// there after leaving the page and coming back, and after a reload.
import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { apiKeyHeaders, newOwner, signUpWithApiKey } from "./account-helpers";
import { shootBothWidths, signInTo, watchConsole } from "./contacts-helpers";

test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36);
const owner = newOwner("bulk", "Quillworks", run);
// One word that 640 contacts share (their last name): more than the search's count of 500.
const word = `Quill${run}`;
const MATCHING = 640;
let apiKey = "";

const headers = () => apiKeyHeaders(apiKey);

const shoot = (page: Page, name: string) => shootBothWidths(page, `bulk-${name}`);
const signIn = (page: Page, to: string) => signInTo(page, owner, to);

/** Contacts of the brand carrying `tag` (the dashboard's search, which counts exactly without text). */
async function taggedCount(request: APIRequestContext, tag: string, q?: string): Promise<number> {
  const res = await request.get(`/api/contacts/search?tag=${encodeURIComponent(tag)}${q ? `&q=${encodeURIComponent(q)}` : ""}&limit=1`, {
    headers: headers(),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).total;
}

test("setup: an account, an API key, 640 contacts sharing a name and 20 others", async ({ page, request }) => {
  apiKey = await signUpWithApiKey(page, owner);
  const rows = [
    ...Array.from({ length: MATCHING }, (_, i) => ({
      identifiers: [{ type: "email", id: `quill-${i}-${run}@example.com` }],
      firstName: `Writer${i}`,
      lastName: word,
    })),
    ...Array.from({ length: 20 }, (_, i) => ({
      identifiers: [{ type: "email", id: `ink-${i}-${run}@example.com` }],
      firstName: `Reader${i}`,
      lastName: "Inkpot",
      tags: ["club"],
    })),
  ].map((contact, i) => ({ row: i + 1, contact }));
  for (let i = 0; i < rows.length; i += 400) {
    const res = await request.post("/api/contacts/imports", { headers: headers(), data: { rows: rows.slice(i, i + 400) } });
    expect(res.status(), await res.text()).toBe(200);
    expect((await res.json()).rejected).toEqual([]);
  }
});

test("an “All matching” tag on a text search matching 640 contacts tags all 640, with the job's progress shown", async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  await signIn(page, "/contacts");
  await page.getByLabel("Search", { exact: true }).fill(word.toLowerCase());
  // The search stops counting a word's matches at 500; the bulk action must not stop there.
  await expect(page.getByRole("status").filter({ hasText: "More than 500 contacts match" })).toBeVisible();
  const bulk = page.getByRole("group", { name: "Bulk actions" });
  await expect(bulk).toContainText("All matching:");
  await bulk.getByLabel("Tag for the matching contacts").fill("spring-wave");
  await bulk.getByRole("button", { name: "Add tag" }).click();
  await expect(bulk.getByRole("status").filter({ hasText: "Started in the background" })).toBeVisible();

  const jobs = page.getByRole("region", { name: "Background jobs" });
  const job = jobs.getByRole("listitem", { name: `Add “spring-wave” to contacts matching “${word.toLowerCase()}”` });
  await expect(job).toBeVisible();
  await expect(job.getByRole("progressbar")).toBeVisible();
  await expect(job.getByTestId("tag-job-status")).toHaveText(`Done: ${MATCHING} of ${MATCHING} contacts got “spring-wave”.`, {
    timeout: 30_000,
  });
  await expect(job.getByRole("progressbar")).toHaveAttribute("value", "100");
  await shoot(page, "all-matching-tagged");

  expect(await taggedCount(request, "spring-wave")).toBe(MATCHING);
  expect(await taggedCount(request, "spring-wave", "inkpot")).toBe(0);
  // The table shows the new tag once the job is done (its lists were refreshed).
  await expect(page.getByRole("table", { name: "Contacts" }).getByText("spring-wave").first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("an export of the text view downloads all 640 contacts, counted as they arrive", async ({ page }) => {
  await signIn(page, `/contacts?q=${word.toLowerCase()}`);
  await expect(page.getByRole("status").filter({ hasText: "More than 500 contacts match" })).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("group", { name: "Bulk actions" }).getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  const lines = fs
    .readFileSync(await file.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r\n/);
  expect(lines).toHaveLength(MATCHING + 1);
  await expect(
    page
      .getByRole("group", { name: "Bulk actions" })
      .getByRole("status")
      .filter({ hasText: `Exported ${MATCHING} contacts.` }),
  ).toBeVisible();
});

test("a segment's tag job: its progress is still shown after leaving the page and coming back, and after a reload", async ({
  page,
  request,
}) => {
  const errors = watchConsole(page);
  const created = await request.post("/api/segments", {
    headers: headers(),
    data: {
      name: `Quill writers ${run}`,
      conditionGroups: [{ conditions: [{ entity: "contact", filters: [{ property: "lastName", operator: "equals", value: word }] }] }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const segmentID = (await created.json()).segmentID as string;

  await signIn(page, `/segments/${segmentID}`);
  const panel = page.getByRole("region", { name: "Tag everyone in this segment" });
  await panel.getByLabel("Tags (separate with commas)", { exact: true }).fill("autumn-wave");
  await panel.getByRole("button", { name: "Add tags" }).click();
  const description = `Add “autumn-wave” to the members of “Quill writers ${run}”`;
  await expect(panel.getByRole("listitem", { name: description })).toBeVisible();

  // Away, while it runs or after: the contacts page lists it with its progress.
  await page.getByRole("navigation").getByRole("link", { name: "Templates", exact: true }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await page.getByRole("navigation").getByRole("link", { name: "Contacts", exact: true }).click();
  const onContacts = page.getByRole("region", { name: "Background jobs" }).getByRole("listitem", { name: description });
  await expect(onContacts.getByTestId("tag-job-status")).toHaveText(`Done: ${MATCHING} of ${MATCHING} contacts got “autumn-wave”.`, {
    timeout: 30_000,
  });
  await expect(onContacts.getByRole("progressbar")).toHaveAttribute("value", "100");
  await shoot(page, "jobs-on-contacts");

  // Back on the segment's page, and after a reload there.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/segments/${segmentID}$`));
  const onSegment = page.getByRole("region", { name: "Tag everyone in this segment" }).getByRole("listitem", { name: description });
  await expect(onSegment.getByTestId("tag-job-status")).toHaveText(`Done: ${MATCHING} of ${MATCHING} contacts got “autumn-wave”.`);
  await page.reload();
  await expect(onSegment.getByTestId("tag-job-status")).toHaveText(`Done: ${MATCHING} of ${MATCHING} contacts got “autumn-wave”.`);
  await shoot(page, "jobs-on-segment");
  expect(await taggedCount(request, "autumn-wave")).toBe(MATCHING);
  expect(errors).toEqual([]);
});
