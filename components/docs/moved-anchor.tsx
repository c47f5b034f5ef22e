"use client";
// The reference was one page; its anchors (/docs/api#op-…, #schema-…, #tag-…) now live on the pages of
// their sections. A kept link still lands where it pointed: the overview sends it on.
import { useEffect } from "react";

export function MovedAnchor({ moved }: { moved: Record<string, string> }) {
  useEffect(() => {
    const target = moved[decodeURIComponent(window.location.hash.slice(1))];
    if (target) window.location.replace(target);
  }, [moved]);
  return null;
}
