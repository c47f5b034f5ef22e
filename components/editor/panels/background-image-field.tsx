"use client";
// The background image of a node: choose one from the image library (stored as the published
// backgroundImageID) or type an address (kept as the backgroundImage extra). See background-image.ts.
import { useId, useState } from "react";
import { AssetLibrary } from "@/components/assets/asset-library";
import { Dialog } from "@/components/ui/dialog";
import {
  fromAddress,
  fromLibrary,
  libraryImageSrc,
  NO_BACKGROUND_IMAGE,
  type BackgroundImagePatch,
  type BackgroundImageValues,
} from "./background-image";
import type { FieldSpec } from "./field-specs";

type Props = {
  spec: FieldSpec;
  values: BackgroundImageValues | undefined;
  onPatch: (patch: BackgroundImagePatch) => void;
  error?: string;
};

export function BackgroundImageField({ spec, values, onPatch, error }: Props) {
  const id = useId();
  const [choosing, setChoosing] = useState(false);
  const library = libraryImageSrc(values);
  const hintId = spec.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="ed-field">
      <label htmlFor={id}>{spec.label}</label>
      {library && (
        <div className="ed-image-field" data-testid="library-background">
          <span className="ed-hint">An image from your library</span>
          {/* eslint-disable-next-line @next/next/no-img-element -- the email's own image, shown as a thumbnail */}
          <img className="ed-image-thumb" src={library} alt="" />
        </div>
      )}
      <input
        id={id}
        className="ed-input"
        inputMode="url"
        placeholder={library ? "Or type an image address" : spec.placeholder}
        value={values?.backgroundImage ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        onChange={(e) => onPatch(fromAddress(e.target.value))}
      />
      <div className="ed-inline-actions">
        <button type="button" className="ed-btn" onClick={() => setChoosing(true)}>
          Choose from your library…
        </button>
        {(library || values?.backgroundImage) && (
          <button type="button" className="ed-btn" onClick={() => onPatch(NO_BACKGROUND_IMAGE)}>
            Remove the background image
          </button>
        )}
      </div>
      {spec.hint && (
        <p id={hintId} className="ed-hint">
          {spec.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ed-field-error" role="alert">
          {error}
        </p>
      )}
      <Dialog open={choosing} onClose={() => setChoosing(false)} title="Choose a background image">
        {choosing && (
          <AssetLibrary
            onUse={(image) => {
              onPatch(fromLibrary(image));
              setChoosing(false);
            }}
          />
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setChoosing(false)}>
            Cancel
          </button>
        </div>
      </Dialog>
    </div>
  );
}
