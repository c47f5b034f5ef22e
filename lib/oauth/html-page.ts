// A minimal HTML error page for the consent POST handler (the GET side renders React pages).
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export function htmlErrorPage(status: number, title: string, message: string): Response {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Inkwell</title>
<style>body{font-family:system-ui,sans-serif;background:#f7f7fb;color:#1b1b29;margin:0}main{max-width:32rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #dcdce6;border-radius:12px}h1{font-size:1.4rem;margin-top:0}</style></head>
<body><main role="alert"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to Inkwell</a></p></main></body></html>`;
  return new Response(body, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      "X-Frame-Options": "DENY",
    },
  });
}
