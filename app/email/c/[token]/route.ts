// GET /email/c/{token}?u=<url>&s=<signature>: a tracked link of a sent message. Redirects only to a URL
// the message carried (the signature binds it to the message: no open redirect), recording the click.
// HEAD (link checkers) is answered without recording anything.
import { clickDestination, recordClick } from "@/lib/delivery/tracking/hits";
import { visitorOf } from "@/lib/delivery/tracking/visitor";

export const dynamic = "force-dynamic";

const notFound = () =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link not available</title></head><body style="font-family:sans-serif;padding:2rem"><p>This link is not valid. Open it again from the email.</p></body></html>`,
    { status: 404, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } },
  );

const redirect = (url: string) =>
  new Response(null, { status: 302, headers: { Location: url, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });

function target(request: Request): { url: string; signature: string } {
  const query = new URL(request.url).searchParams;
  return { url: query.get("u") ?? "", signature: query.get("s") ?? "" };
}

export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const { url, signature } = target(request);
  let destination: string | null;
  try {
    destination = await recordClick(token, url, signature, visitorOf(request));
  } catch (error) {
    // The person still gets where they were going.
    console.error("[delivery] recording a click failed", error);
    destination = await clickDestination(token, url, signature);
  }
  return destination ? redirect(destination) : notFound();
}

export async function HEAD(request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { url, signature } = target(request);
  const destination = await clickDestination((await params).token, url, signature);
  return destination ? redirect(destination) : notFound();
}
