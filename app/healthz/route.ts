// GET /healthz: 200 when the database answers, 503 otherwise (for load balancers and orchestrators), with
// the state of this process's background work (started by the server at start, lib/process/lifecycle.ts).
import { pingDatabase } from "@/lib/db";
import { backgroundStatus } from "@/lib/process/lifecycle";

export const dynamic = "force-dynamic";

export async function GET() {
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
