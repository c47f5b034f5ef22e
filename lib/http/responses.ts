// Success responses. Dates become ISO strings through JSON.stringify.
//
// Inside the pipeline (lib/http/route.ts) handlers return a Reply, a plain status + headers + JSON text,
// which becomes a web Response only where one is needed: Next's mount converts it (toResponse), Inkwell's
// server (server/api-router.ts) writes it to the socket directly. On Node 20 a
// Response with a body costs a ReadableStream (about 20 µs, plus as much again to read it back), a
// large share of a POST /api/events budget; the Reply is the same answer without that cost.

export class Reply {
  constructor(
    readonly status: number,
    readonly body: string | null,
    readonly headers: Record<string, string>,
  ) {}

  /** Sets a header, replacing one of the same name in any letter case. */
  set(name: string, value: string): void {
    const existing = this.find(name);
    if (existing !== undefined && existing !== name) delete this.headers[existing];
    this.headers[name] = value;
  }

  has(name: string): boolean {
    return this.find(name) !== undefined;
  }

  private find(name: string): string | undefined {
    if (name in this.headers) return name;
    const lower = name.toLowerCase();
    for (const key in this.headers) if (key.toLowerCase() === lower) return key;
    return undefined;
  }
}

/** What a pipeline handler may return: a Reply, or a Response for anything that is not plain JSON. */
export type HandlerResult = Response | Reply;

export function toResponse(result: HandlerResult): Response {
  return result instanceof Reply ? new Response(result.body, { status: result.status, headers: result.headers }) : result;
}

export function jsonReply(data: unknown, status = 200, headers: Record<string, string> = {}): Reply {
  return new Reply(status, JSON.stringify(data), { "Content-Type": "application/json", ...headers });
}

/** A body already serialized to JSON (hot paths that splice stored JSON text rather than re-serialize it). */
export function jsonText(text: string, status = 200, headers: Record<string, string> = {}): Reply {
  return new Reply(status, text, { "Content-Type": "application/json", ...headers });
}

export const ok = (data: unknown) => jsonReply(data, 200);
export const created = (data: unknown) => jsonReply(data, 201);
export const accepted = (data: unknown) => jsonReply(data, 202);
export const noContent = () => new Reply(204, null, {});
