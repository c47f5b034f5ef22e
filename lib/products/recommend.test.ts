import { describe, expect, it } from "vitest";
import { effectiveStrategy, fallbackOf } from "./recommend";

const pro = { plan: "pro", features: {} };
const standard = { plan: "standard", features: {} };

describe("plan rule", () => {
  it("keeps personalized strategies for brands with the feature", () => {
    expect(effectiveStrategy(pro, { type: "personalized", fallbackType: "popular" })).toBe("personalized");
    expect(effectiveStrategy({ plan: "standard", features: { personalizedRecommender: true } }, { type: "recentlyViewed" })).toBe(
      "recentlyViewed",
    );
  });

  it("uses fallbackType without the feature, and newest when there is none", () => {
    expect(effectiveStrategy(standard, { type: "personalized", fallbackType: "popular" })).toBe("popular");
    expect(effectiveStrategy(standard, { type: "recentlyViewed", fallbackType: "mostViewed" })).toBe("mostViewed");
    expect(effectiveStrategy(standard, { type: "recentlyViewed" })).toBe("newest");
    expect(effectiveStrategy({ plan: "pro", features: { personalizedRecommender: false } }, { type: "personalized" })).toBe("newest");
  });

  it("uses newest when the fallback is itself personalized", () => {
    expect(fallbackOf({ type: "personalized", fallbackType: "recentlyViewed" as never })).toBe("newest");
  });

  it("leaves strategies every plan has alone", () => {
    for (const type of ["newest", "popular", "mostViewed"] as const) expect(effectiveStrategy(standard, { type })).toBe(type);
  });
});
