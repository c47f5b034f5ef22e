// POST /email/unsubscribe/{token}/confirm: the unsubscribe page's buttons. A message sent for a marketing
// topic leaves that topic (scope=all: all marketing email); any other sets the email channel of the
// link's contact to unsubscribed, then shows the page (303). A mail provider's one-click POST (RFC 8058,
// body List-Unsubscribe=One-Click) gets 200 instead: providers do not follow redirects.
import { unsubscribeThrough } from "@/lib/delivery/recipient-pages";
import { visitorOf } from "@/lib/delivery/tracking/visitor";
import { ONE_CLICK_SOURCE, UNSUBSCRIBE_SOURCE } from "@/lib/recipient-links/subscription";
import { LINK_PATHS } from "@/lib/recipient-links/recipient-links";
import { isOneClick } from "@/lib/delivery/one-click";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const oneClick = await isOneClick(request);
  // The page's "all mail" button posts scope=all; otherwise a topic's message leaves its topic only.
  const form = oneClick ? null : await request.formData().catch(() => null);
  const scope = form?.get("scope") === "all" ? "all" : "topic";
  const result = await unsubscribeThrough(token, oneClick ? ONE_CLICK_SOURCE : UNSUBSCRIBE_SOURCE, visitorOf(request), scope);
  if (oneClick)
    return new Response("Unsubscribed\n", {
      status: 200,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(null, {
    status: 303,
    headers: {
      Location: `${LINK_PATHS.unsubscribe}${encodeURIComponent(token)}?done=${result.topic ? "topic" : "1"}`,
      "Cache-Control": "no-store",
    },
  });
}
