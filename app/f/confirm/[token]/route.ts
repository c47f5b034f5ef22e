// /f/confirm/{token}: the double opt-in link. GET (what the email's link, a mail scanner or a prefetcher
// does) shows a page with a "Confirm my subscription" button; only its POST confirms. The first POST
// subscribes; any later one says so and changes nothing. HEAD answers without confirming.
import { confirm, confirmationPage } from "@/lib/forms/public-endpoints";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ token: string }> };

export async function GET(_request: Request, { params }: Params): Promise<Response> {
  return confirmationPage((await params).token);
}

export async function POST(request: Request, { params }: Params): Promise<Response> {
  return confirm(request, (await params).token);
}

export async function HEAD(): Promise<Response> {
  return new Response(null, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
