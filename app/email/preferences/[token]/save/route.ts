// POST /email/preferences/{token}/save: the preferences form. Sets the contact's marketing topics the page
// showed (topic: the ticked ones, shown: every one listed) and the email channel of the link's contact (a
// resubscription records the page as consent), then shows the page again.
import { savePreferences } from "@/lib/delivery/recipient-pages";
import { visitorOf } from "@/lib/delivery/tracking/visitor";
import { LINK_PATHS } from "@/lib/recipient-links/recipient-links";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const form = await request.formData().catch(() => null);
  const status = form?.get("status");
  const strings = (name: string) => (form?.getAll(name) ?? []).filter((v): v is string => typeof v === "string").slice(0, 200);
  const page = `${LINK_PATHS.preferences}${encodeURIComponent(token)}`;
  const choice = {
    status: status === "subscribed" || status === "unsubscribed" ? (status as "subscribed" | "unsubscribed") : null,
    shownTopics: strings("shown"),
    tickedTopics: strings("topic"),
  };
  // Nothing chosen (no status, no topic listed): the page again, nothing saved.
  if (!choice.status && choice.shownTopics.length === 0) return new Response(null, { status: 303, headers: { Location: page } });
  await savePreferences(token, choice, visitorOf(request));
  return new Response(null, { status: 303, headers: { Location: `${page}?saved=1`, "Cache-Control": "no-store" } });
}
