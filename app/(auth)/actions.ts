"use server";
// Sign-in and sign-up for the dashboard. Both end in Auth.js's Credentials sign-in, which sets the
// session cookie and redirects (a thrown NEXT_REDIRECT that must not be caught here).
import { AuthError, CredentialsSignin } from "next-auth";
import { signIn } from "@/lib/auth/config";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { signUp, SignupInput } from "@/lib/accounts/users";
import { ApiProblem } from "@/lib/http/problems";

export type LoginState = { error?: string; email?: string };

export type SignupState = {
  error?: string;
  fieldErrors?: Partial<Record<"email" | "password" | "brandName", string>>;
  values?: { email: string; brandName: string };
};

const THROTTLED = "Too many failed attempts. Wait a minute and try again.";
const INVALID = "Email or password is incorrect";

function signInError(error: unknown): string | null {
  if (!(error instanceof AuthError)) return null;
  if (error instanceof CredentialsSignin && error.code === "throttled") return THROTTLED;
  if (error instanceof CredentialsSignin) return INVALID;
  return "Signing in failed. Try again.";
}

export async function loginAction(_previous: LoginState, form: FormData): Promise<LoginState> {
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (!email || !password) return { error: INVALID, email };
  try {
    await signIn("credentials", { email, password, redirectTo: safeCallbackUrl(form.get("callbackUrl")) });
  } catch (error) {
    const message = signInError(error);
    if (message === null) throw error; // the success redirect, or a real failure for error.tsx
    return { error: message, email };
  }
  return {};
}

export async function signupAction(_previous: SignupState, form: FormData): Promise<SignupState> {
  const values = { email: String(form.get("email") ?? "").trim(), brandName: String(form.get("brandName") ?? "") };
  const password = String(form.get("password") ?? "");
  const parsed = SignupInput.safeParse({ ...values, password });
  if (!parsed.success) {
    const fieldErrors: SignupState["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof NonNullable<SignupState["fieldErrors"]>;
      fieldErrors[field] ??= issue.message;
    }
    return { fieldErrors, values };
  }
  try {
    await signUp(parsed.data);
  } catch (error) {
    if (isDuplicateEmail(error)) {
      return { fieldErrors: { email: "An account with this email already exists. Sign in instead." }, values };
    }
    throw error;
  }
  try {
    await signIn("credentials", { email: parsed.data.email, password, redirectTo: safeCallbackUrl(form.get("callbackUrl")) });
  } catch (error) {
    const message = signInError(error);
    if (message === null) throw error;
    return { error: `Your account was created, but signing in failed: ${message}`, values };
  }
  return {};
}

function isDuplicateEmail(error: unknown): boolean {
  if (error instanceof ApiProblem) return error.code === "conflict";
  // Two sign-ups racing for the same email: the unique index decides.
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}
