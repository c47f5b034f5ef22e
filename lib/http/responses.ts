// Success responses. Dates become ISO strings through JSON.stringify.

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonText(JSON.stringify(data), status, headers);
}

/** A body already serialized to JSON (hot paths that splice stored JSON text rather than re-serialize it). */
export function jsonText(text: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { "Content-Type": "application/json", ...headers } });
}

export const ok = (data: unknown) => json(data, 200);
export const created = (data: unknown) => json(data, 201);
export const accepted = (data: unknown) => json(data, 202);
export const noContent = () => new Response(null, { status: 204 });
