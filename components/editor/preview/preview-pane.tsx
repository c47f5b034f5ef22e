"use client";
// The server's real render (POST /render) in a sandboxed iframe (sandbox="": no scripts, no same-origin),
// at desktop and mobile widths, optionally as a chosen contact.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { ApiError } from "@/lib/client/api-fetch";
import { renderTemplate, type RenderResult } from "@/components/templates/templates-api";
import { userMessage } from "@/components/ui/messages";

const WIDTHS = { desktop: 800, mobile: 375 } as const;
type Device = keyof typeof WIDTHS;

export function PreviewPane({ templateId, beforeRender }: { templateId: string; beforeRender: () => Promise<void> }) {
  // On a phone the phone width is the one that fits.
  const [device, setDevice] = useState<Device>(() => (typeof window !== "undefined" && window.innerWidth < 720 ? "mobile" : "desktop"));
  const [recipient, setRecipient] = useState("");
  const [view, setView] = useState<"html" | "text">("html");
  const recipientId = useId();
  const render = useMutation<RenderResult, ApiError, string>({
    mutationFn: async (who) => {
      await beforeRender();
      const value = who.trim();
      return renderTemplate(templateId, value === "" ? {} : /^[0-9a-f]{24}$/.test(value) ? { contactID: value } : { email: value });
    },
  });
  const { mutate } = render;
  useEffect(() => {
    mutate("");
  }, [mutate]);
  const warnings = parseWarnings(render.data?.warnings);
  return (
    <section className="ed-preview" aria-label="Preview">
      <div className="ed-preview-bar">
        <div role="radiogroup" aria-label="Preview width" className="ed-segmented">
          {(Object.keys(WIDTHS) as Device[]).map((d) => (
            <button key={d} type="button" role="radio" aria-checked={device === d} className="ed-seg" onClick={() => setDevice(d)}>
              {d === "desktop" ? "Desktop" : "Mobile"} ({WIDTHS[d]}px)
            </button>
          ))}
        </div>
        <div role="radiogroup" aria-label="Preview part" className="ed-segmented">
          <button type="button" role="radio" aria-checked={view === "html"} className="ed-seg" onClick={() => setView("html")}>
            HTML
          </button>
          <button type="button" role="radio" aria-checked={view === "text"} className="ed-seg" onClick={() => setView("text")}>
            Plain text
          </button>
        </div>
        <form
          className="ed-preview-as"
          onSubmit={(e) => {
            e.preventDefault();
            render.mutate(recipient);
          }}
        >
          <label htmlFor={recipientId}>Preview as contact</label>
          <input
            id={recipientId}
            className="ed-input"
            placeholder="email or contact id (empty: sample data)"
            value={recipient}
            onChange={(e) => setRecipient(e.target.value)}
          />
          <button type="submit" className="ed-btn" disabled={render.isPending}>
            {render.isPending ? "Rendering…" : "Render"}
          </button>
        </form>
      </div>
      <div aria-live="polite" className="ed-preview-status">
        {render.isError && (
          <p className="ed-field-error" role="alert">
            Could not render:{" "}
            {render.error.errors.length
              ? "first fix the problems marked in red."
              : userMessage(render.error, { 404: "no contact has this email address or id. Leave it empty to preview with sample data." })}
          </p>
        )}
        {warnings.length > 0 && (
          <ul className="ed-warnings">
            {warnings.map((w, i) => (
              <li key={i}>{typeof w === "string" ? w : (w.message ?? JSON.stringify(w))}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="ed-preview-stage">
        {render.data &&
          (view === "html" ? (
            <iframe
              title={`Email preview, ${device} width`}
              data-testid="preview-frame"
              data-device={device}
              sandbox=""
              srcDoc={render.data.html}
              style={{ width: WIDTHS[device] }}
              className="ed-preview-frame"
            />
          ) : (
            <pre className="ed-preview-text" style={{ width: WIDTHS[device] }}>
              {render.data.text}
            </pre>
          ))}
      </div>
    </section>
  );
}

/** The warnings of a render: a JSON-encoded array in the response's string map. */
function parseWarnings(value: string | undefined): { message?: string }[] {
  try {
    const list = JSON.parse(value ?? "[]") as unknown;
    return Array.isArray(list) ? (list as { message?: string }[]) : [];
  } catch {
    return [];
  }
}
