import { describe, expect, it } from "vitest";
import { addDuration, birthdayMidnight, delayEnd, isTimeZone, localDate, nextTimeOfDay, onAllowedWeekday, zonedInstant } from "./time";

const at = (iso: string) => new Date(iso);

describe("zonedInstant", () => {
  it("names the instant of a wall-clock time", () => {
    expect(zonedInstant("UTC", 2026, 3, 15, 9, 30).toISOString()).toBe("2026-03-15T09:30:00.000Z");
    expect(zonedInstant("America/New_York", 2026, 1, 15, 9, 0).toISOString()).toBe("2026-01-15T14:00:00.000Z");
    expect(zonedInstant("Europe/Vilnius", 2026, 7, 1, 9, 0).toISOString()).toBe("2026-07-01T06:00:00.000Z");
  });

  it("takes a time skipped by the spring change as after it, and a repeated one as its first occurrence", () => {
    // New York, 2026-03-08: 02:00 → 03:00. 02:30 does not exist.
    expect(zonedInstant("America/New_York", 2026, 3, 8, 2, 30).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // 2026-11-01: 02:00 → 01:00. 01:30 happens twice (EDT first).
    expect(zonedInstant("America/New_York", 2026, 11, 1, 1, 30).toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });
});

describe("delays", () => {
  it("adds minutes, hours, days and weeks as elapsed time", () => {
    const from = at("2026-03-07T12:00:00Z");
    expect(addDuration(from, { amount: 30, units: "m" }, "UTC").toISOString()).toBe("2026-03-07T12:30:00.000Z");
    expect(addDuration(from, { amount: 2, units: "d" }, "America/New_York").toISOString()).toBe("2026-03-09T12:00:00.000Z");
    expect(addDuration(from, { amount: 1, units: "w" }, "UTC").toISOString()).toBe("2026-03-14T12:00:00.000Z");
  });

  it("adds calendar months in the zone, clamped to the month's last day", () => {
    expect(addDuration(at("2026-01-31T10:00:00Z"), { amount: 1, units: "M" }, "UTC").toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addDuration(at("2026-11-15T10:00:00Z"), { amount: 3, units: "M" }, "UTC").toISOString()).toBe("2027-02-15T10:00:00.000Z");
  });

  it("waits for a time of day in the brand's zone, the next day when it has passed", () => {
    // 08:00 in New York (13:00 UTC) → 09:30 the same day.
    expect(nextTimeOfDay(at("2026-01-15T13:00:00Z"), "09:30", "America/New_York").toISOString()).toBe("2026-01-15T14:30:00.000Z");
    // 10:00 in New York → 09:30 tomorrow.
    expect(nextTimeOfDay(at("2026-01-15T15:00:00Z"), "09:30", "America/New_York").toISOString()).toBe("2026-01-16T14:30:00.000Z");
  });

  it("moves to the next allowed weekday, keeping the time of day", () => {
    // 2026-03-07 is a Saturday.
    const saturday = at("2026-03-07T10:15:00Z");
    expect(onAllowedWeekday(saturday, ["monday", "tuesday"], "UTC").toISOString()).toBe("2026-03-09T10:15:00.000Z");
    expect(onAllowedWeekday(saturday, ["saturday"], "UTC").toISOString()).toBe(saturday.toISOString());
    expect(onAllowedWeekday(saturday, undefined, "UTC")).toBe(saturday);
  });

  it("combines a mode with allowed weekdays", () => {
    const friday = at("2026-03-06T18:00:00Z");
    expect(
      delayEnd({ mode: "duration", duration: { amount: 1, units: "d" }, allowedWeekdays: ["monday"] }, friday, "UTC").toISOString(),
    ).toBe("2026-03-09T18:00:00.000Z");
    expect(delayEnd({ mode: "immediate" }, friday, "UTC")).toBe(friday);
    expect(delayEnd({ mode: "specificTime", time: "09:00" }, friday, "UTC").toISOString()).toBe("2026-03-07T09:00:00.000Z");
  });
});

describe("dates and zones", () => {
  it("knows IANA zones", () => {
    expect(isTimeZone("Europe/Vilnius")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });

  it("gives the local date and a birthday's midnight (Feb 29 on Feb 28 in common years)", () => {
    expect(localDate(at("2026-03-07T23:30:00Z"), "Europe/Vilnius")).toBe("2026-03-08");
    expect(birthdayMidnight("02-29", 2027, "UTC").toISOString()).toBe("2027-02-28T00:00:00.000Z");
    expect(birthdayMidnight("02-29", 2028, "UTC").toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(birthdayMidnight("06-01", 2026, "Europe/Vilnius").toISOString()).toBe("2026-05-31T21:00:00.000Z");
  });
});
