"use client";
// Copies a value to the clipboard and says so (politely, for screen readers too).
import { useState } from "react";

export function CopyButton({
  value,
  label = "Copy",
  className = "btn btn-secondary",
}: {
  value: string;
  label?: string;
  className?: string;
}) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(value);
            setStatus("copied");
          } catch {
            setStatus("failed");
          }
        }}
      >
        {status === "copied" ? "Copied" : label}
      </button>
      <span role="status" className={status === "failed" ? "field-error" : "visually-hidden"}>
        {status === "copied"
          ? "Copied to the clipboard"
          : status === "failed"
            ? "Copying failed: select the text and copy it yourself"
            : ""}
      </span>
    </>
  );
}
