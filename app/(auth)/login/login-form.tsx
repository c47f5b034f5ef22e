"use client";
import { useActionState } from "react";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useKeepValuesSubmit } from "@/components/ui/use-keep-values-submit";
import { loginAction, type LoginState } from "../actions";

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, formAction, pending] = useActionState<LoginState, FormData>(loginAction, {});
  const onSubmit = useKeepValuesSubmit(formAction);
  return (
    <form action={formAction} onSubmit={onSubmit} className="stack" noValidate>
      {state.error && (
        <div className="alert alert-error" role="alert">
          {state.error}
        </div>
      )}
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={state.email} autoFocus />
      <Field label="Password" name="password" type="password" autoComplete="current-password" required />
      <SubmitButton pending={pending} pendingText="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}
