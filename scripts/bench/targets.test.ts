// The bench verdict: every pass/fail a bench judges is a check, so the summary and the exit code agree.
import { afterEach, describe, expect, it, vi } from "vitest";
import { check, everyAcceptedStored, finishedRate, met, verdict } from "./targets";

describe("bench targets", () => {
  afterEach(() => {
    process.exitCode = undefined;
    vi.restoreAllMocks();
  });

  it("judges an at-most target with <= and an at-least one with >=", () => {
    expect(met({ label: "due moved on", value: 60, target: 60, atMost: true })).toBe(true);
    expect(met({ label: "due moved on", value: 60.1, target: 60, atMost: true })).toBe(false);
    expect(met({ label: "ratio", value: 0.85, target: 0.85 })).toBe(true);
    expect(met({ label: "ratio", value: Number.NaN, target: 0.85 })).toBe(false);
  });

  it("has no rate for a run cut off with work left, so its ratio is missed rather than skewed", () => {
    expect(finishedRate(20_000, 40, 0)).toBe(500);
    expect(met({ label: "with / without", value: 400 / ((finishedRate(20_000, 300, 12) + 500) / 2), target: 0.8 })).toBe(false);
  });

  it("counts a 202 not stored in the summary and the exit code", () => {
    const out: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void out.push(line));
    check({ label: "ratio", value: 0.9, target: 0.35 });
    check(everyAcceptedStored("sqlite ingestion", 999, 1000));
    verdict();
    expect(out.join("\n")).toContain("=== 1 OF 2 TARGETS MISSED ===");
    expect(out.join("\n")).toMatch(/MISSED 1\.00 sqlite ingestion: events answered 202 but not stored/);
    expect(process.exitCode).toBe(1);
  });

  it("leads the summary with the ratios, whatever order the checks were judged in (bench:automations A-B-A)", () => {
    const out: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void out.push(line));
    check(everyAcceptedStored("SQLite ingestion", 1000, 1000));
    check({ label: "SQLite ingestion with 5 workflows / without (A-B-A)", value: 0.7, target: 0.85 });
    verdict();
    const summary = out.slice(out.findIndex((line) => line.includes("TARGETS MISSED")) + 1);
    const ratio = summary.findIndex((line) => line.startsWith("MISSED 0.70 SQLite ingestion with 5 workflows / without"));
    const stored = summary.findIndex((line) => line.includes("SQLite ingestion: events answered 202 but not stored"));
    expect(ratio).toBeGreaterThanOrEqual(0);
    expect(ratio).toBeLessThan(stored);
    expect(process.exitCode).toBe(1);
  });
});
