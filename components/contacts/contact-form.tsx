"use client";
// Create a contact (POST, an upsert) or edit one (PATCH with only what changed). The API's field errors
// are shown on the fields they name (by JSON pointer) and listed in a summary that links to each field.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Control } from "@/components/ui/control";
import { ErrorSummary } from "@/components/ui/error-summary";
import { summaryTitle, userMessage } from "@/components/ui/messages";
import { ApiError } from "@/lib/client/api-fetch";
import {
  buildCreate,
  buildPatch,
  draftFromContact,
  emptyDraft,
  mapFieldErrors,
  newIdentifier,
  type Built,
  type ContactDraft,
  type CustomDraft,
  type FieldErrors,
  type IdentifierDraft,
  type ProfileName,
} from "./contact-form-model";
import { contactKeys, createContact, listContacts, patchContact } from "./contacts-client";
import { DuplicateContactDialog, type Duplicate } from "./duplicate-contact-dialog";
import { lookupOrder, upsertChanges } from "./duplicate-contact";
import { CustomPropertiesEditor } from "./custom-properties-editor";
import { IdentifierFields } from "./identifier-fields";
import { PROFILE_LABELS } from "./profile-fields";
import { TagsEditor } from "./tags-editor";
import type { Contact } from "./types";
import "./contacts.css";

/** The element id of the input an error names, for the summary's links. */
function inputId(name: string): string | null {
  if (name === "form") return null;
  if (name === "tags") return "tags-new";
  if (name === "custom") return "custom-0-key";
  if (name.startsWith("custom.")) return `custom-${name.split(".")[1]}-key`;
  if (name === "identifiers") return "identifiers-0-id";
  if (name.startsWith("identifiers.")) return name.replace(/\./g, "-");
  return `profile-${name}`;
}

const LABELS: Record<string, string> = Object.fromEntries(PROFILE_LABELS.map((f) => [f.name, f.label]));
function inputLabel(name: string, draft: ContactDraft): string {
  const m = /^identifiers\.(\d+)\.(\w+)$/.exec(name);
  if (m) {
    // "Email 2", "Phone 1, status": numbered among identifiers of the same kind, as the form shows them.
    const index = Number(m[1]);
    const type = draft.identifiers[index]?.type ?? "email";
    const nth = draft.identifiers.slice(0, index + 1).filter((i) => i.type === type).length;
    const part =
      {
        id: "",
        status: ", status",
        consentSource: ", consent source",
        consentIp: ", consent IP",
        consentUserAgent: ", consent browser",
        sendWelcomeMessage: ", welcome message",
      }[m[2]] ?? `, ${m[2]}`;
    return `${type === "email" ? "Email" : "Phone"} ${nth}${part}`;
  }
  if (name.startsWith("custom.")) return `Custom property ${Number(name.split(".")[1]) + 1}`;
  return LABELS[name] ?? { tags: "Tags", custom: "Custom properties", identifiers: "Identifiers", form: "Contact" }[name] ?? name;
}

export function ContactForm({ contact }: { contact?: Contact }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [original] = useState<ContactDraft>(() => (contact ? draftFromContact(contact) : emptyDraft()));
  const [draft, setDraft] = useState<ContactDraft>(original);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<(Duplicate & { built: Built }) | null>(null);
  const [checking, setChecking] = useState(false);

  const save = useMutation({
    mutationFn: async (built: Built) => (contact ? patchContact(contact.id, built.body) : createContact(built.body)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(contactKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      router.push(`/contacts/${saved.id}`);
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const built = contact ? buildPatch(original, draft) : buildCreate(draft);
    setNotice(null);
    if (contact && Object.keys(built.body).length === 0) {
      setNotice("Nothing has changed.");
      return;
    }
    setErrors({});
    setProblem(null);
    if (!contact) void askAboutDuplicate(built);
    else send(built);
  };

  /** A new contact whose email (or phone) already belongs to someone: ask before the upsert updates them. */
  const askAboutDuplicate = async (built: Built) => {
    setChecking(true);
    try {
      for (const identifier of lookupOrder(built.body)) {
        // A lookup the API refuses (an address that cannot exist) is left to the create to report.
        const found = await listContacts({ [identifier.type]: identifier.id, sort: "createdAt", direction: "desc", limit: 1 }).catch(
          () => null,
        );
        const owner = found?.contacts[0];
        if (owner) {
          setDuplicate({ contact: owner, type: identifier.type, value: identifier.id, changes: upsertChanges(owner, built.body), built });
          return;
        }
      }
    } finally {
      setChecking(false);
    }
    send(built);
  };

  const send = (built: Built) => {
    save.mutate(built, {
      onError: (error) => {
        if (error instanceof ApiError) {
          setErrors(mapFieldErrors(error.errors, draft, built));
          const count = error.errors.length;
          // With field errors the summary's heading counts those still open; without, it is the failure.
          setProblem(count > 0 ? "fields" : userMessage(error));
        } else setProblem(userMessage(error));
        setDuplicate(null);
      },
    });
  };

  const error = (name: string) => errors[name]?.join(" ");
  // An error goes away as soon as its field is edited; the summary goes when nothing is left in it.
  const clearErrors = (edited: (input: string) => boolean) =>
    setErrors((current) => {
      const next = Object.fromEntries(Object.entries(current).filter(([key]) => !edited(key)));
      if (Object.keys(next).length === 0) setProblem(null);
      return Object.keys(next).length === Object.keys(current).length ? current : next;
    });
  /** "identifiers.1" is the input itself and everything under it ("identifiers.1.status"). */
  const under = (name: string) => (key: string) => key === name || key.startsWith(`${name}.`);
  const setProfile = (name: ProfileName, value: string) => {
    clearErrors(under(name));
    setDraft((d) => ({ ...d, profile: { ...d.profile, [name]: value } }));
  };
  // The identifiers' own error ("Enter an email address or phone number") goes with any change to them.
  const setIdentifier = (index: number, patch: Partial<IdentifierDraft>) => {
    clearErrors((key) => under(`identifiers.${index}`)(key) || key === "identifiers");
    setDraft((d) => ({ ...d, identifiers: d.identifiers.map((i, n) => (n === index ? { ...i, ...patch } : i)) }));
  };
  // Adding or removing a row moves the rows after it: their errors would land on the wrong row.
  const setIdentifiers = (identifiers: (current: IdentifierDraft[]) => IdentifierDraft[]) => {
    clearErrors(under("identifiers"));
    setDraft((d) => ({ ...d, identifiers: identifiers(d.identifiers) }));
  };
  const setTags = (tags: string[]) => {
    clearErrors(under("tags"));
    setDraft((d) => ({ ...d, tags }));
  };
  const setCustom = (custom: CustomDraft[]) => {
    const before = draft.custom;
    const moved = custom.length !== before.length;
    clearErrors(
      (key) =>
        key === "custom" ||
        (key.startsWith("custom.") && (moved || custom[Number(key.split(".")[1])] !== before[Number(key.split(".")[1])])),
    );
    setDraft((d) => ({ ...d, custom }));
  };
  const errorEntries = Object.entries(errors);

  return (
    <form onSubmit={submit} noValidate className="stack contact-form" aria-describedby={problem ? "form-problem" : undefined}>
      <ErrorSummary
        id="form-problem"
        focusOn={problem}
        summary={
          problem
            ? {
                title: errorEntries.length
                  ? summaryTitle(errorEntries.length, contact ? "this contact can be saved" : "this contact can be created")
                  : problem,
                items: errorEntries.map(([name, messages]) => ({
                  key: name,
                  text: `${inputLabel(name, draft)}: ${messages.join(" ")}`,
                  target: inputId(name),
                })),
              }
            : null
        }
      />

      <section className="card stack" aria-labelledby="identifiers-heading">
        <h2 id="identifiers-heading" className="card-title">
          Identifiers, channel status and consent
        </h2>
        {error("identifiers") && <p className="field-error">{error("identifiers")}</p>}
        {draft.identifiers.map((identifier, index) => (
          <IdentifierFields
            key={index}
            index={index}
            value={identifier}
            error={error}
            onChange={(patch) => setIdentifier(index, patch)}
            onRemove={
              identifier.existing || draft.identifiers.length === 1
                ? undefined
                : () => setIdentifiers((list) => list.filter((_, n) => n !== index))
            }
          />
        ))}
        <div className="form-row">
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => setIdentifiers((list) => [...list, newIdentifier("email")])}
          >
            Add email
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => setIdentifiers((list) => [...list, newIdentifier("phone")])}
          >
            Add phone
          </button>
        </div>
      </section>

      <section className="card" aria-labelledby="profile-heading">
        <h2 id="profile-heading" className="card-title">
          Profile
        </h2>
        <div className="form-grid">
          {PROFILE_LABELS.map(({ name, label }) => (
            <Control
              key={name}
              id={`profile-${name}`}
              label={label}
              error={error(name)}
              hint={name === "countryCode" ? "Two letters, e.g. DE" : undefined}
            >
              {(control) =>
                name === "gender" ? (
                  <select {...control} className="input" value={draft.profile.gender} onChange={(e) => setProfile(name, e.target.value)}>
                    <option value="">Not set</option>
                    <option value="f">Female</option>
                    <option value="m">Male</option>
                  </select>
                ) : (
                  <input
                    {...control}
                    className="input"
                    type={name === "birthdate" ? "date" : "text"}
                    value={draft.profile[name]}
                    onChange={(e) => setProfile(name, e.target.value)}
                  />
                )
              }
            </Control>
          ))}
        </div>
      </section>

      <section className="card stack" aria-label="Tags and custom properties">
        <TagsEditor tags={draft.tags} error={error("tags")} onChange={setTags} />
        <CustomPropertiesEditor rows={draft.custom} error={error} onChange={setCustom} />
      </section>

      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={save.isPending || checking}>
          {save.isPending || checking ? "Saving…" : contact ? "Save changes" : "Create contact"}
        </button>
        <Link className="btn btn-secondary" href={contact ? `/contacts/${contact.id}` : "/contacts"}>
          Cancel
        </Link>
        {notice && (
          <p role="status" className="muted">
            {notice}
          </p>
        )}
      </div>
      <DuplicateContactDialog
        duplicate={duplicate}
        updating={save.isPending}
        onCancel={() => setDuplicate(null)}
        onUpdate={() => duplicate && send(duplicate.built)}
      />
    </form>
  );
}
