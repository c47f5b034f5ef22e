// A starter's fingerprint: its document built with counted ids on a fixed origin. The thumbnails
// manifest records it; a unit test compares, so a starter changed without new thumbnails fails.
import { createHash } from "node:crypto";
import type { Starter } from "@/components/templates/starters";

export const THUMBNAIL_ORIGIN = "http://inkwell.local";

export function countedIds(): () => string {
  let n = 0;
  return () => (++n).toString(16).padStart(24, "0");
}

export function starterDocument(starter: Starter) {
  return starter.build("Starter", THUMBNAIL_ORIGIN, countedIds());
}

export function starterHash(starter: Starter): string {
  return createHash("sha256")
    .update(JSON.stringify(starterDocument(starter)))
    .digest("hex")
    .slice(0, 16);
}
