import { SCOPE_DESCRIPTIONS, type Scope } from "@/lib/http/scopes";
import type { BrandChoice } from "@/lib/brands/memberships";
import { AuthCard } from "@/components/ui/auth-card";
import "./oauth.css";

export type ConsentFormProps = {
  appName: string;
  developer: string;
  scopes: Scope[];
  brands: BrandChoice[];
  defaultBrandId: string;
  userEmail: string | null;
  /** the validated authorization request, carried through the form unchanged */
  fields: Record<string, string>;
  csrfToken: string;
};

/** A plain HTML form (works without JavaScript); the server validates everything again on submit. */
export function ConsentForm(props: ConsentFormProps) {
  return (
    <AuthCard wide labelledBy="consent-title">
      <h1 id="consent-title" className="auth-title">
        {props.appName} wants to access your Inkwell account
      </h1>
      <p className="muted">
        Made by {props.developer}. {props.userEmail ? <>Signed in as {props.userEmail}.</> : null}
      </p>
      <form method="post" action="/oauth2/authorize/decision" className="stack">
        {Object.entries(props.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="csrf_token" value={props.csrfToken} />
        <h2 id="scopes-title" className="subsection-title">
          It will be able to:
        </h2>
        <ul className="scope-list" aria-labelledby="scopes-title">
          {props.scopes.map((scope) => (
            <li key={scope}>
              {SCOPE_DESCRIPTIONS[scope]} <span className="muted small">({scope})</span>
            </li>
          ))}
        </ul>
        {props.brands.length > 1 ? (
          <fieldset className="fieldset">
            <legend>Brand to connect</legend>
            {props.brands.map((brand) => (
              <label key={brand.id} className="checkbox checkbox-block">
                <input type="radio" name="brand" value={brand.id} defaultChecked={brand.id === props.defaultBrandId} required />{" "}
                {brand.name}
              </label>
            ))}
          </fieldset>
        ) : (
          <p>
            Brand: <strong>{props.brands[0].name}</strong>
            <input type="hidden" name="brand" value={props.brands[0].id} />
          </p>
        )}
        <p className="muted small">You can disconnect the app at any time in Settings → Connected apps.</p>
        <div className="form-actions">
          <button type="submit" name="decision" value="allow" className="btn btn-primary">
            Allow
          </button>
          <button type="submit" name="decision" value="deny" className="btn btn-secondary" formNoValidate>
            Deny
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
