// Node http <-> the API pipeline's Request/Response, for routes served outside Next.js.
import type { IncomingMessage, ServerResponse } from "node:http";
import { BUFFERED_BODY, MAX_BODY_BYTES } from "@/lib/http/body";
import { Reply, type HandlerResult } from "@/lib/http/responses";

/**
 * Reads the body into memory (faster than Readable.toWeb for small JSON bodies). Reading stops one
 * byte past the limit, so the pipeline still sees an oversized body and answers 413.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  // Inline callbacks, no named closures: under tsx every named function expression costs a
  // __name() call each time it is created, i.e. per request here.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return; // past the limit: the rest of the upload is drained and dropped
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

/**
 * Request headers over Node's raw header list, with the Fetch Headers rules the pipeline relies on:
 * names in any case, repeated headers joined with ", " ("; " for cookie), iteration sorted by name.
 */
class NodeRequestHeaders {
  private readonly map = new Map<string, string>();

  constructor(raw: string[]) {
    for (let i = 0; i < raw.length; i += 2) this.append(raw[i], raw[i + 1]);
  }

  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }

  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }

  set(name: string, value: string): void {
    this.map.set(name.toLowerCase(), value);
  }

  append(name: string, value: string): void {
    const key = name.toLowerCase();
    const existing = this.map.get(key);
    this.map.set(key, existing === undefined ? value : `${existing}${key === "cookie" ? "; " : ", "}${value}`);
  }

  delete(name: string): void {
    this.map.delete(name.toLowerCase());
  }

  getSetCookie(): string[] {
    return [];
  }

  *entries(): IterableIterator<[string, string]> {
    yield* [...this.map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: string, name: string, headers: NodeRequestHeaders) => void): void {
    for (const [name, value] of this.entries()) callback(value, name, this);
  }

  [Symbol.iterator]() {
    return this.entries();
  }
}

/**
 * What a fast route's pipeline reads of a Request (method, url, headers, and the body through
 * BUFFERED_BODY, see lib/http/body.ts), without undici's Request: constructing one, with its Headers
 * and AbortSignal, cost more per request than validating the event. A fast-route handler that needs
 * more of the Request than this fails loudly (a TypeError, answered 500), never silently.
 */
class NodeRequest {
  readonly headers: NodeRequestHeaders;
  readonly body = null;
  readonly bodyUsed = false;

  constructor(
    readonly method: string,
    readonly url: string,
    rawHeaders: string[],
    buffered: Buffer | undefined,
  ) {
    this.headers = new NodeRequestHeaders(rawHeaders);
    if (buffered && buffered.length > 0) Object.defineProperty(this, BUFFERED_BODY, { value: buffered });
  }
}

/** The request as the pipeline sees it: read the body into memory, then the NodeRequest. */
export async function toFastRequest(req: IncomingMessage, port: number): Promise<Request> {
  const url = `http://${req.headers.host ?? `localhost:${port}`}${req.url ?? "/"}`;
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const body = hasBody ? await readBody(req, MAX_BODY_BYTES) : undefined;
  return new NodeRequest(req.method ?? "GET", url, req.rawHeaders, body) as unknown as Request;
}

/** Writes a pipeline Reply as is, or a web Response through sendWebResponse. */
export async function sendResult(res: ServerResponse, result: HandlerResult): Promise<void> {
  if (!(result instanceof Reply)) return sendWebResponse(res, result);
  const headers: Record<string, string> = { ...result.headers };
  if (result.body !== null) headers["Content-Length"] = String(Buffer.byteLength(result.body));
  res.writeHead(result.status, headers);
  res.end(result.body ?? undefined);
}

export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === "set-cookie" ? response.headers.getSetCookie() : value;
  });
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  if (body) headers["content-length"] = String(body.length);
  res.writeHead(response.status, headers);
  res.end(body);
}
