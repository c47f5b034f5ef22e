import { describe, expect, it } from "vitest";
import type { CampaignData } from "./campaign-data";
import { campaignIssues } from "./rules";
import { bucketOf } from "./run/steps";

const now = new Date("2026-06-01T12:00:00Z");
const ctx = { now, startOfToday: new Date("2026-06-01T00:00:00Z") };
const base = (extra: Partial<CampaignData> = {}): CampaignData => ({
  name: "Spring",
  channel: "email",
  type: "regular",
  language: "en_US",
  audience: { includedSegmentIDs: [], excludedSegmentIDs: [] },
  content: { email: { templateID: "0".repeat(24), subject: "Hi" } },
  sending: { strategy: "immediate", scheduledAt: null, optimizeFor: null, isTZOptimizationEnabled: false },
  abTest: null,
  booster: null,
  utm: null,
  ...extra,
});
const fields = (data: CampaignData, checkTimes?: boolean) =>
  campaignIssues(data, { ...ctx, checkTimes }).map((e) => `${e.field}:${e.code}`);

describe("the rules that join a campaign's fields", () => {
  it("a complete regular campaign breaks none", () => {
    expect(fields(base())).toEqual([]);
  });

  it("scheduled: in the future, within a year; a PATCH that keeps the time is not refused for it", () => {
    const at = (iso: string) =>
      base({ sending: { strategy: "scheduled", scheduledAt: new Date(iso), optimizeFor: null, isTZOptimizationEnabled: true } });
    expect(fields(at("2026-06-01T13:00:00Z"))).toEqual([]);
    expect(fields(at("2026-06-01T11:00:00Z"))).toEqual(["sendingSettings.scheduledAt:in_past"]);
    expect(fields(at("2027-07-01T11:00:00Z"))).toEqual(["sendingSettings.scheduledAt:too_far"]);
    expect(fields(at("2026-06-01T11:00:00Z"), false)).toEqual([]);
  });

  it("personalized: today allowed, optimizeFor required, no TZ optimization, regular email only", () => {
    const p = (extra: Partial<CampaignData["sending"]>, data: Partial<CampaignData> = {}) =>
      base({
        ...data,
        sending: {
          strategy: "personalized",
          scheduledAt: ctx.startOfToday,
          optimizeFor: "opens",
          isTZOptimizationEnabled: false,
          ...extra,
        },
      });
    expect(fields(p({}))).toEqual([]);
    expect(fields(p({ optimizeFor: null }))).toEqual(["sendingSettings.optimizeFor:required"]);
    expect(fields(p({ isTZOptimizationEnabled: true }))).toEqual(["sendingSettings.isTZOptimizationEnabled:not_allowed"]);
    expect(fields(p({ scheduledAt: new Date("2026-05-31T00:00:00Z") }))).toEqual(["sendingSettings.scheduledAt:in_past"]);
  });

  it("A/B tests: content per variant only, metric and decision time below 100%", () => {
    const ab = (settings: NonNullable<CampaignData["abTest"]>["settings"]) =>
      base({
        type: "abTest",
        content: null,
        abTest: { settings, variants: { a: { id: "a".repeat(24), email: {} }, b: { id: "b".repeat(24), email: {} } } },
      });
    expect(fields(ab({ testSizePercent: 100 }))).toEqual([]);
    expect(fields(ab({ testSizePercent: 20 }))).toEqual([
      "abTest.settings.winningMetric:required",
      "abTest.settings.decisionTime:required",
    ]);
    expect(fields(ab({ testSizePercent: 20, winningMetric: "clickRate", decisionTime: { amount: 8, unit: "d" } }))).toEqual([
      "abTest.settings.decisionTime.amount:too_big",
    ]);
  });

  it("boosters: no audience of their own, a delay of at most 240 hours", () => {
    const booster = (
      delay: { amount: number; unit: "h" | "d" },
      audience = { includedSegmentIDs: [] as string[], excludedSegmentIDs: [] as string[] },
    ) => base({ type: "booster", name: "", content: null, audience, booster: { parentId: "p".repeat(24), sendTo: "nonOpeners", delay } });
    expect(fields(booster({ amount: 10, unit: "d" }))).toEqual([]);
    expect(fields(booster({ amount: 241, unit: "h" }))).toEqual(["boosterSettings.delay.amount:too_big"]);
    expect(fields(booster({ amount: 0, unit: "h" }))).toEqual(["boosterSettings.delay.amount:too_small"]);
    expect(fields(booster({ amount: 1, unit: "h" }, { includedSegmentIDs: ["s".repeat(24)], excludedSegmentIDs: [] }))).toEqual([
      "audience:not_allowed",
    ]);
  });
});

describe("the A/B test group", () => {
  it("is stable per campaign and contact and splits evenly", () => {
    expect(bucketOf("c1", "x")).toBe(bucketOf("c1", "x"));
    const buckets = Array.from({ length: 20_000 }, (_, i) => bucketOf("campaign", `contact-${i}`));
    const inTest = buckets.filter((b) => b < 2_000);
    expect(inTest.length / buckets.length).toBeGreaterThan(0.18);
    expect(inTest.length / buckets.length).toBeLessThan(0.22);
    const a = inTest.filter((b) => b % 2 === 0).length;
    expect(a / inTest.length).toBeGreaterThan(0.45);
    expect(a / inTest.length).toBeLessThan(0.55);
  });
});
