// Where to send someone after sign-in. Only a path on this site is accepted: an absolute URL, a
// protocol-relative "//host" or a backslash trick ("/\host", which browsers read as "//host") would
// turn the login page into an open redirect.
export const DEFAULT_AFTER_LOGIN = "/templates";

/** Request header proxy.ts sets to the page asked for (path + query), read by requireSession(). */
export const PATH_HEADER = "x-inkwell-path";

export function safeCallbackUrl(value: unknown, fallback: string = DEFAULT_AFTER_LOGIN): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Control characters (tabs, newlines) are stripped by URL parsers and could hide a "//".
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const base = "http://inkwell.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** /login?callbackUrl=... for the given path (omitted when it is the default). */
export function loginUrlFor(path: string | null | undefined): string {
  const target = safeCallbackUrl(path ?? "");
  return target === DEFAULT_AFTER_LOGIN ? "/login" : `/login?callbackUrl=${encodeURIComponent(target)}`;
}
