import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { isSunset, lifecycleHeaders, sunsetAt } from "./lifecycle";

describe("v4 lifecycle", () => {
  it("is sunset on 2027-06-15 by default", () => {
    expect(lifecycleHeaders("/api/contacts")).toEqual({
      Deprecation: "@1773532800",
      Sunset: "Tue, 15 Jun 2027 00:00:00 GMT",
      Link: '</api/contacts>; rel="successor-version", </docs/v4-migration>; rel="deprecation"; type="text/html"',
    });
    expect(isSunset(new Date("2027-06-14T23:59:59Z"))).toBe(false);
    expect(isSunset(new Date("2027-06-15T00:00:00Z"))).toBe(true);
  });

  it("V4_SUNSET_AT moves the date; an unreadable value stops the start", () => {
    expect(sunsetAt(parseConfig({ V4_SUNSET_AT: "2020-01-01T00:00:00Z" })).toUTCString()).toBe("Wed, 01 Jan 2020 00:00:00 GMT");
    expect(() => parseConfig({ V4_SUNSET_AT: "soon" })).toThrow(/^Invalid configuration: V4_SUNSET_AT must be an ISO 8601 instant/);
  });
});
