// How many events the server has accepted, shared by its request thread (which counts them) and its
// worker thread (which reads the count, lib/events/worker/run-worker.ts, to rest while events arrive):
// one integer in shared memory, so counting costs an atomic add per event instead of a message.
const local = new Int32Array(1);
let counter: Int32Array = local;

/** Makes this thread count into (request thread) or read from (worker thread) the shared counter. */
export function shareArrivals(buffer: SharedArrayBuffer): void {
  counter = new Int32Array(buffer);
}

export function newArrivalsBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
}

export function countArrival(): void {
  Atomics.add(counter, 0, 1);
}

/** The count so far (it wraps around after 2^31 events: compare counts for difference only). */
export function arrivals(): number {
  return Atomics.load(counter, 0);
}
