// Template and layout writes validate inside lib (shape, cross-node rules and database references
// reported together), so their routes take the JSON body as is.
import { z } from "zod";

export const RawDocument = z.unknown();
