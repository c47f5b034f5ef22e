// productRecommender: how a product_recommender section picks its products per recipient.
import { z } from "zod";

export const RecommenderType = z.enum(["newest", "popular", "mostViewed", "personalized", "recentlyViewed"]);
export const FallbackType = z.enum(["newest", "popular", "mostViewed"]);

const Count = z.number().int().min(0);
const IdList = z.array(z.string().min(1).max(100)).max(500);

export const ProductRecommender = z
  .strictObject({
    type: RecommenderType.meta({
      description:
        "Strategy. personalized and recentlyViewed are accepted on every plan; without the plan feature the fallback is used at send time",
    }),
    fallbackType: FallbackType.optional().meta({
      description: "Used when type yields no results (or the plan lacks personalized recommendations)",
    }),
    isOutOfStockIncluded: z.boolean().default(false),
    includeCategories: IdList.optional().meta({ description: "Category ids to include" }),
    excludeCategories: IdList.optional().meta({ description: "Category ids to exclude" }),
    excludeProducts: IdList.optional().meta({ description: "Product ids to exclude" }),
    purchaseExclusionDays: Count.optional().meta({ description: "Skip products the recipient bought in the last N days" }),
    recencyMonths: Count.optional().meta({ description: "Time window in months for recency-based strategies" }),
    priceFrom: z.number().min(0).optional().meta({ description: "Minimum product price" }),
  })
  .meta({ id: "ProductRecommender", description: "Recommendation strategy of a product_recommender section" });
export type ProductRecommender = z.infer<typeof ProductRecommender>;
