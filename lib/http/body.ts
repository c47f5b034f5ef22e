// Reading a JSON request body: content type, a hard size limit (counted while reading, so a lying or
// missing Content-Length cannot get past it) and JSON syntax.
import type { ApiRequest } from "./api-request";
import { ApiProblem } from "./problems";

export const MAX_BODY_BYTES = 1024 * 1024;

export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(";")[0].trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

export async function readBodyText(request: ApiRequest, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const bytes = await request.body(limit);
  if (bytes.byteLength > limit) throw tooLarge(limit);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
}

function tooLarge(limit: number) {
  return new ApiProblem("payload-too-large", `The request body is larger than ${limit / (1024 * 1024)} MB (${limit} bytes)`);
}

/** Reads and parses a JSON body; `undefined` when the request has none. */
export async function readJsonBody(request: ApiRequest): Promise<unknown> {
  if (request.headers.get("content-length") === "0") return undefined;
  const text = await readBodyText(request);
  if (text.length === 0) return undefined;
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw new ApiProblem(
      "unsupported-media-type",
      `Send the body as JSON with Content-Type: application/json (got ${request.headers.get("content-type") ?? "none"})`,
    );
  }
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiProblem("invalid-json", `The body is not valid JSON: ${(error as Error).message}`);
  }
}
