"use client";
import styles from "./oauth.module.css";

/** The error state of the OAuth dashboard pages. */
export function OAuthPageError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className={styles.page} role="alert">
      <h1>Something went wrong</h1>
      <p>The page could not be loaded. Try again; if it keeps failing, contact the operator.</p>
      <button type="button" className={styles.primary} onClick={reset}>
        Try again
      </button>
    </div>
  );
}
