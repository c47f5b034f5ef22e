import { afterEach, describe, expect, it } from "vitest";
import { isSunset, lifecycleHeaders, sunsetAt } from "./lifecycle";

afterEach(() => {
  delete process.env.V4_SUNSET_AT;
});

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

  it("V4_SUNSET_AT moves the date; an unreadable value keeps the default", () => {
    process.env.V4_SUNSET_AT = "2020-01-01T00:00:00Z";
    expect(isSunset()).toBe(true);
    expect(lifecycleHeaders("/api/events").Sunset).toBe("Wed, 01 Jan 2020 00:00:00 GMT");
    process.env.V4_SUNSET_AT = "soon";
    expect(sunsetAt().toISOString()).toBe("2027-06-15T00:00:00.000Z");
  });
});
