// An ApiRequest (lib/http/api-request.ts) straight from Node's IncomingMessage, and a pipeline result
// written straight to Node's ServerResponse: what Inkwell's server hands the API route handlers
// instead of undici's Request and Response (see docs/architecture.md).
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import type { ApiRequest } from "@/lib/http/api-request";
import type { HandlerResult, Reply } from "@/lib/http/responses";

/** Reads the body, stopping one byte past `limit` (the rest of an oversized upload is dropped). */
function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  // Inline callbacks, no named closures: under tsx every named function expression costs a __name()
  // call each time it is created, i.e. per request here.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      chunks.push(chunk);
      if (size > limit) {
        done = true;
        resolve(Buffer.concat(chunks, limit + 1));
      }
    });
    req.once("end", () => {
      if (done) return;
      done = true;
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    });
    req.once("error", (error) => {
      if (done) return;
      done = true;
      reject(error);
    });
  });
}

export function apiRequestOf(req: IncomingMessage, origin: string): ApiRequest {
  let body: Promise<Uint8Array> | undefined;
  const headers = req.headers;
  return {
    method: req.method ?? "GET",
    url: origin + (req.url ?? "/"),
    headers: {
      // Node lower-cases names and joins repeated headers (", ", and "; " for cookie) as Fetch does.
      get: (name) => {
        const value = headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    },
    body: (limit) => (body ??= readBody(req, limit)),
  };
}

/** Bodies this large are gzipped for clients that accept it, as Next's compression would. */
const COMPRESS_FROM_BYTES = 1024;
const GZIP_LEVEL = 1;

function acceptsGzip(req: IncomingMessage): boolean {
  const accepted = req.headers["accept-encoding"];
  return typeof accepted === "string" && /\bgzip\b/i.test(accepted);
}

function writeBody(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  body: Buffer | null,
): void {
  if (
    body &&
    body.length >= COMPRESS_FROM_BYTES &&
    acceptsGzip(req) &&
    !Object.keys(headers).some((h) => h.toLowerCase() === "content-encoding")
  ) {
    // zlib's asynchronous form runs on libuv's thread pool, off the event loop. Level 1 (nginx's default
    // gzip_comp_level): a 95 KiB template compresses in 0.26 ms instead of 0.64 ms at the default level,
    // for a slightly larger answer; API answers are made per request, so time matters more than bytes.
    zlib.gzip(body, { level: GZIP_LEVEL }, (error, compressed) => {
      if (error) {
        res.writeHead(status, { ...headers, "Content-Length": String(body.length) });
        res.end(body);
        return;
      }
      res.writeHead(status, {
        ...headers,
        "Content-Encoding": "gzip",
        Vary: "Accept-Encoding",
        "Content-Length": String(compressed.length),
      });
      res.end(compressed);
    });
    return;
  }
  if (body) headers["Content-Length"] = String(body.length);
  res.writeHead(status, headers);
  res.end(body ?? undefined);
}

function isReply(result: HandlerResult): result is Reply {
  return !(result instanceof Response);
}

/** Writes a pipeline result (a Reply as is; a web Response read into memory first). */
export async function sendResult(req: IncomingMessage, res: ServerResponse, result: HandlerResult): Promise<void> {
  if (isReply(result)) {
    writeBody(req, res, result.status, { ...result.headers }, result.body === null ? null : Buffer.from(result.body));
    return;
  }
  const headers: Record<string, string | string[]> = {};
  result.headers.forEach((value, name) => {
    headers[name] = name === "set-cookie" ? result.headers.getSetCookie() : value;
  });
  const body = result.body ? Buffer.from(await result.arrayBuffer()) : null;
  writeBody(req, res, result.status, headers, body);
}
