// /email/list-unsubscribe/{token}: the https URL of an email's List-Unsubscribe header. A POST is a mail
// provider's one-click unsubscribe (RFC 8058): no session, no second click, answered 200 (providers do
// not follow redirects); a message sent for a marketing topic leaves that topic only. A GET (a person opening the URL) shows the unsubscribe page, which asks first.
import { unsubscribeThrough } from "@/lib/delivery/recipient-pages";
import { visitorOf } from "@/lib/delivery/tracking/visitor";
import { linkClaims, ONE_CLICK_SOURCE } from "@/lib/recipient-links/subscription";
import { LINK_PATHS } from "@/lib/recipient-links/recipient-links";

export const dynamic = "force-dynamic";

const text = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  if (!(await linkClaims(token))) return text("This unsubscribe link is not valid.\n", 404);
  // A message sent for a marketing topic leaves that topic only (docs/topics.md).
  await unsubscribeThrough(token, ONE_CLICK_SOURCE, visitorOf(request));
  return text("Unsubscribed\n", 200);
}

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  return new Response(null, {
    status: 303,
    headers: { Location: `${LINK_PATHS.unsubscribe}${encodeURIComponent(token)}`, "Cache-Control": "no-store" },
  });
}
