// POST /email/verify-sender/{token}/confirm: the confirmation page's button; marks the address verified.
import { confirmAddress } from "@/lib/delivery/senders/senders";

export const dynamic = "force-dynamic";

export async function POST(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const confirmed = await confirmAddress(token);
  const page = `/email/verify-sender/${encodeURIComponent(token)}${confirmed ? "?done=1" : ""}`;
  return new Response(null, { status: 303, headers: { Location: page, "Cache-Control": "no-store" } });
}
