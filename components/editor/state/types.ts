// The editor's document is the API's template document. Until the templates branch exports its zod types,
// these structural types stand in for them (only the fields the reducer touches).
export type Block = { id: string; type: string; [key: string]: unknown };
export type Column = { id: string; width?: string; blocks: Block[]; [key: string]: unknown };
export type Row = { id: string; columns: Column[]; [key: string]: unknown };
export type Section = { id: string; type?: string; rows: Row[]; [key: string]: unknown };
export type GeneralSettings = Record<string, unknown>;
