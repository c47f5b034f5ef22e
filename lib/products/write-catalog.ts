// Writing the store's catalog (CatalogProduct, ProductCategory) inside a write transaction, so the
// API routes and batch items (whose result is written in the same transaction) share one code path.
// Raw SQL through lib/db's runner: a batch item's transaction may not start a Prisma write.
import type { SqlRunner } from "@/lib/db/sql";
import { jsonValue } from "@/lib/db/values";
import { ApiProblem } from "@/lib/http/problems";
import type { CreateCategoryRequest, ProductDocument, ProductInput, UpdateCategoryRequest } from "./schemas";

/** The image emails show: the default image, else the first image, else the first variant's. */
export function productImage(product: ProductDocument): string | null {
  const variant = product.variants?.[0];
  return product.defaultImageUrl ?? product.images?.[0] ?? variant?.defaultImageUrl ?? variant?.images?.[0] ?? null;
}

function documentOf(input: ProductInput): ProductDocument {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...document } = input;
  return document;
}

function columns(input: ProductInput) {
  const document = documentOf(input);
  return {
    document: JSON.stringify(document),
    title: input.title,
    url: input.url,
    currency: input.currency,
    status: input.status,
    imageUrl: productImage(document),
    price: input.variants?.[0]?.price ?? null,
    categoryIds: JSON.stringify(input.categoryIDs ?? []),
  };
}

const productExists = (id: string) =>
  new ApiProblem("conflict", `Product ${id} already exists; replace it with PUT /api/products/${encodeURIComponent(id)}`);
export const productMissing = (id: string) => new ApiProblem("not-found", `Product ${id} does not exist`);

/** Creates a product; 409 when the brand already has one with this id. */
export async function insertProduct(tx: SqlRunner, brandId: string, input: ProductInput, now: Date): Promise<void> {
  const c = columns(input);
  const createdAt = input.createdAt ? new Date(input.createdAt) : now;
  const inserted = await tx.run(
    `INSERT INTO "CatalogProduct" ("brandId", "productId", "document", "title", "url", "currency", "status", "imageUrl", "price", "categoryIds", "backInStockAt", "createdAt", "updatedAt")
     VALUES (?, ?, ?json, ?, ?, ?, ?, ?, ?float, ?json, ?ts, ?ts, ?ts)
     ON CONFLICT ("brandId", "productId") DO NOTHING`,
    [brandId, input.id, c.document, c.title, c.url, c.currency, c.status, c.imageUrl, c.price, c.categoryIds, null, createdAt, now],
  );
  if (inserted === 0) throw productExists(input.id);
}

type StockShape = { status: string; variants?: { id: string; status?: string }[] };

/**
 * Whether replacing `before` with `after` brings the product back in stock: its status becomes inStock
 * from another, or, while it stays inStock, a variant it already had becomes inStock (a variant without
 * a status of its own has the product's).
 */
export function comesBackInStock(before: StockShape, after: StockShape): boolean {
  if (after.status !== "inStock") return false;
  if (before.status !== "inStock") return true;
  const wasInStock = new Map((before.variants ?? []).map((v) => [v.id, (v.status ?? before.status) === "inStock"]));
  return (after.variants ?? []).some((v) => wasInStock.get(v.id) === false && (v.status ?? after.status) === "inStock");
}

/**
 * Replaces a product; 404 when there is none with this id. A product that comes back in stock
 * (comesBackInStock) is back in stock from now on (back-in-stock sections, the `product back in stock`
 * trigger). The row is read locked, so two replacements compare with what the other wrote.
 */
export async function replaceProduct(tx: SqlRunner, brandId: string, input: ProductInput, now: Date): Promise<void> {
  const [current] = await tx.all<{ status: string; document: unknown }>(
    `SELECT "status", "document" FROM "CatalogProduct" WHERE "brandId" = ? AND "productId" = ?${tx.dialect.lockRows}`,
    [brandId, input.id],
  );
  if (!current) throw productMissing(input.id);
  const before = jsonValue(current.document) as ProductDocument;
  const restocked = comesBackInStock({ status: current.status, variants: before.variants }, input);
  const c = columns(input);
  await tx.run(
    `UPDATE "CatalogProduct" SET "document" = ?json, "title" = ?, "url" = ?, "currency" = ?, "status" = ?, "imageUrl" = ?, "price" = ?float,
       "categoryIds" = ?json, "backInStockAt" = COALESCE(?ts, "backInStockAt"),
       "createdAt" = COALESCE(?ts, "createdAt"), "updatedAt" = ?ts
     WHERE "brandId" = ? AND "productId" = ?`,
    [
      c.document,
      c.title,
      c.url,
      c.currency,
      c.status,
      c.imageUrl,
      c.price,
      c.categoryIds,
      restocked ? now : null,
      input.createdAt ? new Date(input.createdAt) : null,
      now,
      brandId,
      input.id,
    ],
  );
}

export async function deleteProductRow(tx: SqlRunner, brandId: string, productId: string): Promise<void> {
  const deleted = await tx.run(`DELETE FROM "CatalogProduct" WHERE "brandId" = ? AND "productId" = ?`, [brandId, productId]);
  if (deleted === 0) throw productMissing(productId);
}

const categoryExists = (id: string) =>
  new ApiProblem(
    "conflict",
    `Product category ${id} already exists; change its title with PATCH /api/product-categories/${encodeURIComponent(id)}`,
  );
export const categoryMissing = (id: string) => new ApiProblem("not-found", `Product category ${id} does not exist`);

export async function insertCategory(tx: SqlRunner, brandId: string, input: CreateCategoryRequest, now: Date): Promise<void> {
  const inserted = await tx.run(
    `INSERT INTO "ProductCategory" ("brandId", "categoryId", "title", "createdAt", "updatedAt") VALUES (?, ?, ?, ?ts, ?ts)
     ON CONFLICT ("brandId", "categoryId") DO NOTHING`,
    [brandId, input.categoryID, input.title, now, now],
  );
  if (inserted === 0) throw categoryExists(input.categoryID);
}

export async function updateCategoryRow(
  tx: SqlRunner,
  brandId: string,
  categoryId: string,
  input: UpdateCategoryRequest,
  now: Date,
): Promise<void> {
  const changed = await tx.run(`UPDATE "ProductCategory" SET "title" = ?, "updatedAt" = ?ts WHERE "brandId" = ? AND "categoryId" = ?`, [
    input.title,
    now,
    brandId,
    categoryId,
  ]);
  if (changed === 0) throw categoryMissing(categoryId);
}

export async function deleteCategoryRow(tx: SqlRunner, brandId: string, categoryId: string): Promise<void> {
  const deleted = await tx.run(`DELETE FROM "ProductCategory" WHERE "brandId" = ? AND "categoryId" = ?`, [brandId, categoryId]);
  if (deleted === 0) throw categoryMissing(categoryId);
}
