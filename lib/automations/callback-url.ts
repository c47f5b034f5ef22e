// Where a webhook block may call: an https URL of a public host, or (AUTOMATIONS_WEBHOOK_ALLOWED_HOSTS) a
// host the deployment allows to resolve to private addresses, over http too. Checked when the block is
// saved (literal addresses) and again by the socket's own DNS lookup when it is called (engine/webhooks.ts).
import ipaddr from "ipaddr.js";
import { config } from "@/lib/config";
import { isPublicAddress } from "@/lib/images/fetch-image";

export function allowedHosts(): Set<string> {
  return new Set(
    config()
      .AUTOMATIONS_WEBHOOK_ALLOWED_HOSTS.split(",")
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** Whether a callback URL may be called: https to a public host, or a host the configuration allows. */
export function callbackRefusal(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "is not an absolute URL";
  }
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, "");
  const allowed = allowedHosts().has(host);
  if (url.protocol !== "https:" && !(allowed && url.protocol === "http:")) return "must be an https URL";
  if (url.username || url.password) return "must not carry credentials: send them in a header";
  if (!allowed && ipaddr.isValid(host) && !isPublicAddress(host)) return `${host} is not a public address`;
  return null;
}
