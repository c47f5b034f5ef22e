import type { Metadata } from "next";
import { EventIdentities } from "@/components/events/event-identities";
import { EventStream } from "@/components/events/event-stream";

export const metadata: Metadata = { title: "Events" };

export default function EventsPage() {
  return (
    <>
      <div className="page-header">
        <h1 className="page-title">Events</h1>
        <p className="muted">
          Events as they arrive, and every event identity your brand receives: its name, origin and version, how often it arrived and when
          it was last seen.
        </p>
      </div>
      <div className="stack-lg">
        <EventStream />
        <section className="stack" aria-labelledby="identities-title">
          <h2 id="identities-title" className="section-title">
            Event identities
          </h2>
          <EventIdentities />
        </section>
      </div>
    </>
  );
}
