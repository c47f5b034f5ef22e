"use client";
// One contact: identifiers with their channel statuses and consent, status history, profile fields,
// tags, custom properties, segments, the activity timeline, and the automations the contact went through.
import "./contacts.css"; // first: profile.module.css (imported here and by the parts below) refines it
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { userMessage } from "@/components/ui/messages";
import { ContactJourneys } from "@/components/automations/contact-journeys";
import { ContactTopics } from "@/components/topics/contact-topics";
import { MAX_SUMMARY_IDS, segmentKeys, segmentSummaries } from "@/components/segments/segments-client";
import { ActivityTimeline } from "./profile-activity";
import { EraseContactButton } from "./erase-contact-dialog";
import { contactKeys, displayName, formatDateTime, getContact } from "./contacts-client";
import { PROFILE_LABELS } from "./profile-fields";
import { StatusHistory } from "./profile-history";
import { StatusBadge } from "./status-badge";
import styles from "./profile.module.css";
import type { Contact } from "./types";

export function ContactProfile({ id }: { id: string }) {
  const contact = useQuery({ queryKey: contactKeys.detail(id), queryFn: () => getContact(id) });

  if (contact.isPending) {
    return (
      <p className="loading" role="status">
        Loading contact…
      </p>
    );
  }
  if (contact.isError) {
    return (
      <div className="alert alert-error" role="alert">
        <p>{userMessage(contact.error)}</p>
        <Link href="/contacts">Back to contacts</Link>
      </div>
    );
  }
  const c = contact.data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/contacts">Contacts</Link> <span aria-hidden="true">/</span> <span aria-current="page">{displayName(c)}</span>
      </nav>
      <div className="page-header page-header-row">
        <div>
          <h1 className="page-title">{displayName(c)}</h1>
          <p className="muted">
            Created {formatDateTime(c.createdAt)} · Updated {formatDateTime(c.updatedAt)}
          </p>
        </div>
        <div className="form-row">
          <EraseContactButton contact={c} />
          <Link className="btn btn-primary" href={`/contacts/${c.id}/edit`}>
            Edit contact
          </Link>
        </div>
      </div>
      <div className="profile-grid">
        <div className="stack">
          <Identifiers contact={c} />
          <ActivityTimeline contactId={c.id} />
          <StatusHistory contact={c} />
        </div>
        <div className="stack">
          <ProfileFields contact={c} />
          <Segments ids={c.segments} />
          <ContactTopics contactId={c.id} />
          <ContactJourneys contactId={c.id} />
        </div>
      </div>
    </>
  );
}

function Identifiers({ contact }: { contact: Contact }) {
  return (
    <section aria-labelledby="identifiers-title" className="card">
      <h2 id="identifiers-title" className="card-title">
        Identifiers
      </h2>
      {contact.identifiers.length === 0 ? (
        <p className="muted">No identifiers.</p>
      ) : (
        <ul className="identifier-list">
          {contact.identifiers.map((identifier) => {
            const [channel, state] = Object.entries(identifier.channels)[0] ?? [];
            return (
              <li key={`${identifier.type}:${identifier.id}`} className="identifier">
                <div className="identifier-head">
                  <span className="badge badge-info">{identifier.type === "email" ? "Email" : "Phone"}</span>
                  <span className="identifier-id">{identifier.id}</span>
                </div>
                <dl className={`field-list ${styles.identifierFields}`}>
                  <div>
                    <dt>{channel === "sms" ? "SMS status" : "Email status"}</dt>
                    <dd>
                      <StatusBadge status={state?.status} />{" "}
                      <span className="muted small">since {formatDateTime(state?.statusChangedAt)}</span>
                    </dd>
                  </div>
                  {identifier.consent ? (
                    <>
                      <div>
                        <dt>Consent source</dt>
                        <dd>{identifier.consent.source}</dd>
                      </div>
                      <div>
                        <dt>Consent given</dt>
                        <dd>{formatDateTime(identifier.consent.createdAt)}</dd>
                      </div>
                      {identifier.consent.ip && (
                        <div>
                          <dt>Consent IP</dt>
                          <dd>{identifier.consent.ip}</dd>
                        </div>
                      )}
                      {identifier.consent.userAgent && (
                        <div>
                          <dt>Consent user agent</dt>
                          <dd className="break">{identifier.consent.userAgent}</dd>
                        </div>
                      )}
                    </>
                  ) : (
                    <div>
                      <dt>Consent</dt>
                      <dd className="muted">None recorded</dd>
                    </div>
                  )}
                  <div>
                    <dt>Welcome message</dt>
                    <dd>{identifier.sendWelcomeMessage ? "Send" : "Do not send"}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function ProfileFields({ contact }: { contact: Contact }) {
  const custom = Object.entries(contact.customProperties);
  return (
    <>
      <section aria-labelledby="profile-title" className="card">
        <h2 id="profile-title" className="card-title">
          Profile
        </h2>
        <dl className="field-list">
          {PROFILE_LABELS.map(({ name, label }) => (
            <div key={name}>
              <dt>{label}</dt>
              <dd>
                {contact[name] ? (
                  name === "gender" ? (
                    contact.gender === "f" ? (
                      "Female"
                    ) : (
                      "Male"
                    )
                  ) : (
                    contact[name]
                  )
                ) : (
                  <span className="muted">—</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="tags-title" className="card">
        <h2 id="tags-title" className="card-title">
          Tags
        </h2>
        {contact.tags.length ? (
          <ul className="tag-list">
            {contact.tags.map((tag) => (
              <li key={tag} className="tag">
                <Link href={`/contacts?tag=${encodeURIComponent(tag)}`}>{tag}</Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No tags.</p>
        )}
      </section>
      <section aria-labelledby="custom-title" className="card">
        <h2 id="custom-title" className="card-title">
          Custom properties
        </h2>
        {custom.length ? (
          <dl className="field-list">
            {custom.map(([key, value]) => (
              <div key={key}>
                <dt>
                  <code>{key}</code>
                </dt>
                <dd>{String(value)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="muted">No custom properties.</p>
        )}
      </section>
    </>
  );
}

/** The segments the contact is in, named a page (of ids) at a time: one request per page, never the brand's whole list. */
function Segments({ ids }: { ids: string[] }) {
  const names = useInfiniteQuery({
    queryKey: [...segmentKeys.summaries, "of-contact", ids],
    queryFn: ({ pageParam }) => segmentSummaries({ ids: ids.slice(pageParam, pageParam + MAX_SUMMARY_IDS) }),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => (pages.length * MAX_SUMMARY_IDS < ids.length ? pages.length * MAX_SUMMARY_IDS : undefined),
    enabled: ids.length > 0,
  });
  const named = new Map(names.data?.pages.flat().map((s) => [s.segmentID, s.name]));
  const shown = ids.slice(0, (names.data?.pages.length ?? 1) * MAX_SUMMARY_IDS);
  return (
    <section aria-labelledby="segments-title" className="card">
      <h2 id="segments-title" className="card-title">
        Segments
      </h2>
      {ids.length === 0 ? (
        <p className="muted">Not in any segment.</p>
      ) : (
        <>
          <ul className="link-list">
            {shown.map((id) => (
              <li key={id}>
                <Link href={`/segments/${id}`}>{named.get(id) ?? (names.isPending ? "Loading…" : id)}</Link>
              </li>
            ))}
          </ul>
          {names.hasNextPage && (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={names.isFetchingNextPage}
              onClick={() => void names.fetchNextPage()}
            >
              {names.isFetchingNextPage ? "Loading…" : `Show ${Math.min(MAX_SUMMARY_IDS, ids.length - shown.length)} more of ${ids.length}`}
            </button>
          )}
        </>
      )}
    </section>
  );
}
