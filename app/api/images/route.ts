// /api/images: the brand's image library as published (list with cursor pages, upload by URL).
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { listImages } from "@/lib/images/images";
import { ImageListQuery, UploadURLRequest, ImageListSchema, IMAGE_LIMITS_NOTE, ImageSchema } from "@/lib/images/schemas";
import { uploadImageFromUrl } from "@/lib/images/upload-url";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "images.read",
      query: ImageListQuery,
      summary: "List images",
      description:
        "Cursor pages (`limit` 1-250, default 100); sort createdAt (default) or name, direction desc (default) or asc; `nameContains` (case-insensitive, at most 200 characters).",
      tags: ["Images"],
      responses: { "200": jsonContent(ImageListSchema, "A page of images") },
    },
    async ({ brandId, query }) => ok(await listImages(brandId, query)),
  ),
  POST: route(
    {
      scope: "images.write",
      body: UploadURLRequest,
      summary: "Upload an image from a URL",
      description: `Fetches a public https URL (at most 3 redirects, within the fetch timeout). Addresses that are not public (loopback, private, link-local such as 169.254.169.254, ...) are refused with a 400 (\`private_address\`). ${IMAGE_LIMITS_NOTE} Without \`name\`, the URL's file name is used.`,
      tags: ["Images"],
      responses: { "201": jsonContent(ImageSchema, "Uploaded") },
    },
    async ({ brandId, body }) => created(await uploadImageFromUrl(brandId, body)),
  ),
});
