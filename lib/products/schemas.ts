// The shapes of the published Products and Product Categories APIs (2026-03-15): one zod schema per
// shape is the validator, the type and the OpenAPI description. Limits are the published ones; links
// must be absolute http(s) URLs because they end up in emails.
import { z } from "zod";
import { crossField } from "@/lib/http/cross-field";
import { offsetPagingQuery as offsetPaging, OffsetPagingSchema } from "@/lib/http/offset-paging";

export const PRODUCT_STATUSES = ["inStock", "outOfStock", "notAvailable"] as const;
export const ProductStatus = z
  .enum(PRODUCT_STATUSES)
  .meta({ description: "inStock, outOfStock or notAvailable; out-of-stock and unavailable products are left out of recommendations" });

function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A link placed in emails: an absolute http(s) URL of at most `max` characters. */
export const HttpUrl = (max: number) =>
  z
    .string()
    .max(max)
    .refine(isHttpUrl, { message: "must be an absolute http(s) URL", params: { code: "invalid_url" } });

const Timestamp = z.iso.datetime({ offset: true });
const text = (max: number) => z.string().max(max);
const StoreId = z.string().min(1).max(100);

export const VariantSchema = z
  .strictObject({
    id: StoreId.meta({ example: "1234567890" }),
    title: z.string().min(1).max(255).meta({ example: "My Variant" }),
    url: HttpUrl(1000).meta({ example: "https://example.com/variant" }),
    price: z.number().min(0).meta({ example: 9.99 }),
    strikeThroughPrice: z.number().min(0).optional().meta({ description: "The price before the discount", example: 19.99 }),
    sku: text(255).optional().meta({ example: "SKU1234567890" }),
    status: ProductStatus.optional(),
    description: text(1000).optional(),
    defaultImageUrl: HttpUrl(1000).optional(),
    images: z.array(HttpUrl(1000)).max(300).optional(),
  })
  .meta({ id: "Variant", description: "A version of the product (a size, a colour)" });

const productShape = {
  id: StoreId.meta({ description: "The store's product id (1-100 characters)", example: "1234567890" }),
  title: z.string().min(1).max(255).meta({ example: "My Product" }),
  url: HttpUrl(1000).meta({ description: "The product page on the store", example: "https://example.com/product" }),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, { message: "must be a 3-letter ISO 4217 code, e.g. USD" })
    .transform((c) => c.toUpperCase())
    .meta({ description: "ISO 4217 code of the variants' prices", example: "USD" }),
  status: ProductStatus,
  description: text(1000)
    .optional()
    .meta({ description: "A short description, shown in emails when the product block shows descriptions" }),
  defaultImageUrl: HttpUrl(1000)
    .optional()
    .meta({ description: "The image emails show; other images go in `images`", example: "https://example.com/image.jpg" }),
  images: z.array(HttpUrl(1000)).max(300).optional(),
  tags: z.array(text(100)).max(100).optional(),
  type: text(100).optional().meta({ description: "Product type, e.g. for grouping" }),
  vendor: text(100).optional().meta({ description: "The manufacturer or brand" }),
  categoryIDs: z.array(StoreId).max(100).optional().meta({ description: "Ids of the product's categories (see /api/product-categories)" }),
  variants: z
    .array(VariantSchema)
    .min(1)
    .max(500)
    .optional()
    .meta({ description: "The first variant's price is the product's price in emails" }),
};

function uniqueVariants(product: { variants?: { id: string }[] }, ctx: z.RefinementCtx) {
  const seen = new Map<string, number>();
  product.variants?.forEach((variant, i) => {
    const first = seen.get(variant.id);
    if (first !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["variants", i, "id"],
        message: `repeats variants[${first}].id`,
        params: { code: "duplicate" },
      });
    else seen.set(variant.id, i);
  });
}

/** POST /api/products and PUT /api/products/{productID}: the published Product. */
export const ProductInput = crossField(
  z.strictObject({
    ...productShape,
    createdAt: Timestamp.optional().meta({
      description: "When the store created the product (default: when Inkwell first stores it); orders the newest strategy",
    }),
    updatedAt: Timestamp.optional().meta({ description: "Ignored: Inkwell sets it on every write" }),
  }),
  ["variants"],
  uniqueVariants,
).meta({ id: "ProductInput", description: "A product of the store's catalog (the published Product)" });
export type ProductInput = z.infer<typeof ProductInput>;
/** What is stored of a product input: everything but the timestamps, which have their own columns. */
export type ProductDocument = Omit<ProductInput, "createdAt" | "updatedAt">;

export const ProductSchema = z
  .object({ ...productShape, currency: z.string(), createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() })
  .meta({
    id: "CatalogProduct",
    description:
      "A product of the store's catalog: the published Product of the Products API (named CatalogProduct here beside the email content's product block)",
  });
export type ProductRecord = z.infer<typeof ProductSchema>;

export const ProductIdResponse = z.object({ id: z.string().meta({ example: "shoes-blue-123" }) }).meta({ id: "CreateProductResponse" });

export const ProductParams = z.object({ productID: StoreId });
export const CategoryParams = z.object({ categoryID: StoreId });

export const ProductListQuery = z.strictObject({
  ...offsetPaging,
  sort: z
    .enum(["date", "updatedAt", "createdAt"])
    .default("createdAt")
    .meta({ description: "createdAt (default; `date` is the same), or updatedAt; newest first" }),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const ProductListSchema = z
  .object({ products: z.array(ProductSchema), paging: OffsetPagingSchema })
  .meta({ id: "ListProductsResponse" });

export const CreateCategoryRequest = z
  .strictObject({
    categoryID: StoreId.meta({ description: "The store's category id (1-100 characters)", example: "C1234" }),
    title: z.string().min(1).max(255).meta({ example: "Beauty products" }),
  })
  .meta({ id: "CreateCategoryRequest" });
export type CreateCategoryRequest = z.infer<typeof CreateCategoryRequest>;

export const UpdateCategoryRequest = z
  .strictObject({ title: z.string().min(1).max(255).meta({ example: "Beauty products" }) })
  .meta({ id: "UpdateCategoryRequest" });
export type UpdateCategoryRequest = z.infer<typeof UpdateCategoryRequest>;

export const CategorySchema = z
  .object({ categoryID: z.string(), title: z.string(), createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() })
  .meta({ id: "GetCategoryResponse" });
export type CategoryRecord = z.infer<typeof CategorySchema>;

export const CategoryIdResponse = z.object({ categoryID: z.string().meta({ example: "C1234" }) }).meta({ id: "CreateCategoryResponse" });

export const CategoryListQuery = z.strictObject({
  ...offsetPaging,
  sort: z
    .enum(["title", "updatedAt", "createdAt"])
    .default("createdAt")
    .meta({ description: "createdAt (default) or updatedAt, newest first; title, A to Z" }),
});
export type CategoryListQuery = z.infer<typeof CategoryListQuery>;

export const CategoryListSchema = z
  .object({ categories: z.array(CategorySchema), paging: OffsetPagingSchema })
  .meta({ id: "GetCategoriesResponse" });
