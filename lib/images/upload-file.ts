// POST /api/images/upload: a multipart/form-data body with `file` (and an optional `name`), read with a
// hard limit a little above 5 MB (the form's own bytes), then parsed by the platform's FormData parser.
import type { ApiRequest } from "@/lib/http/api-request";
import { ApiProblem } from "@/lib/http/problems";
import { throwIfIllFormed } from "@/lib/http/unicode";
import { tooLarge } from "./fetch-image";
import { nameFrom, storeImage } from "./images";
import { MAX_IMAGE_BYTES, MAX_IMAGE_NAME, type ImageRecord } from "./schemas";

const FORM_OVERHEAD = 64 * 1024;

function invalid(field: string, code: string, message: string): ApiProblem {
  return new ApiProblem("validation-failed", `${field}: ${message}`, { errors: [{ field, pointer: `/${field}`, code, message }] });
}

export async function uploadImageFile(brandId: string, request: ApiRequest): Promise<ImageRecord> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ApiProblem(
      "unsupported-media-type",
      `Send the image as multipart/form-data with a "file" field (got ${contentType || "no content type"})`,
    );
  }
  const limit = MAX_IMAGE_BYTES + FORM_OVERHEAD;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const bytes = await request.body(limit);
  if (bytes.byteLength > limit) throw tooLarge();
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw new ApiProblem("bad-request", "The body is not a valid multipart/form-data form");
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) throw invalid("file", "required", "is required: the image file, sent as a file field");
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
  const given = form.get("name");
  if (given !== null && typeof given !== "string") throw invalid("name", "invalid_type", "must be text");
  const name = given?.trim() ? given.trim() : nameFrom((file as File).name ?? "");
  if (name.length > MAX_IMAGE_NAME) throw invalid("name", "too_big", `must be at most ${MAX_IMAGE_NAME} characters`);
  // A form's text is not parsed as JSON bodies are, so the one Unicode rule (lib/http/unicode.ts) is applied
  // here: a NUL in the name (or the file's name) reached a database that refuses NUL in text, with a 500.
  throwIfIllFormed({ name });
  return storeImage(brandId, new Uint8Array(await file.arrayBuffer()), name, "file");
}
