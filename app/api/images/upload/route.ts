// POST /api/images/upload: upload an image file (multipart/form-data: file, optional name).
import { route } from "@/lib/api/route";
import { methods } from "@/lib/http/route";
import { created } from "@/lib/http/responses";
import { uploadImageFile } from "@/lib/images/upload-file";
import { IMAGE_LIMITS_NOTE, ImageSchema, UploadFileForm } from "@/lib/images/schemas";
import { jsonContent } from "@/lib/openapi/common";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: route(
    {
      scope: "images.write",
      rawBody: true,
      summary: "Upload an image file",
      description: `multipart/form-data with \`file\` and an optional \`name\` (default: the file's name). ${IMAGE_LIMITS_NOTE}`,
      tags: ["Images"],
      requestBody: { content: { "multipart/form-data": { schema: UploadFileForm } } },
      responses: { "201": jsonContent(ImageSchema, "Uploaded") },
    },
    async ({ brandId, request }) => created(await uploadImageFile(brandId, request)),
  ),
});
