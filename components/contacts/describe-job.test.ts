import { describe, expect, it } from "vitest";
import type { BulkJob } from "./contacts-client";
import { describeJob, describeView, jobPercent, jobProgressText } from "./describe-job";

const job = (over: Partial<BulkJob>): BulkJob => ({
  id: "6b0500000000000000000001",
  action: "add",
  tags: ["vip"],
  status: "running",
  total: 640,
  processed: 160,
  changed: 150,
  createdAt: "2026-11-26T01:00:00.000Z",
  ...over,
});
const names = (id: string) => (id === "s1" ? "Newsletter" : undefined);

describe("describeView", () => {
  it("names every filter of the view, and all contacts without one", () => {
    expect(describeView({}, names)).toBe("all contacts");
    expect(describeView({ q: "ava", status: "subscribed", tag: "lead", segmentID: "s1" }, names)).toBe(
      "contacts matching “ava”, with email status subscribed, tagged “lead”, in “Newsletter”",
    );
    expect(describeView({ segmentID: "gone" }, names)).toBe("contacts in a segment");
  });
});

describe("describeJob", () => {
  it("says what the job does to whom", () => {
    expect(describeJob(job({ view: { q: "ava" } }), names)).toBe("Add “vip” to contacts matching “ava”");
    expect(describeJob(job({ action: "remove", tags: ["a", "b"], segmentID: "s1" }), names)).toBe(
      "Remove “a”, “b” from the members of “Newsletter”",
    );
    expect(describeJob(job({ action: "unsubscribe", tags: [], view: {} }), names)).toBe("Unsubscribe all contacts from email");
  });
});

describe("jobProgressText and jobPercent", () => {
  it("follows the job from queued to done, and is indeterminate while its size is unknown", () => {
    expect(jobProgressText(job({ status: "queued", total: null }))).toBe("Tagging will start in a moment…");
    expect(jobPercent(job({ status: "queued", total: null }))).toBeNull();
    expect(jobProgressText(job({ total: null }))).toBe("Tagging: counting the contacts…");
    expect(jobProgressText(job({}))).toBe("Tagging 160 of 640 contacts…");
    expect(jobPercent(job({}))).toBe(25);
    expect(jobPercent(job({ total: 0, processed: 0 }))).toBe(100);
    expect(jobProgressText(job({ status: "done", processed: 640, changed: 600 }))).toBe("Done: 600 of 640 contacts got “vip”.");
    expect(jobProgressText(job({ action: "unsubscribe", status: "done", processed: 3, changed: 3 }))).toBe(
      "Done: 3 of 3 contacts were unsubscribed from email.",
    );
    expect(jobProgressText(job({ status: "failed", error: "The segment was deleted before the job finished", changed: 10 }))).toBe(
      "Stopped: The segment was deleted before the job finished (10 contacts changed).",
    );
  });
});
