"use client";
// An email as sent, its HTML part in a sandboxed frame (sandbox="": no scripts, no same-origin access) or
// its plain-text part, the reader choosing (the Outbox).
import { useState } from "react";

export function EmailParts({ title, html, text, testId }: { title: string; html: string; text: string; testId: string }) {
  const [part, setPart] = useState<"html" | "text">("html");
  return (
    <>
      <div role="radiogroup" aria-label="Email part" className="cluster">
        {(["html", "text"] as const).map((p) => (
          <button
            key={p}
            type="button"
            role="radio"
            aria-checked={part === p}
            className={`btn btn-sm ${part === p ? "btn-primary" : "btn-secondary"}`}
            onClick={() => setPart(p)}
          >
            {p === "html" ? "Email" : "Plain text"}
          </button>
        ))}
      </div>
      {part === "html" ? (
        <iframe title={title} sandbox="" srcDoc={html} className="outbox-frame" data-testid={testId} />
      ) : (
        <pre className="outbox-text">{text}</pre>
      )}
    </>
  );
}
