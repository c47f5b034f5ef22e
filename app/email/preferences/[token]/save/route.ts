// POST /email/preferences/{token}/save: the preferences form. Sets the email channel of the link's
// contact (a resubscription records the page as consent), then shows the page again.
import { changeSubscription } from "@/lib/delivery/recipient-pages";
import { visitorOf } from "@/lib/delivery/tracking/visitor";
import { PREFERENCES_SOURCE } from "@/lib/recipient-links/subscription";
import { LINK_PATHS } from "@/lib/recipient-links/recipient-links";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const form = await request.formData().catch(() => null);
  const status = form?.get("status");
  const page = `${LINK_PATHS.preferences}${encodeURIComponent(token)}`;
  if (status !== "subscribed" && status !== "unsubscribed") return new Response(null, { status: 303, headers: { Location: page } });
  await changeSubscription(token, status, PREFERENCES_SOURCE, visitorOf(request));
  return new Response(null, { status: 303, headers: { Location: `${page}?saved=1`, "Cache-Control": "no-store" } });
}
