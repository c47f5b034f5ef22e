import { describe, expect, it } from "vitest";
import { counterStart, idTime, isId, newId } from "./ids";

describe("ids", () => {
  it("are 24 lowercase hex characters, unique and time-ordered", () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    expect(ids.every(isId)).toBe(true);
    expect(new Set(ids).size).toBe(1000);
    const earlier = newId(new Date("2020-01-01T00:00:00Z"));
    expect(earlier < ids[0]).toBe(true);
    expect(idTime(earlier).toISOString()).toBe("2020-01-01T00:00:00.000Z");
  });

  it("count from below 2^23, so a process's ids do not wrap (and sort backwards) in their first 8 million", () => {
    const starts = Array.from({ length: 64 }, counterStart);
    expect(
      starts.every((n) => Number.isInteger(n) && n >= 0 && n < 0x800000),
      JSON.stringify(starts),
    ).toBe(true);
    expect(new Set(starts).size).toBeGreaterThan(60); // still random
  });

  it("rejects other shapes", () => {
    expect(isId("ABCDEF0123456789abcdef01")).toBe(false);
    expect(isId("abc")).toBe(false);
    expect(isId("0123456789abcdef0123456g")).toBe(false);
  });
});
