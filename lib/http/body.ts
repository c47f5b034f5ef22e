// Reading a JSON request body: content type, a hard size limit (counted while streaming, so a lying
// or missing Content-Length cannot get past it) and JSON syntax.
import { ApiProblem } from "./problems";

export const MAX_BODY_BYTES = 1024 * 1024;

export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(";")[0].trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/**
 * The custom server's fast routes (server/web-bridge.ts) read the body before building the Request and
 * attach the bytes under this symbol, which spares a web stream per request; Next's requests have none.
 */
export const BUFFERED_BODY = Symbol.for("inkwell.bufferedBody");

function bufferedBody(request: Request): Uint8Array | undefined {
  return (request as unknown as Record<symbol, Uint8Array | undefined>)[BUFFERED_BODY];
}

export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const buffered = bufferedBody(request);
  if (buffered) {
    if (buffered.byteLength > limit) throw tooLarge(limit);
    return Buffer.from(buffered.buffer, buffered.byteOffset, buffered.byteLength).toString("utf8");
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function tooLarge(limit: number) {
  return new ApiProblem("payload-too-large", `The request body is larger than ${limit / (1024 * 1024)} MB (${limit} bytes)`);
}

/** Reads and parses a JSON body; `undefined` when the request has none. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const hasBody = (request.body !== null || bufferedBody(request) !== undefined) && request.headers.get("content-length") !== "0";
  if (!hasBody) return undefined;
  if (!isJsonContentType(request.headers.get("content-type"))) {
    // An empty body with no content type is simply no body.
    const text = await readBodyText(request);
    if (text.length === 0) return undefined;
    throw new ApiProblem("unsupported-media-type", `Send the body as JSON with Content-Type: application/json (got ${request.headers.get("content-type") ?? "none"})`);
  }
  const text = await readBodyText(request);
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiProblem("invalid-json", `The body is not valid JSON: ${(error as Error).message}`);
  }
}
