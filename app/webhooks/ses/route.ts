// POST /webhooks/ses: Amazon SES notifications through SNS (signature verified) (lib/delivery/webhooks).
import { receiveSes } from "@/lib/delivery/webhooks/receive";

export const dynamic = "force-dynamic";

export const POST = (request: Request) => receiveSes(request);
