// The v4 → current API migration guide: what maps to what, requests before and after, and the event
// identity rules that keep existing automations and segments working.
import type { Metadata } from "next";
import Link from "next/link";
import { CURRENT_VERSION } from "@/lib/http/version";
import { LocalDate } from "@/components/ui/local-date";
import { sunsetAt } from "@/lib/v4/lifecycle";

export const metadata: Metadata = { title: "Migrating from v4" };

const ENDPOINTS = [
  [
    "POST /v4/identify",
    "POST /api/contacts",
    "v4 answered 202 and stored the contact later; the current endpoint is synchronous: 201 (created) or 200 (updated) with the stored contact.",
  ],
  ["GET /v4/contacts/id:{id}", "GET /api/contacts/{id}", "The contact in the current shape (identifiers array)."],
  ["GET /v4/contacts/email:{email}", "GET /api/contacts?email={email}", "A page of contacts ({contacts, paging}), not a single object."],
  [
    "GET /v4/contacts/phoneNumber:{phone}",
    "GET /api/contacts?phone={phone}",
    "Encode the + as %2B in the query. Returns a page of contacts.",
  ],
  [
    "POST /v4/track",
    "POST /api/events",
    "Still 202 and asynchronous. Send compatibility: no-origin for events you sent through v4 (see below).",
  ],
] as const;

const FIELDS = [
  ["email (top level)", 'identifiers[] entry {type: "email", id: <email>}'],
  ["phoneNumber (top level)", 'identifiers[] entry {type: "phone", id: <E.164 phone>}'],
  ["optIns[] {channel, createdAt}", 'identifiers[].channels.{email|sms}.status = "subscribed", statusChangedAt = createdAt'],
  ["optOuts[] {channel, createdAt}", 'identifiers[].channels.{email|sms}.status = "unsubscribed", statusChangedAt = createdAt'],
  [
    "consents[] {channel, source, createdAt, ip, userAgent}",
    "identifiers[].consent {source, createdAt, ip, userAgent}: no channel field, the consent belongs to the identifier of that channel",
  ],
  ["firstName, lastName, gender, birthdate, address, city, state, country, countryCode, postalCode, tags, customProperties", "unchanged"],
  ["event contact.phoneNumber", "contact.phone"],
  ["event (no origin)", 'origin: required on every event ("api" for your own store, your app\'s name for an app)'],
  ["—", "eventID, eventTime: new, optional (deduplication of historical events)"],
  ["Authorization: Bearer <token> only", "Bearer tokens or Authorization: Service-API-Key <key>"],
  ["version in the path (/v4/…)", `header Service-Version: ${CURRENT_VERSION} on every request`],
] as const;

const IDENTIFY_BEFORE = `POST /v4/identify
Authorization: Bearer inkat_…
Content-Type: application/json

{
  "email": "ada@example.com",
  "phoneNumber": "+14155552671",
  "optIns": [{ "channel": "email", "createdAt": "2026-04-01T10:00:00Z" }],
  "optOuts": [{ "channel": "sms" }],
  "consents": [{ "channel": "email", "source": "checkout", "ip": "203.0.113.7" }],
  "firstName": "Ada",
  "tags": ["vip"]
}

→ 202 { "contactID": "6650f0c2a1b2c3d4e5f60718" }`;

const IDENTIFY_AFTER = `POST /api/contacts
Authorization: Bearer inkat_…        (or Service-API-Key <key>)
Service-Version: ${CURRENT_VERSION}
Content-Type: application/json

{
  "identifiers": [
    {
      "type": "email",
      "id": "ada@example.com",
      "channels": { "email": { "status": "subscribed", "statusChangedAt": "2026-04-01T10:00:00Z" } },
      "consent": { "source": "checkout", "ip": "203.0.113.7" }
    },
    {
      "type": "phone",
      "id": "+14155552671",
      "channels": { "sms": { "status": "unsubscribed" } }
    }
  ],
  "firstName": "Ada",
  "tags": ["vip"]
}

→ 201 (created) or 200 (updated) with the stored contact: { "id": "6650f0c2a1b2c3d4e5f60718", "identifiers": [...], ... }`;

const LOOKUP_BEFORE = `GET /v4/contacts/email:ada@example.com
GET /v4/contacts/phoneNumber:+14155552671
GET /v4/contacts/id:6650f0c2a1b2c3d4e5f60718
Authorization: Bearer inkat_…

→ 200 { "contactID": "6650f0c2…", "email": "ada@example.com", "phoneNumber": "+14155552671",
        "optIns": [{ "channel": "email", "createdAt": "…" }], "optOuts": [...], "consents": [...], ... }`;

const LOOKUP_AFTER = `GET /api/contacts?email=ada%40example.com
GET /api/contacts?phone=%2B14155552671
GET /api/contacts/6650f0c2a1b2c3d4e5f60718
Authorization: Bearer inkat_…
Service-Version: ${CURRENT_VERSION}

→ 200 { "contacts": [ { "id": "6650f0c2…", "email": "ada@example.com", "phone": ["+14155552671"],
        "identifiers": [...], ... } ], "paging": { ... } }     (by id: the contact itself)`;

const TRACK_BEFORE = `POST /v4/track
Authorization: Bearer inkat_…
Content-Type: application/json

{
  "eventName": "viewed product",
  "contact": { "email": "ada@example.com", "phoneNumber": "+14155552671" },
  "properties": { "productID": "sku-1", "colour": "blue" }
}`;

const TRACK_AFTER = `POST /api/events
Authorization: Bearer inkat_…
Service-Version: ${CURRENT_VERSION}
compatibility: no-origin
Content-Type: application/json

{
  "eventName": "viewed product",
  "origin": "api",
  "contact": { "email": "ada@example.com", "phone": "+14155552671" },
  "properties": { "productID": "sku-1", "colour": "blue" }
}

(no eventVersion, even though "viewed product" is a recommended event name)`;

/** A table of v4 → current pairs; the `code` columns are set in monospace. */
function MappingTable({ columns, rows, code = [] }: { columns: string[]; rows: readonly (readonly string[])[]; code?: number[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) => (
                <td key={i}>{code.includes(i) ? <code>{cell}</code> : cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Example({ title, before, after }: { title: string; before: string; after: string }) {
  return (
    <section className="stack" aria-label={title}>
      <h3>{title}</h3>
      <p className="muted">Before (v4)</p>
      <pre>
        <code>{before}</code>
      </pre>
      <p className="muted">After (current API)</p>
      <pre>
        <code>{after}</code>
      </pre>
    </section>
  );
}

export default function V4MigrationGuide() {
  return (
    <div className="stack-lg">
      <div className="page-header">
        <h1 className="page-title">Migrating from v4</h1>
        <p className="muted">
          The v4 contact-tracking API is deprecated. Inkwell keeps serving it from the current implementation until{" "}
          <strong>
            <LocalDate value={sunsetAt()} withTime />
          </strong>
          ; from then on every v4 request answers <code>410 Gone</code>. Move each call to the current API at your own pace before that
          date.
        </p>
      </div>

      <section className="stack prose" aria-labelledby="meanwhile">
        <h2 id="meanwhile" className="section-title">
          Until the sunset
        </h2>
        <ul>
          <li>v4 accepts OAuth bearer tokens only. An API key is refused with 401; API keys work with the current API.</li>
          <li>
            Every v4 response carries <code>Deprecation</code>, <code>Sunset</code> and a <code>Link</code> header whose{" "}
            <code>rel=&quot;successor-version&quot;</code> names the current endpoint.
          </li>
          <li>
            Contacts and events written through v4 are the same contacts and events you read through the current API, and the reverse.
          </li>
          <li>Your dashboard shows whether your integrations called v4 in the last 30 days.</li>
        </ul>
      </section>

      <section className="stack" aria-labelledby="endpoints">
        <h2 id="endpoints" className="section-title">
          Endpoints
        </h2>
        <MappingTable columns={["v4", "Current", "Difference"]} rows={ENDPOINTS} code={[0, 1]} />
      </section>

      <section className="stack" aria-labelledby="fields">
        <h2 id="fields" className="section-title">
          Fields
        </h2>
        <MappingTable columns={["v4", "Current"]} rows={FIELDS} />
      </section>

      <section className="stack" aria-labelledby="examples">
        <h2 id="examples" className="section-title">
          Before and after
        </h2>
        <Example title="Create or update a contact" before={IDENTIFY_BEFORE} after={IDENTIFY_AFTER} />
        <Example title="Look a contact up" before={LOOKUP_BEFORE} after={LOOKUP_AFTER} />
        <Example title="Track an event" before={TRACK_BEFORE} after={TRACK_AFTER} />
      </section>

      <section className="stack prose" aria-labelledby="identity">
        <h2 id="identity" className="section-title">
          Event identity: keep your automations working
        </h2>
        <div className="alert alert-warning" role="note">
          <p>
            <strong>Sending an old event in the new format makes it a different event.</strong> Inkwell identifies an event by its name,
            origin and version, and automations and segments bind to that identity. An event you sent through v4 has no origin and no
            version; if you now send it with a real <code>origin</code>, an <code>eventVersion</code> or reshaped properties, existing
            automations and segments silently stop reacting to it.
          </p>
        </div>
        <p>For every event you formerly sent through v4 track:</p>
        <ol>
          <li>
            Send the header <code>compatibility: no-origin</code> with every such event (<code>origin</code> stays required in the body, but
            is left out of the identity).
          </li>
          <li>
            Keep <code>eventName</code> exactly as it was sent (case-sensitive).
          </li>
          <li>
            Do not add <code>eventVersion</code>, even if the name matches a recommended event.
          </li>
          <li>Keep the properties structure unchanged.</li>
          <li>Do not mix modes for the same event name: one identity per event.</li>
          <li>
            The full recommended format (documented <code>eventVersion</code>, real <code>origin</code>, documented properties, no
            compatibility header) is for new events, or for old events whose existing automations and segments you will reconfigure.
          </li>
        </ol>
        <p>
          Events sent to <code>/v4/track</code> until the sunset are stored exactly this way, so switching an integration to{" "}
          <code>POST /api/events</code> with <code>compatibility: no-origin</code> keeps the same identity.{" "}
          <code>GET /api/event-identities</code> lists your identities and flags a name that arrives under two of them.
        </p>
      </section>

      <p>
        Full request and response shapes, including the deprecated v4 operations, are in the <Link href="/docs/api">API reference</Link>.
      </p>
    </div>
  );
}
