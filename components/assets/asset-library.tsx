"use client";
// The brand's image library: a grid of uploaded images, search by name, upload by dropping files on
// the panel (or choosing them), reuse ("Use" hands the image to the caller), and delete, with a warning
// naming the templates that show the image.
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { ACCEPTED_TYPES, carriesFiles, deleteImage, imageUsage, listImages, type ImageUsage, type LibraryImage } from "./images-api";
import { useImageUploads } from "./use-image-uploads";
import styles from "./assets.module.css";
import { userMessage } from "@/components/ui/messages";

type Props = {
  /** Shown on each image when the caller can use one (e.g. place it in the selected image block). */
  onUse?: (image: LibraryImage) => void;
  useLabel?: string;
};

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const kb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export function AssetLibrary({ onUse, useLabel = "Use" }: Props) {
  const [search, setSearch] = useState("");
  const nameContains = useDebounced(search.trim(), 250);
  const images = useInfiniteQuery({
    queryKey: ["images", nameContains],
    queryFn: ({ pageParam }) => listImages({ nameContains: nameContains || undefined, after: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.paging.hasMore ? (last.paging.cursors.after ?? undefined) : undefined),
  });
  const { uploads, upload, dismiss } = useImageUploads();
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<LibraryImage | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const all = images.data?.pages.flatMap((p) => p.images) ?? [];

  return (
    <section
      className={styles.library}
      data-dragging={dragging ? "" : undefined}
      aria-label="Image library"
      onDragOver={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "copy";
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        setDragging(false);
        void upload(Array.from(e.dataTransfer.files));
      }}
    >
      <div className={styles.dropZone} data-testid="image-drop-zone">
        <p>Drop images here</p>
        <p className={styles.muted}>JPEG, PNG, GIF or WebP, up to 5 MB</p>
        <button type="button" className="ed-btn" onClick={() => fileInput.current?.click()}>
          Choose files…
        </button>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPTED_TYPES.join(",")}
          className={styles.hidden}
          aria-label="Upload images"
          onChange={(e) => {
            void upload(Array.from(e.target.files ?? []));
            e.target.value = "";
          }}
        />
      </div>

      {uploads.length > 0 && (
        <ul className={styles.uploads} aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key} className={styles.upload} data-state={u.state}>
              <span className={styles.uploadName}>{u.name}</span>
              {u.state === "uploading" ? (
                <progress aria-label={`Uploading ${u.name}`} />
              ) : (
                <>
                  <span role="alert">{u.message}</span>
                  <button type="button" className={styles.linkButton} onClick={() => dismiss(u.key)}>
                    Dismiss
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}

      <div className={styles.search}>
        <label htmlFor={searchId}>Search images</label>
        <input
          id={searchId}
          type="search"
          className="ed-input"
          placeholder="Name contains…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>

      {images.isPending ? (
        <p className={styles.muted} aria-live="polite">
          Loading images…
        </p>
      ) : images.isError ? (
        <p role="alert">Could not load the images: {userMessage(images.error)}</p>
      ) : all.length === 0 ? (
        <p className={styles.muted}>
          {nameContains ? `No image name contains “${nameContains}”.` : "No images yet. Drop some here to start your library."}
        </p>
      ) : (
        <ul className={styles.grid} aria-label="Images">
          {all.map((image) => (
            <li key={image.id} className={styles.item}>
              <figure>
                {/* eslint-disable-next-line @next/next/no-img-element -- library images are user uploads on any origin */}
                <img src={image.url} alt={image.name} loading="lazy" width={image.width} height={image.height} />
                <figcaption title={image.name}>
                  <span className={styles.name}>{image.name}</span>
                  <span className={styles.muted}>
                    {image.width}×{image.height} · {kb(image.size)}
                  </span>
                </figcaption>
              </figure>
              <div className={styles.actions}>
                {onUse && (
                  <button type="button" className="ed-btn" onClick={() => onUse(image)} aria-label={`${useLabel} ${image.name}`}>
                    {useLabel}
                  </button>
                )}
                <button type="button" className={styles.linkButton} onClick={() => setDeleting(image)} aria-label={`Delete ${image.name}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {images.hasNextPage && (
        <button type="button" className="ed-btn" onClick={() => void images.fetchNextPage()} disabled={images.isFetchingNextPage}>
          {images.isFetchingNextPage ? "Loading…" : "Show more images"}
        </button>
      )}
      <DeleteImageDialog image={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

function DeleteImageDialog({ image, onClose }: { image: LibraryImage | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  // Asked afresh each time the dialog opens: a template may have started using the image meanwhile.
  const check = useQuery({
    queryKey: ["image-usage", image?.id],
    queryFn: () => imageUsage(image!.id),
    enabled: image !== null,
    gcTime: 0,
    staleTime: 0,
  });
  const usage: ImageUsage | null = check.data ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const error = failure ?? (check.isError ? `Could not check where the image is used: ${userMessage(check.error)}` : null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setFailure(null);
    onClose();
  };
  const users = usage ? [...usage.templates.map((t) => `template “${t.name}”`), ...usage.layouts.map((l) => `layout “${l.name}”`)] : [];
  return (
    <Dialog open={image !== null} onClose={close} title="Delete image" role="alertdialog">
      {image && (
        <>
          {usage === null && !error && <p aria-live="polite">Checking where “{image.name}” is used…</p>}
          {usage && users.length === 0 && <p>“{image.name}” is not used in any template. Delete it?</p>}
          {usage && users.length > 0 && (
            <div role="alert" className={styles.warning}>
              <p>
                “{image.name}” is used in {users.length === 1 ? "1 place" : `${users.length} places`}: {users.join(", ")}.
              </p>
              <p>Deleting it removes the image from those templates and from emails already sent that show it.</p>
            </div>
          )}
          {error && <p role="alert">{error}</p>}
          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy || (usage === null && !error)}
              onClick={async () => {
                setBusy(true);
                try {
                  await deleteImage(image.id);
                  await queryClient.invalidateQueries({ queryKey: ["images"] });
                  close();
                } catch (e) {
                  setFailure(`Could not delete the image: ${userMessage(e)}`);
                } finally {
                  setBusy(false);
                }
              }}
            >
              {busy ? "Deleting…" : users.length > 0 ? "Delete anyway" : "Delete image"}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
