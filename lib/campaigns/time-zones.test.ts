import { describe, expect, it } from "vitest";
import { contactTimeZone } from "./time-zones";
import { EARLIEST_ZONE, hourIn, instantOf, sameWallTimeIn, startOfDay, wallTime } from "@/lib/time/wall-clock";

describe("a contact's time zone", () => {
  it.each([
    [{ countryCode: "LT" }, "Europe/Vilnius"],
    [{ country: "Germany" }, "Europe/Berlin"],
    [{ countryCode: "US", state: "CA" }, "America/Los_Angeles"],
    [{ countryCode: "us", state: "New York" }, "America/New_York"],
    [{ country: "United States", state: "Texas" }, "America/Chicago"],
    [{ countryCode: "US" }, "America/New_York"],
    [{ countryCode: "CA", state: "British Columbia" }, "America/Vancouver"],
    [{ countryCode: "AU", state: "WA" }, "Australia/Perth"],
    [{ countryCode: "RU" }, "Europe/Moscow"],
    [{ state: "CA" }, null],
    [{}, null],
  ])("%j → %s", (contact, zone) => {
    expect(contactTimeZone(contact)).toBe(zone);
  });
});

describe("wall-clock arithmetic", () => {
  it("finds the instant of a wall-clock time, across DST", () => {
    // Vilnius: UTC+3 in summer, UTC+2 in winter.
    expect(instantOf({ year: 2026, month: 7, day: 1, hour: 10, minute: 0, second: 0 }, "Europe/Vilnius").toISOString()).toBe(
      "2026-07-01T07:00:00.000Z",
    );
    expect(instantOf({ year: 2026, month: 1, day: 1, hour: 10, minute: 0, second: 0 }, "Europe/Vilnius").toISOString()).toBe(
      "2026-01-01T08:00:00.000Z",
    );
    // 02:30 on the spring-forward night does not exist in New York: taken after the change.
    const skipped = instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0 }, "America/New_York");
    expect(wallTime(skipped, "America/New_York").hour).toBe(3);
  });

  it("the same wall-clock time in another zone (time-zone optimized sends)", () => {
    const tenInVilnius = new Date("2026-07-01T07:00:00Z");
    expect(sameWallTimeIn(tenInVilnius, "Europe/Vilnius", "America/New_York").toISOString()).toBe("2026-07-01T14:00:00.000Z");
    // The first zone to reach 10:00 is UTC+14, 17 hours before Vilnius in summer.
    expect(sameWallTimeIn(tenInVilnius, "Europe/Vilnius", EARLIEST_ZONE).toISOString()).toBe("2026-06-30T20:00:00.000Z");
  });

  it("local midnight and the hour of an instant", () => {
    expect(startOfDay(new Date("2026-06-15T21:30:00Z"), "Europe/Vilnius").toISOString()).toBe("2026-06-15T21:00:00.000Z");
    expect(startOfDay(new Date("2026-06-15T20:30:00Z"), "Europe/Vilnius").toISOString()).toBe("2026-06-14T21:00:00.000Z");
    expect(hourIn(new Date("2026-06-15T20:30:00Z"), "Asia/Tokyo")).toBe(5);
  });
});
