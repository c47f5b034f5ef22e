import styles from "./oauth.module.css";

/** Shown instead of redirecting when the app or its redirect address cannot be trusted. */
export function AuthorizeError({ title, message }: { title: string; message: string }) {
  return (
    <main className={styles.card} role="alert" aria-labelledby="authorize-error-title">
      <h1 id="authorize-error-title">{title}</h1>
      <p>{message}</p>
      <p className={styles.muted}>You can close this page and return to the app.</p>
    </main>
  );
}
