// POST /api/images/upload: upload an image file (multipart/form-data: file, optional name).
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { created } from "@/lib/http/responses";
import { uploadImageFile } from "@/lib/images/upload-file";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route({ scope: "images.write", rawBody: true }, async ({ brandId, request }) => created(await uploadImageFile(brandId, request))),
});
