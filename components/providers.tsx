"use client";
// Client-side data layer for the dashboard: one TanStack Query client per browser tab. When the
// session has ended (any API call answers 401), the person is sent to sign in and brought back here.
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { loginUrlFor } from "@/lib/auth/callback-url";
import { ApiError } from "@/lib/client/api-fetch";

function onApiError(error: unknown) {
  if (error instanceof ApiError && error.status === 401) {
    window.location.assign(loginUrlFor(window.location.pathname + window.location.search));
  }
}

function makeClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onApiError }),
    mutationCache: new MutationCache({ onError: onApiError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(makeClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
