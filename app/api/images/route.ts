// /api/images: the brand's image library as published (list with cursor pages, upload by URL).
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { created, ok } from "@/lib/http/responses";
import { listImages } from "@/lib/images/images";
import { ImageListQuery, UploadURLRequest } from "@/lib/images/schemas";
import { uploadImageFromUrl } from "@/lib/images/upload-url";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "images.read", query: ImageListQuery }, async ({ brandId, query }) => ok(await listImages(brandId, query))),
  POST: route({ scope: "images.write", body: UploadURLRequest }, async ({ brandId, body }) =>
    created(await uploadImageFromUrl(brandId, body)),
  ),
});
