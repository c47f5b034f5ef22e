// Every dashboard page in one place, with what shows once its main content is there, and how one page
// view is measured: the API requests it made, those that failed, and the time until its main content
// shows. Used by the request-budget test (e2e/dashboard-budget.spec.ts) and by `npm run bench:dashboard`
// (scripts/bench/dashboard.ts). A new page is one more line here.
import type { Locator, Page, Request } from "@playwright/test";

/** Most API requests one page view may make, whatever the brand's size (issue 27). */
export const REQUESTS_PER_PAGE = 25;

/**
 * The records a page is about: a template's editor, a contact's profile, a segment's builder, a sent
 * campaign (its progress and its report), a draft campaign (the composer's steps), an automation's builder.
 */
export type PageIds = { template: string; contact: string; segment: string; campaign: string; draft: string; automation: string };

export type DashboardPage = {
  name: string;
  path: (ids: PageIds) => string;
  /** What shows once the page's main content has arrived (not a loading state). */
  main: (page: Page) => Locator;
  /** Only users with the operator role see it. */
  operator?: boolean;
  /**
   * Request shapes this page may repeat once per row, each with the reason. Kept for images only: the
   * template picker's thumbnails (lazy, at most 3 at once, cached per template version) until a batch
   * thumbnail endpoint exists. Data a page needs is never fetched per row.
   */
  perRow?: Record<string, string>;
};

const h1 = (name: string | RegExp) => (page: Page) => page.getByRole("heading", { name, level: 1 });

export const DASHBOARD_PAGES: DashboardPage[] = [
  { name: "templates", path: () => "/templates", main: (p) => p.getByRole("table").getByRole("link").first() },
  { name: "editor", path: (ids) => `/templates/${ids.template}`, main: (p) => p.getByRole("textbox", { name: "Template name" }) },
  {
    name: "outbox-tests",
    path: () => "/outbox?show=tests",
    main: (p) =>
      p
        .getByRole("list", { name: "Emails" })
        .or(p.getByRole("heading", { name: "No test emails yet" }))
        .first(),
  },
  { name: "contacts", path: () => "/contacts", main: (p) => p.getByRole("table", { name: "Contacts" }).getByRole("link").first() },
  { name: "contact-new", path: () => "/contacts/new", main: h1("Add contact") },
  { name: "contacts-import", path: () => "/contacts/import", main: h1(/Import/) },
  { name: "profile", path: (ids) => `/contacts/${ids.contact}`, main: (p) => p.getByRole("heading", { name: "Segments", level: 2 }) },
  { name: "contact-edit", path: (ids) => `/contacts/${ids.contact}/edit`, main: h1(/^Edit /) },
  {
    name: "segments",
    path: () => "/segments",
    main: (p) =>
      p
        .getByRole("table", { name: "Segments" })
        .getByText(/^as of /)
        .first(),
  },
  { name: "segment-new", path: () => "/segments/new", main: (p) => p.getByRole("textbox", { name: "Segment name" }) },
  {
    name: "segment-builder",
    path: (ids) => `/segments/${ids.segment}`,
    main: (p) => p.getByTestId("live-count").filter({ hasText: /\d/ }),
  },
  {
    name: "events",
    path: () => "/events",
    main: (p) =>
      p
        .getByRole("table", { name: "Events, newest first" })
        .getByRole("row")
        .nth(1)
        .or(p.getByRole("heading", { name: "No events yet" }))
        .first(),
  },
  {
    name: "campaigns",
    path: () => "/campaigns",
    main: (p) => p.getByRole("table", { name: "Campaigns" }).getByRole("link").first(),
  },
  { name: "campaign-new", path: () => "/campaigns/new", main: (p) => p.getByRole("textbox", { name: /Campaign name/ }) },
  {
    name: "campaign-template",
    path: (ids) => `/campaigns/${ids.draft}/edit?step=template`,
    main: (p) => p.getByRole("radio").first(),
    perRow: { "POST /api/email-templates/{id}/render": "the thumbnails of the templates in view" },
  },
  {
    // The segments to pick; the live count of who will receive it follows in its own box ("Counting…").
    name: "campaign-audience",
    path: (ids) => `/campaigns/${ids.draft}/edit?step=audience`,
    main: (p) => p.getByRole("table", { name: "Segments to send to or leave out" }).getByRole("row").nth(1),
  },
  {
    name: "campaign-review",
    path: (ids) => `/campaigns/${ids.draft}/edit?step=review`,
    main: (p) => p.getByRole("region", { name: "Pre-send checks" }).getByRole("status").filter({ hasNotText: "Checking" }),
  },
  { name: "campaign", path: (ids) => `/campaigns/${ids.campaign}`, main: (p) => p.getByRole("group", { name: "Campaign actions" }) },
  {
    name: "campaign-report",
    path: (ids) => `/campaigns/${ids.campaign}/report`,
    main: (p) => p.getByRole("table", { name: "Recipients and what happened" }).getByRole("row").nth(1),
  },
  {
    name: "automations",
    path: () => "/automations",
    main: (p) => p.getByRole("table", { name: "Automations" }).getByRole("link").first(),
  },
  { name: "automation-new", path: () => "/automations/new", main: (p) => p.getByRole("heading", { name: "From scratch", level: 2 }) },
  {
    name: "automation",
    path: (ids) => `/automations/${ids.automation}`,
    main: (p) => p.getByRole("region", { name: "Workflow" }).getByRole("button", { name: /^Trigger / }),
  },
  {
    name: "forms",
    path: () => "/forms",
    main: (p) =>
      p
        .getByRole("table", { name: "Signup forms" })
        .or(p.getByRole("heading", { name: "No forms yet" }))
        .first(),
  },
  {
    name: "outbox",
    path: () => "/outbox",
    main: (p) =>
      p
        .getByRole("list", { name: "Emails" })
        .or(p.getByRole("heading", { name: "No emails yet" }))
        .first(),
  },
  { name: "settings", path: () => "/settings", main: h1("Settings") },
  {
    name: "settings-sending",
    path: () => "/settings/sending",
    main: (p) =>
      p
        .getByRole("list", { name: "Suppressed addresses" })
        .or(p.getByRole("heading", { name: "No suppressed addresses" }))
        .first(),
  },
  { name: "settings-brand", path: () => "/settings/brand", main: (p) => p.getByRole("textbox", { name: "Brand name" }) },
  {
    name: "settings-api-keys",
    path: () => "/settings/api-keys",
    main: (p) => p.getByRole("table", { name: "API keys" }).or(p.getByText("No API keys yet")).first(),
  },
  { name: "connected-apps", path: () => "/settings/connected-apps", main: h1("Connected apps") },
  { name: "developer-apps", path: () => "/developer-apps", main: h1("Developer apps") },
  { name: "operator", path: () => "/operator/oauth-clients", main: h1("OAuth app requests"), operator: true },
];

export type PageView = {
  name: string;
  /** API requests (paths under /api/) the page made from navigation until it settled */
  requests: string[];
  /** those answered 4xx/5xx or not answered */
  failed: string[];
  /** navigation start to the main content shown, ms */
  mainMs: number;
  /** each answered API request with the time it took (request sent to response read), ms */
  timings: { request: string; ms: number }[];
};

/**
 * Opens one page and measures its view: from navigation until the main content shows, then `settleMs`
 * more (requests the page makes after its first content, such as a list's sizes, belong to the view).
 */
export async function viewPage(page: Page, origin: string, target: DashboardPage, ids: PageIds, settleMs = 1500): Promise<PageView> {
  const requests: string[] = [];
  const failed: string[] = [];
  const api = (r: Request) => r.url().startsWith(`${origin}/api/`);
  const label = (r: Request) => `${r.method()} ${r.url().slice(origin.length)}`;
  const onRequest = (r: Request) => {
    if (api(r)) requests.push(label(r));
  };
  const timings: PageView["timings"] = [];
  const onFinished = async (r: Request) => {
    if (!api(r)) return;
    const timing = r.timing();
    if (timing.responseEnd >= 0) timings.push({ request: label(r), ms: Math.round(timing.responseEnd) });
    const response = await r.response();
    if (response && response.status() >= 400) failed.push(`${response.status()} ${label(r)}`);
  };
  const onFailed = (r: Request) => {
    if (api(r) && r.failure()?.errorText !== "net::ERR_ABORTED") failed.push(`${r.failure()?.errorText} ${label(r)}`);
  };
  page.on("request", onRequest);
  page.on("requestfinished", onFinished);
  page.on("requestfailed", onFailed);
  try {
    const started = Date.now();
    await page.goto(target.path(ids));
    await target.main(page).waitFor({ state: "visible", timeout: 30_000 });
    const mainMs = Date.now() - started;
    await page.waitForTimeout(settleMs);
    return { name: target.name, requests: [...requests], failed: [...failed], mainMs, timings: [...timings] };
  } finally {
    page.off("request", onRequest);
    page.off("requestfinished", onFinished);
    page.off("requestfailed", onFailed);
  }
}

/** The requests of a view grouped by path without ids and query ("GET /api/segments/{id}/statistics × 50"). */
export function requestShapes(requests: string[]): string {
  const counts = new Map<string, number>();
  for (const r of requests) {
    const shape = r.replace(/\?.*$/, "").replace(/[0-9a-f]{24}/g, "{id}");
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  return [...counts].map(([shape, n]) => (n > 1 ? `${shape} × ${n}` : shape)).join(", ");
}
