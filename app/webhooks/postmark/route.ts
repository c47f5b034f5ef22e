// POST /webhooks/postmark: Postmark's bounce and spam complaint webhook (HTTP Basic password) (lib/delivery/webhooks).
import { receivePostmark } from "@/lib/delivery/webhooks/receive";

export const dynamic = "force-dynamic";

export const POST = (request: Request) => receivePostmark(request);
