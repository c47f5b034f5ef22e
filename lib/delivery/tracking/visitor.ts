// Who loaded a tracking link or answered a recipient page, as far as the request tells: its user agent and
// its address (lib/http/client-address.ts: the connection's, or what the trusted proxies in front pass on).
import { clientAddress } from "@/lib/http/client-address";
import type { ApiRequest } from "@/lib/http/api-request";
import type { Visitor } from "./hits";

/** A web Request or the ApiRequest Inkwell's server builds (the signup forms' submission). */
export function visitorOf(request: Pick<ApiRequest, "headers">): Visitor {
  return { userAgent: request.headers.get("user-agent"), ip: clientAddress(request.headers) };
}
