import type { Metadata } from "next";
import Link from "next/link";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { LoginForm } from "./login-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const { callbackUrl } = await searchParams;
  const target = safeCallbackUrl(callbackUrl);
  const signupHref = typeof callbackUrl === "string" ? `/signup?callbackUrl=${encodeURIComponent(target)}` : "/signup";
  return (
    <>
      <h1 className="auth-title">Sign in to Inkwell</h1>
      <LoginForm callbackUrl={target} />
      <p className="auth-switch">
        New to Inkwell? <Link href={signupHref}>Create an account</Link>
      </p>
    </>
  );
}
