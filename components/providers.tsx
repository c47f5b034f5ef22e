"use client";
// Client-side data layer for the dashboard: one TanStack Query client per browser tab. When the
// session has ended (any API call answers 401), the person is sent to sign in and brought back here.
// A call refused by a rate limit (429) is asked again once its Retry-After has passed (queries and
// mutations alike: a refused request did nothing), while the page says why it waits (RateLimitNotice).
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { RateLimitNotice } from "@/components/ui/rate-limit-notice";
import { loginUrlFor } from "@/lib/auth/callback-url";
import { ApiError, retryableRateLimit, retryIfRateLimited } from "@/lib/client/api-fetch";

function onApiError(error: unknown) {
  if (error instanceof ApiError && error.status === 401) {
    window.location.assign(loginUrlFor(window.location.pathname + window.location.search));
  }
}

/** After a 429, its Retry-After (plus a little, so the window has surely turned); else TanStack's backoff. */
const retryDelay = (attempt: number, error: unknown) => {
  const wait = retryableRateLimit(error);
  return wait !== null ? wait + 250 : Math.min(1000 * 2 ** attempt, 30_000);
};

function makeClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onApiError }),
    mutationCache: new MutationCache({ onError: onApiError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again, except a 429 once its wait is over.
        retry: (count, error) => {
          if (retryableRateLimit(error) !== null) return retryIfRateLimited(count, error);
          return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;
        },
        retryDelay,
      },
      mutations: {
        retry: retryIfRateLimited,
        retryDelay,
      },
    },
  });
}

export function Providers({ children }: { children: React.ReactNode }) {
  const [client] = useState(makeClient);
  return (
    <QueryClientProvider client={client}>
      <RateLimitNotice />
      {children}
    </QueryClientProvider>
  );
}
