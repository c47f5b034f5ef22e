import { SCOPE_DESCRIPTIONS, type Scope } from "@/lib/http/scopes";
import type { BrandChoice } from "@/lib/brands/memberships";
import styles from "./oauth.module.css";

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
    <main className={styles.card} aria-labelledby="consent-title">
      <h1 id="consent-title">{props.appName} wants to access your Inkwell account</h1>
      <p className={styles.muted}>
        Made by {props.developer}. {props.userEmail ? <>Signed in as {props.userEmail}.</> : null}
      </p>
      <form method="post" action="/oauth2/authorize/decision">
        {Object.entries(props.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="csrf_token" value={props.csrfToken} />
        <h2 id="scopes-title" style={{ fontSize: "1.05rem" }}>
          It will be able to:
        </h2>
        <ul className={styles.scopes} aria-labelledby="scopes-title">
          {props.scopes.map((scope) => (
            <li key={scope}>
              {SCOPE_DESCRIPTIONS[scope]} <span className={styles.muted}>({scope})</span>
            </li>
          ))}
        </ul>
        {props.brands.length > 1 ? (
          <fieldset className={styles.fieldset}>
            <legend>Brand to connect</legend>
            {props.brands.map((brand) => (
              <label key={brand.id}>
                <input type="radio" name="brand" value={brand.id} defaultChecked={brand.id === props.defaultBrandId} required /> {brand.name}
              </label>
            ))}
          </fieldset>
        ) : (
          <p>
            Brand: <strong>{props.brands[0].name}</strong>
            <input type="hidden" name="brand" value={props.brands[0].id} />
          </p>
        )}
        <p className={styles.muted}>You can disconnect the app at any time in Settings → Connected apps.</p>
        <div className={styles.actions}>
          <button type="submit" name="decision" value="allow" className={styles.primary}>
            Allow
          </button>
          <button type="submit" name="decision" value="deny" className={styles.secondary} formNoValidate>
            Deny
          </button>
        </div>
      </form>
    </main>
  );
}
