"use client";
// The email as it will look: the body background around a canvas of the content width, sections inside.
import { useMemo } from "react";
import { DEFAULT_BUTTON_PRESETS, DEFAULT_TEXT_PRESETS } from "@/lib/templates/default-presets";
import { libraryImageSrc } from "../panels/background-image";
import type { Section } from "../state/document";
import { useEditor, useEditorStore } from "../state/store";
import { CanvasSettingsContext, type CanvasSettings } from "./block-view";
import { DragHandleContext, useNodeDragSource } from "./node-drag-source";
import { SectionNode } from "./nodes";

/** The stylesheets of the sections' web fonts, joined by "\n" (a stable selector value). */
function webFontSheets(state: { doc: { sections: Section[] } }): string {
  const hrefs = new Set<string>();
  for (const section of state.doc.sections)
    for (const font of section.settings?.customFonts ?? []) if (font.href?.startsWith("https://")) hrefs.add(font.href);
  return [...hrefs].join("\n");
}

export function Canvas() {
  const store = useEditorStore();
  const sections = useEditor((s) => s.doc.sections);
  const general = useEditor((s) => s.doc.generalSettings);
  const drag = useNodeDragSource();
  const settings = useMemo<CanvasSettings>(
    () => ({
      buttonPresets: general?.buttonPresets ?? [...DEFAULT_BUTTON_PRESETS],
      textPresets: general?.textPresets ?? [...DEFAULT_TEXT_PRESETS],
      logo: general?.logo,
    }),
    [general?.buttonPresets, general?.textPresets, general?.logo],
  );
  const fontSheets = useEditor(webFontSheets);
  const content = general?.content;
  const body = general?.body;
  // The library image (published backgroundImageID) wins over an address, as in the render.
  const bodyImage = libraryImageSrc(body) ?? body?.backgroundImage;
  return (
    <div
      className="ed-canvas-body"
      style={{
        backgroundColor: body?.backgroundColor ?? "#f0f1f5",
        backgroundImage: bodyImage ? `url("${bodyImage.replace(/["\\\n]/g, "")}")` : undefined,
      }}
      onClick={() => store.dispatch({ type: "select", id: null })}
    >
      {/* The web fonts the sections load (https stylesheets only, as the schema requires), so the canvas shows them. */}
      {fontSheets
        .split("\n")
        .filter(Boolean)
        .map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      <CanvasSettingsContext.Provider value={settings}>
        <DragHandleContext.Provider value={drag.describedBy}>
          <div
            data-drop-root=""
            onPointerDown={drag.onPointerDown}
            onClickCapture={(event) => {
              if ((event.target as Element).closest("a[href]")) event.preventDefault();
            }}
            onKeyDown={drag.onKeyDown}
            className="ed-canvas"
            data-testid="canvas"
            aria-label="Email canvas"
            role="region"
            style={{
              width: content?.width ?? "600px",
              backgroundColor: content?.backgroundColor ?? "#ffffff",
              fontFamily: content?.fontFamily ?? "Arial, Helvetica, sans-serif",
              fontSize: content?.fontSize ?? "16px",
              color: content?.color ?? "#222222",
            }}
          >
            {sections.every((s) => s.type === "badge") && (
              <div className="ed-empty ed-empty-canvas ed-drop-hint">
                <strong>Your email is empty.</strong> Drag a section from the palette here (or press Enter on one), then add blocks to it.
              </div>
            )}
            {sections.map((section) => (
              <SectionNode key={section.id} section={section} />
            ))}
            {drag.delegate}
          </div>
        </DragHandleContext.Provider>
      </CanvasSettingsContext.Provider>
    </div>
  );
}
