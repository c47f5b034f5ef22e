import type { Metadata } from "next";
import Link from "next/link";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { SignupForm } from "./signup-form";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignupPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  const { callbackUrl } = await searchParams;
  const target = safeCallbackUrl(callbackUrl);
  const loginHref = typeof callbackUrl === "string" ? `/login?callbackUrl=${encodeURIComponent(target)}` : "/login";
  return (
    <>
      <h1 className="auth-title">Create your Inkwell account</h1>
      <p className="muted">You get your own brand: its templates, contacts and segments are private to it.</p>
      <SignupForm callbackUrl={target} />
      <p className="auth-switch">
        Already have an account? <Link href={loginHref}>Sign in</Link>
      </p>
    </>
  );
}
