"use client";
// While every API call of the tab waits out a 429 of the session's budget (lib/client/api-fetch.ts), the
// page says so: what happened, that nothing is lost, and when it carries on by itself. The waiting
// panels show their loading state meanwhile, and their queries are asked again after the wait.
import { useEffect, useState, useSyncExternalStore } from "react";
import { rateLimitPause } from "@/lib/client/api-fetch";
import { formatWait } from "./format";
import { RATE_LIMIT_PAUSE } from "./messages";
import styles from "./rate-limit-notice.module.css";

const serverSnapshot = () => 0;

export function RateLimitNotice() {
  const until = useSyncExternalStore(rateLimitPause.subscribe, rateLimitPause.until, serverSnapshot);
  // The wait as it was when the pause began (what is announced), and the clock for the countdown.
  const [clock, setClock] = useState({ now: 0, wait: 0 });
  useEffect(() => {
    const wait = until - Date.now();
    if (wait <= 0) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the pause starts now: show it at once
    setClock({ now: Date.now(), wait });
    // A second's tick for the countdown; the last one hides the notice.
    const timer = setInterval(() => setClock({ now: Date.now(), wait }), 1000);
    const end = setTimeout(() => clearInterval(timer), wait + 1000);
    return () => {
      clearInterval(timer);
      clearTimeout(end);
    };
  }, [until]);
  const left = clock.now ? until - clock.now : 0;
  // The live region stays in the page so that its text is announced when it appears; the countdown is
  // for the eyes only (a second-by-second announcement would drown everything else).
  return (
    <div role="status" className={left > 0 ? styles.notice : "visually-hidden"} data-testid="rate-limit-notice">
      {left > 0 && (
        <div className="alert alert-warning">
          <p className={styles.title}>{RATE_LIMIT_PAUSE.title}</p>
          <p>
            {RATE_LIMIT_PAUSE.text} <span aria-hidden="true">in {formatWait(left)}.</span>
            <span className="visually-hidden">in {formatWait(clock.wait)}.</span>
          </p>
        </div>
      )}
    </div>
  );
}
