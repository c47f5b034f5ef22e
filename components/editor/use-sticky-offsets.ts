"use client";
// The editor's header sticks under the dashboard's top bar and the side panels under both; their heights
// change with the width (the top bar and the toolbar wrap), so they are measured and handed to CSS as
// --topbar-h and --ed-header-h on the editor's root.
import { useEffect, type RefObject } from "react";

export function useStickyOffsets(root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const topbar = document.querySelector<HTMLElement>(".topbar");
    const header = element.querySelector<HTMLElement>(".ed-header");
    const measure = () => {
      // The top bar stops sticking on narrow screens (CSS); then nothing sits above the header.
      const sticky = topbar && getComputedStyle(topbar).position === "sticky";
      element.style.setProperty("--topbar-h", `${sticky ? topbar.offsetHeight : 0}px`);
      if (header) element.style.setProperty("--ed-header-h", `${header.offsetHeight}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (topbar) observer.observe(topbar);
    if (header) observer.observe(header);
    return () => observer.disconnect();
  }, [root]);
}
