// The Products and Product Categories APIs over the catalog tables: reads through Prisma, writes
// through write-catalog.ts in a write transaction of their own.
import { db } from "@/lib/db";
import { writeTransaction } from "@/lib/db/sql";
import { offsetPaging } from "@/lib/http/offset-paging";
import { ApiProblem } from "@/lib/http/problems";
import type {
  CategoryListQuery,
  CategoryRecord,
  CreateCategoryRequest,
  ProductDocument,
  ProductInput,
  ProductListQuery,
  ProductRecord,
  UpdateCategoryRequest,
} from "./schemas";
import {
  categoryMissing,
  deleteCategoryRow,
  deleteProductRow,
  insertCategory,
  insertProduct,
  productMissing,
  replaceProduct,
  updateCategoryRow,
} from "./write-catalog";

type ProductRow = { document: unknown; createdAt: Date; updatedAt: Date };
const PRODUCT_COLUMNS = { document: true, createdAt: true, updatedAt: true } as const;

function toRecord(row: ProductRow): ProductRecord {
  return { ...(row.document as ProductDocument), createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export async function createProduct(brandId: string, input: ProductInput): Promise<{ id: string }> {
  await writeTransaction((tx) => insertProduct(tx, brandId, input, new Date()));
  return { id: input.id };
}

export async function putProduct(brandId: string, productId: string, input: ProductInput): Promise<{ id: string }> {
  if (input.id !== productId) {
    throw new ApiProblem("validation-failed", "The body's id differs from the product id in the path", {
      errors: [{ field: "id", pointer: "/id", code: "mismatch", message: `must be ${productId}, the product id in the path` }],
    });
  }
  await writeTransaction((tx) => replaceProduct(tx, brandId, input, new Date()));
  return { id: productId };
}

export async function getProduct(brandId: string, productId: string): Promise<ProductRecord> {
  const row = await db.catalogProduct.findUnique({ where: { brandId_productId: { brandId, productId } }, select: PRODUCT_COLUMNS });
  if (!row) throw productMissing(productId);
  return toRecord(row);
}

export async function deleteProduct(brandId: string, productId: string): Promise<void> {
  await writeTransaction((tx) => deleteProductRow(tx, brandId, productId));
}

export async function listProducts(brandId: string, query: ProductListQuery) {
  const column = query.sort === "updatedAt" ? "updatedAt" : "createdAt";
  const rows = await db.catalogProduct.findMany({
    where: { brandId },
    orderBy: [{ [column]: "desc" }, { productId: "asc" }],
    skip: query.offset,
    take: query.limit + 1,
    select: PRODUCT_COLUMNS,
  });
  return { products: rows.slice(0, query.limit).map(toRecord), paging: offsetPaging("/api/products", query, rows.length > query.limit) };
}

type CategoryRow = { categoryId: string; title: string; createdAt: Date; updatedAt: Date };
const CATEGORY_COLUMNS = { categoryId: true, title: true, createdAt: true, updatedAt: true } as const;

function toCategory(row: CategoryRow): CategoryRecord {
  return { categoryID: row.categoryId, title: row.title, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export async function createCategory(brandId: string, input: CreateCategoryRequest): Promise<{ categoryID: string }> {
  await writeTransaction((tx) => insertCategory(tx, brandId, input, new Date()));
  return { categoryID: input.categoryID };
}

export async function updateCategory(brandId: string, categoryId: string, input: UpdateCategoryRequest): Promise<{ categoryID: string }> {
  await writeTransaction((tx) => updateCategoryRow(tx, brandId, categoryId, input, new Date()));
  return { categoryID: categoryId };
}

export async function getCategory(brandId: string, categoryId: string): Promise<CategoryRecord> {
  const row = await db.productCategory.findUnique({ where: { brandId_categoryId: { brandId, categoryId } }, select: CATEGORY_COLUMNS });
  if (!row) throw categoryMissing(categoryId);
  return toCategory(row);
}

export async function deleteCategory(brandId: string, categoryId: string): Promise<void> {
  await writeTransaction((tx) => deleteCategoryRow(tx, brandId, categoryId));
}

export async function listCategories(brandId: string, query: CategoryListQuery) {
  const order = query.sort === "title" ? ({ title: "asc" } as const) : ({ [query.sort]: "desc" } as Record<string, "desc">);
  const rows = await db.productCategory.findMany({
    where: { brandId },
    orderBy: [order, { categoryId: "asc" }],
    skip: query.offset,
    take: query.limit + 1,
    select: CATEGORY_COLUMNS,
  });
  return {
    categories: rows.slice(0, query.limit).map(toCategory),
    paging: offsetPaging("/api/product-categories", query, rows.length > query.limit),
  };
}
