"use client";
// A template's thumbnail in the picker: its real render (sample data) in a frame sandboxed without scripts,
// drawn at a quarter of its size. Kept fast with many templates: a thumbnail renders only once it scrolls
// into view, at most RENDERS_AT_ONCE at a time, and each render is cached for the template's version
// (its updatedAt), so paging back and forth or coming back to the step asks nothing again.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { renderTemplate } from "@/components/templates/templates-api";

const RENDERS_AT_ONCE = 3;
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `task` when fewer than RENDERS_AT_ONCE renders are under way: a page of thumbnails never floods the server. */
async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (running >= RENDERS_AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export const thumbnailKey = (id: string, version: string) => ["templates", "thumbnail", id, version] as const;

function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}

export function TemplateThumbnail({ id, version, name }: { id: string; version: string; name: string }) {
  const [ref, seen] = useSeen<HTMLDivElement>();
  const render = useQuery({
    queryKey: thumbnailKey(id, version),
    queryFn: () => limited(() => renderTemplate(id, {})).then((r) => r.html),
    enabled: seen,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: false,
  });
  return (
    // Decoration beside the template's name (the radio's label): hidden from assistive technology, out of the tab order.
    <div
      ref={ref}
      className="template-thumb"
      aria-hidden="true"
      data-testid="template-thumbnail"
      data-state={render.data ? "ready" : "waiting"}
    >
      {render.data ? (
        <iframe title={`Thumbnail of ${name}`} sandbox="" srcDoc={render.data} tabIndex={-1} />
      ) : (
        <span className="template-thumb-status muted">{render.isError ? "No preview" : "…"}</span>
      )}
    </div>
  );
}
