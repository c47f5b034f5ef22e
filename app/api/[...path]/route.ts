// Anything under /api that no route claims: a problem, never Next's HTML 404 page. Inkwell's server
// also sends here what must not reach a route at all (an undecodable path, a method the API does not
// know), so those are answered with problems too (lib/http/fallback.ts).
import { apiFallback } from "@/lib/http/fallback";
import { handler } from "@/lib/http/route";

const fallback = handler((request) => apiFallback(request, "No API endpoint at {path}; see /docs/api"));

export const GET = fallback;
export const POST = fallback;
export const PUT = fallback;
export const PATCH = fallback;
export const DELETE = fallback;
