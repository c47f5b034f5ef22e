"use client";
import { useActionState } from "react";
import { Field } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { useKeepValuesSubmit } from "@/components/ui/use-keep-values-submit";
import { signupAction, type SignupState } from "../actions";

export function SignupForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, formAction, pending] = useActionState<SignupState, FormData>(signupAction, {});
  const onSubmit = useKeepValuesSubmit(formAction);
  const errors = state.fieldErrors ?? {};
  const errorCount = Object.keys(errors).length;
  return (
    <form action={formAction} onSubmit={onSubmit} className="stack" noValidate>
      {state.error && (
        <div className="alert alert-error" role="alert">
          {state.error}
        </div>
      )}
      {errorCount > 0 && (
        <div className="visually-hidden" role="alert">
          {errorCount === 1 ? "One field needs attention" : `${errorCount} fields need attention`}
        </div>
      )}
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.values?.email}
        error={errors.email}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 10 characters; avoid common or repetitive passwords."
        error={errors.password}
      />
      <Field
        label="Brand name"
        name="brandName"
        autoComplete="organization"
        required
        hint="Your company or product, as your team knows it."
        defaultValue={state.values?.brandName}
        error={errors.brandName}
      />
      <SubmitButton pending={pending} pendingText="Creating your account…">
        Create account
      </SubmitButton>
    </form>
  );
}
