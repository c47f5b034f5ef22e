// Plans and the features they switch on.
import { z } from "zod";

export const Plan = z.enum(["free", "standard", "pro"]);
export type Plan = z.infer<typeof Plan>;

export type BrandFeatures = { personalizedRecommender?: boolean };

export function defaultFeatures(plan: Plan): BrandFeatures {
  return { personalizedRecommender: plan === "pro" };
}

/** Feature flags stored on the brand win over the plan's defaults. */
export function brandHasFeature(brand: { plan: string; features: unknown }, feature: keyof BrandFeatures): boolean {
  const stored = (brand.features ?? {}) as BrandFeatures;
  return stored[feature] ?? defaultFeatures(Plan.catch("free").parse(brand.plan))[feature] ?? false;
}
