// POST /email/unsubscribe/{token}/confirm: the unsubscribe page's button (and a mail provider's one-click
// POST, RFC 8058). Sets the email channel of the link's contact to unsubscribed, then shows the page.
import { setEmailStatus, UNSUBSCRIBE_SOURCE } from "@/lib/recipient-links/subscription";
import { LINK_PATHS } from "@/lib/recipient-links/recipient-links";

export const dynamic = "force-dynamic";

export async function POST(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  await setEmailStatus(token, "unsubscribed", UNSUBSCRIBE_SOURCE);
  return new Response(null, {
    status: 303,
    headers: { Location: `${LINK_PATHS.unsubscribe}${encodeURIComponent(token)}?done=1`, "Cache-Control": "no-store" },
  });
}
