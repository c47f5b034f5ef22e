// Reading a JSON request body: content type, a hard size limit (counted while reading, so a lying or
// missing Content-Length cannot get past it), JSON syntax, a nesting limit and well-formed text.
import type { ApiRequest } from "./api-request";
import { MAX_JSON_DEPTH, pathDeeperThan, textNestsDeeper } from "./json-walk";
import { ApiProblem } from "./problems";
import { decodeUtf8, mayHoldIllFormed, throwIfIllFormed } from "./unicode";
import { fieldFromPath, pointerFromPath } from "./zod-errors";

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
  // Bytes that are not UTF-8 become lone surrogates, which readJsonBody refuses (./unicode.ts).
  return decodeUtf8(bytes);
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
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ApiProblem("invalid-json", `The body is not valid JSON: ${(error as Error).message}`);
  }
  if (textNestsDeeper(text)) throwTooDeep(value);
  if (mayHoldIllFormed(text)) throwIfIllFormed(value);
  return value;
}

function throwTooDeep(value: unknown): never {
  const path = pathDeeperThan(value) ?? [];
  const message = `nests deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`;
  throw new ApiProblem("validation-failed", `The body ${message}`, {
    errors: [{ field: fieldFromPath(path), pointer: pointerFromPath(path), code: "too_deep", message }],
  });
}
