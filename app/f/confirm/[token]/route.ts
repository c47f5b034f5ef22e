// GET /f/confirm/{token}: the double opt-in link. The first visit subscribes; any later one says so and
// changes nothing. HEAD (link checkers, prefetchers) answers without confirming.
import { confirm } from "@/lib/forms/public-endpoints";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  return confirm(request, (await params).token);
}

export async function HEAD(): Promise<Response> {
  return new Response(null, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
