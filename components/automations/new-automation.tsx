"use client";
// A new workflow from a starter (welcome series, abandoned cart, browse abandonment, back in stock,
// post-purchase, win-back, birthday) or from scratch: the starter's emails become templates kept with the
// workflow (out of the template list until edited), the workflow is created disabled and the builder opens on it.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { writable } from "@/components/templates/templates-api";
import type { TemplateRecord } from "@/components/templates/templates-api";
import { userMessage } from "@/components/ui/messages";
import { createAutomation, eventIdentities } from "./automations-client";
import { readableTags } from "./builder/words";
import { AUTOMATION_STARTERS, type AutomationStarter } from "./starters";
import styles from "./automations.module.css";

/** The origin the starter's trigger binds to: the one the brand's events of that name come from, else api. */
async function originFor(event: string): Promise<string | undefined> {
  if (["subscribed to marketing", "birthday", "product back in stock", "entered segment"].includes(event)) return undefined;
  try {
    const { identities } = await eventIdentities();
    const origins = [...new Set(identities.filter((i) => i.eventName === event && i.origin).map((i) => i.origin!))];
    return origins.length === 1 ? origins[0] : "api";
  } catch {
    return "api";
  }
}

export function NewAutomation() {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function start(starter: AutomationStarter | null) {
    setBusy(starter?.id ?? "scratch");
    setError(null);
    try {
      if (!starter) {
        const created = await createAutomation({
          name: "New automation",
          trigger: { condition: { event: "added product to cart", origin: await originFor("added product to cart") } },
          blocks: [{ temporaryID: "first", type: "action", action: { type: "addTag", addTag: { value: "entered-automation" } } }],
        });
        router.push(`/automations/${created.id}`);
        return;
      }
      const brand = await apiFetch<{ name: string }>("/api/brand").catch(() => ({ name: "" }));
      const templates: Record<string, string> = {};
      // Kept with the workflow: out of the brand's template list until someone edits them (docs/automations.md).
      for (const email of starter.emails) {
        const body = writable(email.template(window.location.origin));
        templates[email.key] = (await apiFetch<TemplateRecord>("/api/automations/starter-templates", { method: "POST", body })).id;
      }
      const created = await createAutomation(starter.workflow(templates, await originFor(starter.event), brand.name));
      router.push(`/automations/${created.id}`);
    } catch (e) {
      setError(userMessage(e));
      setBusy(null);
    }
  }

  return (
    <>
      {error && (
        <p className="alert alert-error" role="alert">
          Could not create the automation: {error}
        </p>
      )}
      <ul className={styles.gallery}>
        {AUTOMATION_STARTERS.map((s) => (
          <li key={s.id}>
            <article className={styles.starter} aria-labelledby={`starter-${s.id}`}>
              <h2 id={`starter-${s.id}`}>{s.name}</h2>
              <p>{s.description}</p>
              <p className={styles.emails}>
                {s.emails.length} {s.emails.length === 1 ? "email" : "emails"}: {s.emails.map((e) => readableTags(e.subject)).join("; ")}
              </p>
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={busy !== null}
                onClick={() => start(s)}
                aria-describedby={`starter-${s.id}`}
              >
                {busy === s.id ? "Creating…" : "Use this starter"}
              </button>
            </article>
          </li>
        ))}
        <li>
          <article className={styles.starter} aria-labelledby="starter-scratch">
            <h2 id="starter-scratch">From scratch</h2>
            <p>An empty workflow: choose its trigger and add the steps yourself.</p>
            <button type="button" className="btn btn-secondary btn-sm" disabled={busy !== null} onClick={() => start(null)}>
              {busy === "scratch" ? "Creating…" : "Start from scratch"}
            </button>
          </article>
        </li>
      </ul>
    </>
  );
}
