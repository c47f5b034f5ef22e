// /api/images/{id}: read and delete one image of the library.
import { route } from "@/lib/api/route";
import { IdParams, methods } from "@/lib/http/route";
import { noContent, ok } from "@/lib/http/responses";
import { deleteImage, getImage } from "@/lib/images/images";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({ scope: "images.read", params: IdParams }, async ({ brandId, params }) => ok(await getImage(brandId, params.id))),
  DELETE: route({ scope: "images.write", params: IdParams }, async ({ brandId, params }) => {
    await deleteImage(brandId, params.id);
    return noContent();
  }),
});
