// The public route files outside /api that Inkwell's server serves itself, as it serves the API
// (server/api-router.ts, handed over by app/api/server-entry/route.ts): a signup form's submission and
// challenge take traffic at an API's rates, and Next's per-request work (its Request/Response objects,
// routing, web streams) cost more than the submission itself (bench:forms, docs/forms.md). Only the methods
// a file exports built with lib/http's handler() are served so; every other request to these paths (the
// hosted page, HEAD) goes on to Next, as does everything else outside /api and /v4. Every route file under
// app/f is listed, those Next serves alone too, so that the server's routing gives paths the precedence
// Next's does (scripts/architecture.test.ts checks the list).
import type { RouteTable } from "@/lib/process/server-entry";
import * as form from "./f/[formID]/route";
import * as formChallenge from "./f/[formID]/challenge/route";
import * as formEmbed from "./f/[formID]/embed.js/route";
import * as confirmation from "./f/confirm/[token]/route";

export const PUBLIC_ROUTES: RouteTable = [
  ["/f/[formID]", form],
  ["/f/[formID]/challenge", formChallenge],
  ["/f/[formID]/embed.js", formEmbed],
  ["/f/confirm/[token]", confirmation],
];
