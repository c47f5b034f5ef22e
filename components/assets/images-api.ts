// The Images API calls the asset library makes (same-origin, session cookie, through apiFetch).
import { apiFetch } from "@/lib/client/api-fetch";

export type LibraryImage = {
  id: string;
  name: string;
  type: string;
  size: number;
  width: number;
  height: number;
  url: string;
  createdAt: string;
};
export type ImagePage = { images: LibraryImage[]; paging: { limit: number; hasMore: boolean; cursors: { after?: string | null } } };
export type ImageUsage = { templates: { id: string; name: string }[]; layouts: { id: string; name: string }[] };

/** What the API takes (published): JPEG, PNG, GIF or WebP, at most 5 MB. */
export const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"];
export const MAX_BYTES = 5 * 1024 * 1024;

export function listImages(params: { nameContains?: string; after?: string; limit?: number }) {
  const search = new URLSearchParams({ limit: String(params.limit ?? 60), sort: "createdAt", direction: "desc" });
  if (params.nameContains) search.set("nameContains", params.nameContains);
  if (params.after) search.set("after", params.after);
  return apiFetch<ImagePage>(`/api/images?${search}`);
}

export function uploadImage(file: File) {
  const form = new FormData();
  form.set("file", file);
  return apiFetch<LibraryImage>("/api/images/upload", { method: "POST", body: form });
}

export const deleteImage = (id: string) => apiFetch<void>(`/api/images/${id}`, { method: "DELETE" });
export const imageUsage = (id: string) => apiFetch<ImageUsage>(`/api/images/${id}/usage`);

/** Why a file will not be accepted, checked before uploading it (the server checks again). */
export function refusal(file: File): string | null {
  if (!ACCEPTED_TYPES.includes(file.type)) return `${file.name} is not a JPEG, PNG, GIF or WebP image`;
  if (file.size > MAX_BYTES) return `${file.name} is larger than 5 MB`;
  return null;
}

/** Files of a drag, if it carries any (the names are only known on drop). */
export function carriesFiles(event: { dataTransfer: DataTransfer | null }): boolean {
  return !!event.dataTransfer && Array.from(event.dataTransfer.types).includes("Files");
}
