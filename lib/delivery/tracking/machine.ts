// Was an open or a click made by a person or by a machine? Mail privacy proxies load every image of every
// email they receive (Apple's Mail Privacy Protection, from Apple's own network, with a bare user agent),
// and security gateways follow every link of an email within seconds of its delivery, with the user
// agents of HTTP libraries or of their products. Those hits are still recorded (flagged `machine`), but
// kept out of a message's first open and click and out of the rates. Image proxies that fetch when the
// person opens the email (Gmail's, Yahoo's) count as people.

export type Hit = {
  kind: "open" | "click";
  userAgent: string | null;
  ip: string | null;
  /** when the message was handed to the mail server */
  sentAt: Date | null;
  at: Date;
};

export type MachineVerdict = { machine: boolean; reason: string | null };

/** Scanners follow links sooner than this after delivery; a person has not opened the email yet. */
export const SCANNER_WINDOW_MS = 10_000;
/** Opens sooner than this after delivery are a prefetch, not a person. */
export const PREFETCH_WINDOW_MS = 2_000;

const MACHINE_AGENTS =
  /bot\b|bot\/|crawler|spider|scanner|python|curl\/|wget|go-http-client|java\/|okhttp|axios|node-fetch|undici|libwww|httpclient|headless|phantomjs|barracuda|mimecast|proofpoint|symantec|messagelabs|trendmicro|fortinet|sophos|forcepoint|ironport|zscaler|safelinks|microsoft office|ms-office|preview/i;

/** Apple's 17.0.0.0/8, from which Mail Privacy Protection fetches images. */
function isAppleNetwork(ip: string): boolean {
  const v4 = ip.replace(/^::ffff:/i, "");
  return /^17\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export function classifyHit(hit: Hit): MachineVerdict {
  const ua = (hit.userAgent ?? "").trim();
  if (!ua) return { machine: true, reason: "no-user-agent" };
  if (MACHINE_AGENTS.test(ua)) return { machine: true, reason: "user-agent" };
  if (hit.kind === "open" && (ua === "Mozilla/5.0" || (hit.ip !== null && isAppleNetwork(hit.ip))))
    return { machine: true, reason: "privacy-proxy" };
  if (hit.sentAt) {
    const after = hit.at.getTime() - hit.sentAt.getTime();
    if (hit.kind === "click" && after < SCANNER_WINDOW_MS) return { machine: true, reason: "too-soon" };
    if (hit.kind === "open" && after < PREFETCH_WINDOW_MS) return { machine: true, reason: "too-soon" };
  }
  return { machine: false, reason: null };
}
