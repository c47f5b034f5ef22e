// Resource ids: 24 lowercase hex characters, ObjectId-like, so they sort by creation time.
// 4 bytes of seconds, 5 random bytes fixed per process, 3 bytes of a counter.
import { randomBytes } from "node:crypto";

// The process's random part and counter; ids made in one process within one second sort in the order
// they were made, until the counter wraps (it runs on across seconds, so ids stay unique whatever `at`).
// It starts below 2^23, so the first wrap is 8 million ids away: a start anywhere below 2^24 could wrap
// within the first seconds, and that second's ids sorted backwards.
const state = {
  processRandom: randomBytes(5).toString("hex"),
  counter: counterStart(),
};

/** A random start for the counter, below 2^23. */
export function counterStart(): number {
  return randomBytes(3).readUIntBE(0, 3) & 0x7fffff;
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;

export function newId(at: Date = new Date()): string {
  state.counter = (state.counter + 1) % 0x1000000;
  const seconds = Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, "0");
  return seconds + state.processRandom + state.counter.toString(16).padStart(6, "0");
}

export function isId(value: string): boolean {
  return ID_PATTERN.test(value);
}

/** The creation time encoded in an id. */
export function idTime(id: string): Date {
  return new Date(parseInt(id.slice(0, 8), 16) * 1000);
}
