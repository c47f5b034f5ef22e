// GET /email/o/{token}: the open pixel of a sent message. Always a 1×1 transparent GIF, never cached;
// the open is recorded for a genuine token (lib/delivery/tracking/hits.ts). HEAD answers the same
// headers and records nothing: Next.js serves a route's GET for HEAD when it exports no HEAD, so a link
// checker's (or anyone's) HEAD counted as a person's open.
import { recordOpen } from "@/lib/delivery/tracking/hits";
import { visitorOf } from "@/lib/delivery/tracking/visitor";

export const dynamic = "force-dynamic";

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

const HEADERS = {
  "Content-Type": "image/gif",
  "Cache-Control": "no-store, no-cache, must-revalidate, private",
  "Content-Length": String(GIF.length),
};

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  try {
    await recordOpen(token.replace(/\.gif$/, ""), visitorOf(request));
  } catch (error) {
    console.error("[delivery] recording an open failed", error);
  }
  return new Response(new Uint8Array(GIF), { status: 200, headers: HEADERS });
}

export function HEAD(): Response {
  return new Response(null, { status: 200, headers: HEADERS });
}
