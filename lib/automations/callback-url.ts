// Where a webhook block may call: an https URL of a public host, or (AUTOMATIONS_WEBHOOK_ALLOWED_HOSTS) a
// host the deployment allows to resolve to private addresses, over http too. Checked when the block is
// saved (literal addresses, lib/net/address-guard.ts) and again by the socket's own DNS lookup when it is called (engine/webhooks.ts).
import { config } from "@/lib/config";
import { hostOf, hostRefusal } from "@/lib/net/address-guard";

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
  const host = hostOf(url);
  const allowed = allowedHosts().has(host);
  if (url.protocol !== "https:" && !(allowed && url.protocol === "http:")) return "must be an https URL";
  if (url.username || url.password) return "must not carry credentials: send them in a header";
  return allowed ? null : hostRefusal(host);
}
