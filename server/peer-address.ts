// The address of the connection a request came on, handed to the app in a header of Inkwell's own
// (lib/http/client-address.ts reads it): a route handler of Next's sees a Fetch Request, which has no socket.
// Whatever value of that header the client sent is dropped first, so the app may believe it; X-Forwarded-For
// is left as it came (the app believes it only from proxies the deployment trusts, TRUST_PROXY).
import type { IncomingMessage } from "node:http";

/** Keep in step with lib/http/client-address.ts (server/ loads nothing of lib/ at run time). */
export const PEER_HEADER = "x-inkwell-peer";

export function stampPeerAddress(req: IncomingMessage): void {
  delete req.headers[PEER_HEADER];
  const address = req.socket.remoteAddress;
  if (address) req.headers[PEER_HEADER] = address;
}
