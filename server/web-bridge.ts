// Node http <-> Fetch API Request/Response, for routes served outside Next.js.
import type { IncomingMessage, ServerResponse } from "node:http";
import { MAX_BODY_BYTES } from "@/lib/http/body";

/**
 * Reads the body into memory (faster than Readable.toWeb for small JSON bodies). Reading stops one
 * byte past the limit, so the pipeline still sees an oversized body and answers 413.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      req.removeListener("data", onData);
      resolve(Buffer.concat(chunks, Math.min(size, limit + 1)));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size > limit) {
        // Stop buffering; the rest of the upload is drained and dropped.
        req.resume();
        finish();
      }
    };
    req.on("data", onData);
    req.once("end", finish);
    req.once("error", (error) => (done ? undefined : ((done = true), reject(error))));
  });
}

export async function toWebRequest(req: IncomingMessage, port: number): Promise<Request> {
  const url = `http://${req.headers.host ?? `localhost:${port}`}${req.url ?? "/"}`;
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const body = hasBody ? await readBody(req, MAX_BODY_BYTES) : undefined;
  return new Request(url, { method: req.method, headers, body: body && body.length > 0 ? (new Uint8Array(body.buffer, body.byteOffset, body.length) as Uint8Array<ArrayBuffer>) : undefined });
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
