"use client";
// Custom HTML (and imported emails) on the canvas: inside an iframe without scripts, so nothing it holds
// runs in the dashboard. allow-same-origin (never with allow-scripts) lets the canvas size it to fit.
import { useCallback, useMemo, useState } from "react";

export function HtmlFrame({ style, body }: { style: string; body: string }) {
  const [height, setHeight] = useState(80);
  const srcDoc = useMemo(
    () =>
      `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>body{margin:0;font-family:Arial,sans-serif}${style.replace(/<\/style/gi, "")}</style></head><body>${body}</body></html>`,
    [style, body],
  );
  const measure = useCallback((event: React.SyntheticEvent<HTMLIFrameElement>) => {
    const doc = event.currentTarget.contentDocument;
    if (doc) setHeight(Math.max(40, doc.documentElement.scrollHeight));
  }, []);
  // Out of the tab order: the canvas is one tab stop (the block's frame), and the HTML is only shown here.
  return (
    <iframe
      className="ed-b-html"
      title="Custom HTML block"
      sandbox="allow-same-origin"
      srcDoc={srcDoc}
      onLoad={measure}
      style={{ height }}
      tabIndex={-1}
    />
  );
}
