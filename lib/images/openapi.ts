// OpenAPI paths of the Images API, from the zod schemas the routes validate with.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { IdParams } from "@/lib/http/route";
import { jsonContent, notFound, security, standardErrors, VersionHeader } from "@/lib/openapi/common";
import { ImageListQuery, ImageListSchema, ImageSchema, ImageUsageSchema, UploadFileForm, UploadURLRequest } from "./schemas";

const tags = ["Images"];
const limits =
  "JPEG, PNG, GIF or WebP (read from the bytes, not the declared type), at most 5 MB: another type is a 400 (`unsupported_type`), a larger image a 413.";

export const imagePaths: ZodOpenApiPathsObject = {
  "/api/images": {
    get: {
      summary: "List images",
      description:
        "Cursor pages (`limit` 1-250, default 100); sort createdAt (default) or name, direction desc (default) or asc; `nameContains` (case-insensitive, at most 200 characters).",
      tags,
      security: security("images.read"),
      requestParams: { header: VersionHeader, query: ImageListQuery },
      responses: { "200": jsonContent(ImageListSchema, "A page of images"), ...standardErrors },
    },
    post: {
      summary: "Upload an image from a URL",
      description: `Fetches a public https URL (at most 3 redirects, within the fetch timeout). Addresses that are not public (loopback, private, link-local such as 169.254.169.254, ...) are refused with a 400 (\`private_address\`). ${limits} Without \`name\`, the URL's file name is used.`,
      tags,
      security: security("images.write"),
      requestParams: { header: VersionHeader },
      requestBody: { content: { "application/json": { schema: UploadURLRequest } } },
      responses: { "201": jsonContent(ImageSchema, "Uploaded"), ...standardErrors },
    },
  },
  "/api/images/upload": {
    post: {
      summary: "Upload an image file",
      description: `multipart/form-data with \`file\` and an optional \`name\` (default: the file's name). ${limits}`,
      tags,
      security: security("images.write"),
      requestParams: { header: VersionHeader },
      requestBody: { content: { "multipart/form-data": { schema: UploadFileForm } } },
      responses: { "201": jsonContent(ImageSchema, "Uploaded"), ...standardErrors },
    },
  },
  "/api/images/{id}": {
    get: {
      summary: "Get an image",
      tags,
      security: security("images.read"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(ImageSchema, "The image"), ...notFound, ...standardErrors },
    },
    delete: {
      summary: "Delete an image",
      description: "Removes the image and its file; emails already sent that show it lose it. See /usage first.",
      tags,
      security: security("images.write"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "204": { description: "Deleted" }, ...notFound, ...standardErrors },
    },
  },
  "/api/images/{id}/usage": {
    get: {
      summary: "Templates that show an image",
      description:
        "An addition to the published API: the templates and universal layouts whose content names the image, for a warning before deleting it.",
      tags,
      security: security("images.read"),
      requestParams: { header: VersionHeader, path: IdParams },
      responses: { "200": jsonContent(ImageUsageSchema, "Where the image is used"), ...notFound, ...standardErrors },
    },
  },
};
