// POST /webhooks/sendgrid: SendGrid's signed Event Webhook (lib/delivery/webhooks).
import { receiveSendgrid } from "@/lib/delivery/webhooks/receive";

export const dynamic = "force-dynamic";

export const POST = (request: Request) => receiveSendgrid(request);
