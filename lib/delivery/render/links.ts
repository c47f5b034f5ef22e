// What happens to the links of a rendered email before it goes out: UTM parameters appended, click
// tracking (each link through Inkwell's redirect), and the open pixel. Pure string work on the rendered
// HTML and text: a recipient's links are known only once their render is filled (product links of a
// recommender section differ per recipient), and a pass over the HTML costs far less than a render.
// Inkwell's own links (unsubscribe, preferences, web version: APP_URL/email/...) are left alone: they
// must work without a redirect, and an unsubscribe is never counted as a click.

export type Utm = { source?: string; medium?: string; campaign?: string };

export type LinkPolicy = {
  /** UTM parameters for links without any of their own; null: none */
  utm: Utm | null;
  /** wraps a link into a click-tracking redirect; null: click tracking off */
  track: ((url: string) => string) | null;
  /** links never touched (Inkwell's own pages) */
  isSystemLink: (url: string) => boolean;
};

const HREF = /\bhref=(?:"([^"]*)"|'([^']*)')/gi;
// URLs in the plain-text part: html-to-text writes a link as "text <url>" (lib/templates/render/compile.ts).
const TEXT_URL = /<(https?:\/\/[^\s<>]+)>/g;

function decodeAttribute(value: string): string {
  return value.replace(/&(amp|quot|#39|lt|gt);/g, (_, e: string) => ({ amp: "&", quot: '"', "#39": "'", lt: "<", gt: ">" })[e]!);
}

function encodeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const isWebLink = (url: string) => /^https?:\/\//i.test(url);

/** `url` with the UTM parameters appended (before any #fragment), unless it carries a utm_ parameter already. */
export function withUtm(url: string, utm: Utm | null): string {
  if (!utm || !isWebLink(url)) return url;
  const hashAt = url.indexOf("#");
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const fragment = hashAt === -1 ? "" : url.slice(hashAt);
  const queryAt = base.indexOf("?");
  if (queryAt !== -1 && /(?:^|&)utm_[a-z]+=/i.test(base.slice(queryAt + 1))) return url;
  const params = (
    [
      ["utm_source", utm.source],
      ["utm_medium", utm.medium],
      ["utm_campaign", utm.campaign],
    ] as const
  )
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
    .join("&");
  if (!params) return url;
  const joiner = queryAt === -1 ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${joiner}${params}${fragment}`;
}

function rewrite(url: string, policy: LinkPolicy): string {
  if (!isWebLink(url) || policy.isSystemLink(url)) return url;
  const target = withUtm(url, policy.utm);
  return policy.track ? policy.track(target) : target;
}

/** The HTML part with every web link rewritten by the policy. */
export function rewriteHtmlLinks(html: string, policy: LinkPolicy): string {
  if (!policy.utm && !policy.track) return html;
  return html.replace(HREF, (whole, dq: string | undefined, sq: string | undefined) => {
    const raw = decodeAttribute(dq ?? sq ?? "");
    const next = rewrite(raw.trim(), policy);
    return next === raw.trim() ? whole : `href="${encodeAttribute(next)}"`;
  });
}

/** The plain-text part with every web link rewritten by the policy. */
export function rewriteTextLinks(text: string, policy: LinkPolicy): string {
  if (!policy.utm && !policy.track) return text;
  return text.replace(TEXT_URL, (whole, url: string) => {
    const next = rewrite(url, policy);
    return next === url ? whole : `<${next}>`;
  });
}

const BODY_END = /<\/body>/gi;

/**
 * Where the last </body> starts, in any case. The lowercase one is found without copying the message (a
 * lowercased copy of a 61 KiB message per recipient was garbage for the collector); a differently cased one
 * is looked for after it only, or everywhere when there is none.
 */
function lastBodyEnd(html: string): number {
  const lower = html.lastIndexOf("</body>");
  BODY_END.lastIndex = lower === -1 ? 0 : lower + 1;
  let at = lower;
  for (let m = BODY_END.exec(html); m; m = BODY_END.exec(html)) at = m.index;
  return at;
}

/** The open pixel, just before </body> (or at the end of a fragment without one). */
export function withOpenPixel(html: string, pixelUrl: string): string {
  const img = `<img src="${encodeAttribute(pixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;margin:0;padding:0" />`;
  const at = lastBodyEnd(html);
  return at === -1 ? html + img : html.slice(0, at) + img + html.slice(at);
}
