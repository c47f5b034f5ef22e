"use client";
// One identifier of the contact form: type and address, the channel's status, consent and welcome message.
import { Control } from "@/components/ui/control";
import type { IdentifierDraft } from "./contact-form-model";
import { STATUS_OPTIONS } from "./status-badge";

type Props = {
  index: number;
  value: IdentifierDraft;
  onChange: (patch: Partial<IdentifierDraft>) => void;
  onRemove?: () => void;
  error: (input: string) => string | undefined;
};

export function IdentifierFields({ index, value, onChange, onRemove, error }: Props) {
  const id = (field: string) => `identifiers-${index}-${field}`;
  const err = (field: keyof IdentifierDraft) => error(`identifiers.${index}.${field}`);
  const channel = value.type === "email" ? "Email" : "SMS";
  const legend = value.existing ? `${value.type === "email" ? "Email" : "Phone"} ${value.id}` : `New identifier ${index + 1}`;
  return (
    <fieldset className="fieldset identifier-fieldset">
      <legend>{legend}</legend>
      <div className="form-row">
        {!value.existing && (
          <Control id={id("type")} label="Type">
            {(control) => (
              <select
                {...control}
                className="input"
                value={value.type}
                onChange={(e) => onChange({ type: e.target.value as IdentifierDraft["type"], status: "" })}
              >
                <option value="email">Email</option>
                <option value="phone">Phone</option>
              </select>
            )}
          </Control>
        )}
        <Control
          id={id("id")}
          label={value.type === "email" ? "Email address" : "Phone number"}
          hint={
            value.existing
              ? "Stored identifiers cannot be renamed; add a new one instead."
              : value.type === "phone"
                ? "International format, e.g. +14155552671"
                : undefined
          }
          error={err("id")}
          className="grow"
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type={value.type === "email" ? "email" : "tel"}
              value={value.id}
              readOnly={value.existing}
              autoComplete="off"
              onChange={(e) => onChange({ id: e.target.value })}
            />
          )}
        </Control>
        <Control id={id("status")} label={`${channel} status`} error={err("status")}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={value.status}
              onChange={(e) => onChange({ status: e.target.value as IdentifierDraft["status"] })}
            >
              {!value.existing && <option value="">Default (not subscribed)</option>}
              {STATUS_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Control>
      </div>
      <div className="form-row">
        <Control
          id={id("consentSource")}
          label="Consent source"
          hint="Where consent was given, e.g. checkout form"
          error={err("consentSource")}
          className="grow"
        >
          {(control) => (
            <input
              {...control}
              className="input"
              value={value.consentSource}
              onChange={(e) => onChange({ consentSource: e.target.value })}
            />
          )}
        </Control>
        <Control id={id("consentIp")} label="Consent IP address" error={err("consentIp")}>
          {(control) => (
            <input {...control} className="input" value={value.consentIp} onChange={(e) => onChange({ consentIp: e.target.value })} />
          )}
        </Control>
        <Control id={id("consentUserAgent")} label="Consent user agent" error={err("consentUserAgent")} className="grow">
          {(control) => (
            <input
              {...control}
              className="input"
              value={value.consentUserAgent}
              onChange={(e) => onChange({ consentUserAgent: e.target.value })}
            />
          )}
        </Control>
      </div>
      <div className="form-row form-row-end">
        <label className="checkbox">
          <input type="checkbox" checked={value.sendWelcomeMessage} onChange={(e) => onChange({ sendWelcomeMessage: e.target.checked })} />
          Send welcome message
        </label>
        {err("sendWelcomeMessage") && <p className="field-error">{err("sendWelcomeMessage")}</p>}
        {onRemove && (
          <button type="button" className="btn btn-danger-ghost btn-sm" onClick={onRemove}>
            Remove identifier {index + 1}
          </button>
        )}
      </div>
    </fieldset>
  );
}
