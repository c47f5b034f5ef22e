"use client";
// The email as a recipient will see it: the server's real render (POST /api/email-templates/{id}/render,
// the path a send personalizes through) for sample data or one of the brand's contacts, at desktop or
// mobile width. The email is user HTML: it is shown only in an iframe sandboxed without scripts or
// same-origin (sandbox=""), never put into the dashboard's own DOM.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { renderTemplate } from "@/components/templates/templates-api";
import { userMessage } from "@/components/ui/messages";

export const PREVIEW_WIDTHS = { desktop: 700, mobile: 375 } as const;
type Device = keyof typeof PREVIEW_WIDTHS;

/** The render request for what the person typed: empty is sample data, an id a contact id, else an email address. */
export function recipientOf(value: string): { contactID?: string; email?: string } {
  const v = value.trim();
  return v === "" ? {} : /^[0-9a-f]{24}$/.test(v) ? { contactID: v } : { email: v };
}

const FRAME_HEIGHT = 576;

/** The scale that fits `width` px into the stage (never enlarged), kept as the stage is resized. */
function useFit(width: number) {
  const stage = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState<number | null>(null);
  useEffect(() => {
    const el = stage.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [stage, room === null ? 1 : Math.min(1, room / width)] as const;
}

export function EmailPreview({ templateId, title = "Email preview" }: { templateId: string; title?: string }) {
  const [device, setDevice] = useState<Device>(() => (typeof window !== "undefined" && window.innerWidth < 720 ? "mobile" : "desktop"));
  const [typed, setTyped] = useState("");
  const [who, setWho] = useState("");
  const inputId = useId();
  // A desktop-wide email in a narrower column is drawn smaller, whole, rather than cut off.
  const [stage, scale] = useFit(PREVIEW_WIDTHS[device]);
  const render = useQuery({
    queryKey: ["templates", "render", templateId, who],
    queryFn: () => renderTemplate(templateId, recipientOf(who)),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  return (
    <section className="email-preview" aria-label={title}>
      <div className="email-preview-bar">
        <div role="radiogroup" aria-label="Preview width" className="email-preview-devices">
          {(Object.keys(PREVIEW_WIDTHS) as Device[]).map((d) => (
            <button
              key={d}
              type="button"
              role="radio"
              aria-checked={device === d}
              className={`btn btn-sm ${device === d ? "btn-primary" : "btn-secondary"}`}
              onClick={() => setDevice(d)}
            >
              {d === "desktop" ? "Desktop" : "Mobile"}
            </button>
          ))}
        </div>
        <div className="email-preview-as" role="group" aria-label="Preview as a contact">
          <label className="label small" htmlFor={inputId}>
            Preview as
          </label>
          <input
            id={inputId}
            className="input input-sm"
            type="text"
            inputMode="email"
            placeholder="Sample data, or a contact's email"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              // Enter must not submit the step's own form around this preview.
              if (e.key === "Enter") {
                e.preventDefault();
                setWho(typed);
              }
            }}
          />
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setWho(typed)} disabled={render.isFetching}>
            {render.isFetching ? "Rendering…" : "Show"}
          </button>
        </div>
      </div>
      <p className="muted small" aria-live="polite">
        {render.isError
          ? `Could not render the email: ${userMessage(render.error, { 404: "no contact has this email address or id. Leave it empty for sample data." })}`
          : who.trim()
            ? `As ${who.trim()} will see it.`
            : "With sample data in the personalization."}
      </p>
      <div className="email-preview-stage" ref={stage}>
        {render.isPending ? (
          <p className="loading" role="status">
            Rendering the email…
          </p>
        ) : render.data ? (
          <div className="email-preview-fit" style={{ width: PREVIEW_WIDTHS[device] * scale, height: FRAME_HEIGHT * scale }}>
            <iframe
              title={`${title}, ${device} width`}
              data-testid="email-preview-frame"
              data-device={device}
              sandbox=""
              srcDoc={render.data.html}
              data-scale={scale.toFixed(2)}
              style={{ width: PREVIEW_WIDTHS[device], height: FRAME_HEIGHT, transform: scale < 1 ? `scale(${scale})` : undefined }}
              className="email-preview-frame"
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
