// OpenAPI paths of the Products and Product Categories APIs, from the zod schemas the routes validate with.
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { conflict, jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import {
  CategoryIdResponse,
  CategoryListQuery,
  CategoryListSchema,
  CategoryParams,
  CategorySchema,
  CreateCategoryRequest,
  ProductIdResponse,
  ProductInput,
  ProductListQuery,
  ProductListSchema,
  ProductParams,
  ProductSchema,
  UpdateCategoryRequest,
} from "./schemas";

const products = ["Products"];
const categories = ["Product Categories"];
const noContent = { "204": { description: "Deleted" } };
const body = (schema: z.ZodType) => ({ content: { "application/json": { schema } } });

export const productPaths: ZodOpenApiPathsObject = {
  "/api/products": {
    get: {
      summary: "List products",
      description:
        "Offset pages (`offset`, `limit` 1-250, default 100), newest first by createdAt (or updatedAt); `paging.next`/`previous` link the neighbouring pages on the public origin.",
      tags: products,
      security: security("products.read"),
      requestParams: { header: VersionHeader, query: ProductListQuery },
      responses: { "200": jsonContent(ProductListSchema, "A page of products"), ...standardErrors },
    },
    post: {
      summary: "Create a product",
      description:
        "Adds a product to the store's catalog, which product recommendations, listings, cart recovery and back in stock read before what events said. 409 when the id exists (replace it with PUT).",
      tags: products,
      security: security("products.write"),
      requestParams: { header: VersionHeader },
      requestBody: body(ProductInput),
      responses: { "201": jsonContent(ProductIdResponse, "Created"), ...conflict("A product with this id exists"), ...standardErrors },
    },
  },
  "/api/products/{productID}": {
    get: {
      summary: "Get a product",
      tags: products,
      security: security("products.read"),
      requestParams: { header: VersionHeader, path: ProductParams },
      responses: { "200": jsonContent(ProductSchema, "The product"), ...notFound, ...standardErrors },
    },
    put: {
      summary: "Replace a product",
      description:
        "The body's id must be the path's. A product whose status becomes inStock from another status counts as back in stock from now on.",
      tags: products,
      security: security("products.write"),
      requestParams: { header: VersionHeader, path: ProductParams },
      requestBody: body(ProductInput),
      responses: {
        "200": jsonContent(ProductIdResponse.meta({ id: "ReplaceProductResponse" }), "Replaced"),
        ...notFound,
        ...standardErrors,
      },
    },
    delete: {
      summary: "Delete a product",
      tags: products,
      security: security("products.write"),
      requestParams: { header: VersionHeader, path: ProductParams },
      responses: { ...noContent, ...notFound, ...standardErrors },
    },
  },
  "/api/product-categories": {
    get: {
      summary: "List product categories",
      description:
        "Offset pages (`offset`, `limit` 1-250, default 100); sort createdAt (default) or updatedAt, newest first, or title A to Z.",
      tags: categories,
      security: security("products.read"),
      requestParams: { header: VersionHeader, query: CategoryListQuery },
      responses: { "200": jsonContent(CategoryListSchema, "A page of categories"), ...standardErrors },
    },
    post: {
      summary: "Create a product category",
      tags: categories,
      security: security("products.write"),
      requestParams: { header: VersionHeader },
      requestBody: body(CreateCategoryRequest),
      responses: { "201": jsonContent(CategoryIdResponse, "Created"), ...conflict("A category with this id exists"), ...standardErrors },
    },
  },
  "/api/product-categories/{categoryID}": {
    get: {
      summary: "Get a product category",
      tags: categories,
      security: security("products.read"),
      requestParams: { header: VersionHeader, path: CategoryParams },
      responses: { "200": jsonContent(CategorySchema, "The category"), ...notFound, ...standardErrors },
    },
    patch: {
      summary: "Rename a product category",
      tags: categories,
      security: security("products.write"),
      requestParams: { header: VersionHeader, path: CategoryParams },
      requestBody: body(UpdateCategoryRequest),
      responses: {
        "200": jsonContent(CategoryIdResponse.meta({ id: "UpdateCategoryResponse" }), "Updated"),
        ...notFound,
        ...standardErrors,
      },
    },
    delete: {
      summary: "Delete a product category",
      tags: categories,
      security: security("products.write"),
      requestParams: { header: VersionHeader, path: CategoryParams },
      responses: { ...noContent, ...notFound, ...standardErrors },
    },
  },
};
