// /api/images/{id}: read and delete one image of the library.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";
import { deleteImage, getImage } from "@/lib/images/images";
import { jsonContent, notFound } from "@/lib/openapi/common";
import { ImageSchema } from "@/lib/images/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      scope: "images.read",
      params: IdParams,
      summary: "Get an image",
      tags: ["Images"],
      responses: { "200": jsonContent(ImageSchema, "The image"), ...notFound },
    },
    async ({ brandId, params }) => ok(await getImage(brandId, params.id)),
  ),
  DELETE: route(
    {
      scope: "images.write",
      params: IdParams,
      summary: "Delete an image",
      description: "Removes the image and its file; emails already sent that show it lose it. See /usage first.",
      tags: ["Images"],
      responses: { "204": { description: "Deleted" }, ...notFound },
    },
    async ({ brandId, params }) => {
      await deleteImage(brandId, params.id);
      return noContent();
    },
  ),
});
