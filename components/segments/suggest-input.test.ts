import { describe, expect, it } from "vitest";
import { matchSuggestions } from "./suggest-input";

describe("matchSuggestions", () => {
  const events = [
    { value: "viewed product", label: "Viewed product" },
    { value: "placed order", label: "Placed order" },
    { value: "order refunded" },
    { value: "Café visit" },
  ];

  it("offers everything (up to the maximum) before anything is typed", () => {
    expect(matchSuggestions(events, " ", 3).map((s) => s.value)).toEqual(["viewed product", "placed order", "order refunded"]);
  });

  it("puts values starting with the typed text before values containing it, ignoring case and accents", () => {
    expect(matchSuggestions(events, "ORD", 8).map((s) => s.value)).toEqual(["order refunded", "placed order"]);
    expect(matchSuggestions(events, "cafe", 8).map((s) => s.value)).toEqual(["Café visit"]);
  });

  it("matches labels too, and leaves out a value typed in full", () => {
    expect(matchSuggestions([{ value: "pv", label: "Page viewed" }], "page", 8).map((s) => s.value)).toEqual(["pv"]);
    expect(matchSuggestions(events, "placed order", 8)).toEqual([]);
  });
});
