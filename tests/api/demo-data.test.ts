// The first-run demo data (scripts/db/demo-data.ts, seeded by the test server's start on its empty
// database): the demo campaign's opens and clicks went through the tracking code a recipient's would (the
// pixel and the signed links of each delivered email), so its report, click map and CSV show them.
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL } from "@/lib/accounts/seed-demo";
import { createApiKey } from "@/lib/brands/api-keys";
import { brandsOfUser } from "@/lib/brands/memberships";
import { db } from "@/lib/db";
import { api, baseUrl, createSession, createTestBrand, json } from "./helpers";

let key = "";
let brandId = "";
let campaignId = "";

beforeAll(async () => {
  const user = await db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true } });
  const [brand] = await brandsOfUser(user.id);
  brandId = brand.id;
  key = (await createApiKey(brand.id, "demo check")).key;
  const list = await json(await api("/api/campaigns?limit=50", { key }));
  campaignId = list.campaigns.find((c: { name: string }) => c.name === "Spring newsletter to VIPs").id;
});

describe("the demo campaign", () => {
  it("its report counts clicks and lists the clicked links", async () => {
    const report = await json(await api(`/api/campaigns/${campaignId}/report`, { key }));
    const clickFigures = Object.entries(report.totals as Record<string, number>).filter(
      ([name]) => /clicks?$/i.test(name) && !/machine/i.test(name),
    );
    expect(clickFigures.length).toBeGreaterThan(0);
    for (const [name, value] of clickFigures) expect(value, name).toBeGreaterThan(0);
    expect(report.links.length).toBeGreaterThan(0);
    expect(report.links.every((l: { url: string; clicks: number }) => /^https:\/\//.test(l.url) && l.clicks > 0)).toBe(true);
  });

  it("its click map marks the clicked links, and its CSV has the clicks", async () => {
    const map = await json(await api(`/api/campaigns/${campaignId}/click-map`, { key }));
    expect(map.links.length).toBeGreaterThan(0);
    expect(map.links.reduce((n: number, l: { clicks: number }) => n + l.clicks, 0)).toBeGreaterThan(0);
    const csv = await (await api(`/api/campaigns/${campaignId}/recipients/export?outcome=clicked`, { key })).text();
    const rows = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(rows.length).toBeGreaterThan(1);
  });

  it("its report's CSV link is a file for a signed-in person following it (no API headers), sign-in for others", async () => {
    const { cookie } = await createSession(brandId);
    const link = `${baseUrl()}/downloads/campaigns/${campaignId}/recipients?outcome=clicked`;
    const res = await fetch(link, { headers: { cookie }, redirect: "manual" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="campaign-${campaignId}-recipients.csv"`);
    const rows = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(rows[0]).toContain("email");
    expect(rows.length).toBeGreaterThan(1);
    const signedOut = await fetch(link, { redirect: "manual" });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toContain("/login?callbackUrl=");
    // Another brand's person cannot read it: 404, as the API answers.
    const stranger = await createSession((await createTestBrand()).brandId);
    expect((await fetch(link, { headers: { cookie: stranger.cookie }, redirect: "manual" })).status).toBe(404);
  });
});
