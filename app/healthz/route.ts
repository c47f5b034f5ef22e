// GET /healthz: 200 when the database answers, 503 otherwise (for load balancers and orchestrators).
// It also starts this process's background work when it is not running yet (the server calls it once
// at start; lib/process/lifecycle.ts), and reports it.
import { pingDatabase } from "@/lib/db";
import { backgroundStatus, ensureBackgroundWork } from "@/lib/process/lifecycle";

export const dynamic = "force-dynamic";

export async function GET() {
  ensureBackgroundWork();
  const started = performance.now();
  const headers = { "Cache-Control": "no-store" };
  try {
    await pingDatabase();
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    return Response.json({ status: "ok", database: "ok", latencyMs, ...backgroundStatus() }, { headers });
  } catch {
    return Response.json({ status: "unavailable", database: "unreachable", ...backgroundStatus() }, { status: 503, headers });
  }
}
