// What the API pipeline reads of an HTTP request, the same whichever server delivered it: Inkwell's server,
// in development and production (server/api-router.ts builds one straight from Node's IncomingMessage,
// without undici's Request, whose construction cost more per request than validating an event), or Next's
// router should it ever run a route file itself (a web Request, adapted by fromWebRequest). Handlers see
// only this type, so nothing a handler uses can be missing on either.

export type ApiHeaders = {
  /** A header's value (repeated headers joined with ", ", cookies with "; "), or null. */
  get(name: string): string | null;
};

export type ApiRequest = {
  readonly method: string;
  /** The absolute URL, with the host the request came in on. */
  readonly url: string;
  readonly headers: ApiHeaders;
  /**
   * The body's bytes, read once; reading stops one byte past `limit`, so an oversized body is seen as
   * such without reading it all. Empty when there is none.
   */
  body(limit: number): Promise<Uint8Array>;
};

/** A web Request (Next's route handlers) as an ApiRequest. */
export function fromWebRequest(request: Request): ApiRequest {
  let read: Promise<Uint8Array> | undefined;
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    body(limit) {
      read ??= readStream(request, limit);
      return read;
    },
  };
}

async function readStream(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      break;
    }
  }
  return Buffer.concat(chunks);
}
