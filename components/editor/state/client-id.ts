// Node ids made in the browser: 24 lowercase hex, time-ordered like the server's (lib/ids.ts), random
// enough that two editors never collide within a template.
let counter = Math.floor(Math.random() * 0x1000000);
const random = Array.from(globalThis.crypto.getRandomValues(new Uint8Array(5)), (b) => b.toString(16).padStart(2, "0")).join("");

export function newNodeId(): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0");
  return seconds + random + counter.toString(16).padStart(6, "0");
}
