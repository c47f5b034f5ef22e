// The operator's pages answer a real 404 (and the sign-in redirect a real 307) to everyone else: the
// check runs here, above the pages' loading boundaries, because once a page has started streaming
// its loading state, notFound() and redirect() can no longer change the response's status.
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { requireUser } from "@/lib/oauth/dashboard-session";

export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const { isOperator } = await requireUser("/operator/oauth-clients");
  if (!isOperator) notFound();
  return children;
}
