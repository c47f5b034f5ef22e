// Success responses. Dates become ISO strings through JSON.stringify.

export function json(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json", ...headers } });
}

export const ok = (data: unknown) => json(data, 200);
export const created = (data: unknown) => json(data, 201);
export const accepted = (data: unknown) => json(data, 202);
export const noContent = () => new Response(null, { status: 204 });
