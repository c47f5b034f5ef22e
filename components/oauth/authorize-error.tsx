import { AuthCard } from "@/components/ui/auth-card";

/** Shown instead of redirecting when the app or its redirect address cannot be trusted. */
export function AuthorizeError({ title, message }: { title: string; message: string }) {
  return (
    <AuthCard wide labelledBy="authorize-error-title" role="alert">
      <h1 id="authorize-error-title" className="auth-title">
        {title}
      </h1>
      <p>{message}</p>
      <p className="muted">You can close this page and return to the app.</p>
    </AuthCard>
  );
}
