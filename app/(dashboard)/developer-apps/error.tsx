"use client";
import { OAuthPageError } from "@/components/oauth/page-error";

export default function PageError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <OAuthPageError title="Developer apps" {...props} />;
}
