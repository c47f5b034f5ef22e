"use client";
// Where the image library meets the template editor (the whole integration is here, plus a tab and one
// hook call in components/editor/template-editor.tsx):
//  - EditorImagesPanel: the library in the editor's side panel; "Use" places an image in the selected
//    image (or logo) block;
//  - useImageFileDrops: image files dropped onto an image block on the canvas are uploaded to the
//    library and placed in that block.
// Placing an image is one `update` action on the block (one undo step), so autosave stores it.
import { useEffect, type RefObject } from "react";
import { useEditorUi } from "@/components/editor/editor-ui";
import type { Block, EditorDocument } from "@/components/editor/state/document";
import { useEditor, useEditorStore, type EditorStore } from "@/components/editor/state/store";
import { findPath, nodeAt } from "@/components/editor/state/tree";
import { AssetLibrary } from "./asset-library";
import { carriesFiles, type LibraryImage } from "./images-api";
import { useImageUploads } from "./use-image-uploads";

/** Block types whose picture is their published `image` object (a logo block's image wins over its logo settings). */
const IMAGE_BLOCKS = new Set(["image", "logo"]);

function imageBlock(doc: EditorDocument, id: string | null): Block | null {
  const path = id ? findPath(doc, id) : null;
  const node = path ? (nodeAt(doc, path) as Block | undefined) : undefined;
  return node && IMAGE_BLOCKS.has(node.type) ? node : null;
}

/**
 * Puts the image in the block as the published Image object: the library image's id, name, type, size
 * and dimensions, its public URL as the source, and its name as the alternative text when there is none.
 * Link, resize and height settings of the block stay.
 */
function place(store: EditorStore, blockId: string, image: LibraryImage): void {
  const block = imageBlock(store.getState().doc, blockId);
  if (!block) return;
  const current = block.image ?? {};
  const next = {
    ...current,
    source: image.url,
    id: image.id,
    name: image.name,
    type: image.type,
    size: image.size,
    width: image.width,
    height: image.height,
    altText: current.altText || image.name,
  };
  store.dispatch({ type: "update", id: blockId, patch: { image: next } });
}

export function EditorImagesPanel() {
  const store = useEditorStore();
  const ui = useEditorUi();
  const selected = useEditor((s) => imageBlock(s.doc, s.selectedId));
  return (
    <div className="ed-props" role="group" aria-label="Images">
      <h2 className="ed-panel-title">Images</h2>
      <p className="ed-hint" aria-live="polite">
        {selected
          ? `Choose “Use” to place an image in the selected ${selected.type} block.`
          : "Select an image block on the canvas to place an image in it. You can also drop image files straight onto an image block."}
      </p>
      <AssetLibrary
        onUse={
          selected
            ? (image) => {
                place(store, selected.id, image);
                ui.notify(`Placed “${image.name}” in the ${selected.type} block.`);
              }
            : undefined
        }
      />
    </div>
  );
}

/** Drops of image files onto image blocks inside `rootRef`: upload, then place in the block dropped on. */
export function useImageFileDrops(rootRef: RefObject<HTMLElement | null>, store: EditorStore, notify: (message: string) => void): void {
  const { upload } = useImageUploads();
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const target = (event: DragEvent) => {
      const element = (event.target as Element | null)?.closest?.("[data-node-id]");
      const id = element?.getAttribute("data-node-id") ?? null;
      return id && imageBlock(store.getState().doc, id) ? id : null;
    };
    const onDragOver = (event: DragEvent) => {
      if (!carriesFiles(event) || !target(event)) return;
      event.preventDefault();
      event.dataTransfer!.dropEffect = "copy";
    };
    const onDrop = (event: DragEvent) => {
      const id = carriesFiles(event) ? target(event) : null;
      if (!id) return;
      event.preventDefault();
      event.stopPropagation();
      const files = Array.from(event.dataTransfer!.files).slice(0, 1);
      notify(`Uploading ${files[0]?.name ?? "the image"}…`);
      void upload(files).then(({ done: [image], failed }) => {
        if (!image) return notify(`The image could not be uploaded: ${failed[0] ?? "no file"}.`);
        place(store, id, image);
        notify(`Placed “${image.name}” in the image block; it is in your image library too.`);
      });
    };
    root.addEventListener("dragover", onDragOver);
    root.addEventListener("drop", onDrop);
    return () => {
      root.removeEventListener("dragover", onDragOver);
      root.removeEventListener("drop", onDrop);
    };
  }, [rootRef, store, notify, upload]);
}
