-- Email content in its published 2026-03-15 shape: no table changes. The documents themselves are
-- converted by the TypeScript data step beside this file (data.ts), in the same transaction.
SELECT 1;
