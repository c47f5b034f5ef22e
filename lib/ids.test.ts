import { describe, expect, it } from "vitest";
import { idTime, isId, newId } from "./ids";

describe("ids", () => {
  it("are 24 lowercase hex characters, unique and time-ordered", () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    expect(ids.every(isId)).toBe(true);
    expect(new Set(ids).size).toBe(1000);
    const earlier = newId(new Date("2020-01-01T00:00:00Z"));
    expect(earlier < ids[0]).toBe(true);
    expect(idTime(earlier).toISOString()).toBe("2020-01-01T00:00:00.000Z");
  });

  it("rejects other shapes", () => {
    expect(isId("ABCDEF0123456789abcdef01")).toBe(false);
    expect(isId("abc")).toBe(false);
    expect(isId("0123456789abcdef0123456g")).toBe(false);
  });
});
