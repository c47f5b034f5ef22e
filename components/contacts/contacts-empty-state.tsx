// No contacts yet: the three ways they arrive (the form, the contacts API, events).
import Link from "next/link";
import "./contacts.css";

const API_EXAMPLE = `curl -X POST "$INKWELL_URL/api/contacts" \\
  -H "Authorization: Service-API-Key $INKWELL_API_KEY" \\
  -H "Service-Version: 2026-03-15" \\
  -H "Content-Type: application/json" \\
  -d '{"identifiers":[{"type":"email","id":"ada@example.com",
       "channels":{"email":{"status":"subscribed"}}}],
       "firstName":"Ada"}'`;

const EVENT_EXAMPLE = `curl -X POST "$INKWELL_URL/api/events" \\
  -H "Authorization: Service-API-Key $INKWELL_API_KEY" \\
  -H "Service-Version: 2026-03-15" \\
  -H "Content-Type: application/json" \\
  -d '{"eventName":"signed up","origin":"api",
       "contact":{"email":"ada@example.com"}}'`;

export function ContactsEmptyState() {
  return (
    <div className="empty-state empty-state-wide">
      <h2 className="empty-state-title">No contacts yet</h2>
      <p>Contacts are the people your brand messages. There are three ways to add them:</p>
      <ol className="how-to">
        <li>
          <h3>With the form</h3>
          <p>Type in one person&apos;s email or phone, their consent and profile.</p>
          <Link className="btn btn-primary" href="/contacts/new">
            Add a contact
          </Link>
        </li>
        <li>
          <h3>With the contacts API</h3>
          <p>
            Create or update contacts from your systems (an <Link href="/settings/api-keys">API key</Link> is needed):
          </p>
          <pre className="code-block" tabIndex={0} aria-label="Example request to the contacts API">
            <code>{API_EXAMPLE}</code>
          </pre>
        </li>
        <li>
          <h3>By sending events</h3>
          <p>An event names its contact; unknown people are created as their events arrive:</p>
          <pre className="code-block" tabIndex={0} aria-label="Example request to the events API">
            <code>{EVENT_EXAMPLE}</code>
          </pre>
        </li>
      </ol>
    </div>
  );
}
