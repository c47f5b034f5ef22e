// Part of the browser runtime (client-runtime.ts, inside its function scope): SHA-256 in plain JavaScript
// (FIPS 180-4), for pages where crypto.subtle is missing. It exists only in secure contexts, and a website
// on plain http is not one. Plain JavaScript in a string, for the reason client-runtime.ts gives.
export const CLIENT_SHA256 = String.raw`
  // The constants from the primes, as the standard defines them.
  var K = [], H0 = [];
  (function () {
    var found = 0;
    for (var c = 2; found < 64; c++) {
      var prime = true;
      for (var d = 2; d * d <= c; d++) if (c % d === 0) { prime = false; break; }
      if (!prime) continue;
      if (found < 8) H0[found] = (Math.pow(c, 1 / 2) * 4294967296) | 0;
      K[found++] = (Math.pow(c, 1 / 3) * 4294967296) | 0;
    }
  })();
  function sha256(bytes) {
    var length = bytes.length, padded = ((length + 72) >> 6) << 6;
    var m = new Uint8Array(padded), w = new Int32Array(64), h = H0.slice();
    m.set(bytes);
    m[length] = 0x80;
    var bits = length * 8;
    m[padded - 4] = bits >>> 24; m[padded - 3] = bits >>> 16; m[padded - 2] = bits >>> 8; m[padded - 1] = bits;
    var rotr = function (x, n) { return (x >>> n) | (x << (32 - n)); };
    for (var o = 0; o < padded; o += 64) {
      for (var i = 0; i < 16; i++) w[i] = (m[o + 4 * i] << 24) | (m[o + 4 * i + 1] << 16) | (m[o + 4 * i + 2] << 8) | m[o + 4 * i + 3];
      for (i = 16; i < 64; i++) {
        var s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
        var s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
        w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
      for (i = 0; i < 64; i++) {
        var t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
        var t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        hh = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      h[0] = (h[0] + a) | 0; h[1] = (h[1] + b) | 0; h[2] = (h[2] + c) | 0; h[3] = (h[3] + d) | 0;
      h[4] = (h[4] + e) | 0; h[5] = (h[5] + f) | 0; h[6] = (h[6] + g) | 0; h[7] = (h[7] + hh) | 0;
    }
    var out = new Uint8Array(32);
    for (i = 0; i < 8; i++) { out[4 * i] = h[i] >>> 24; out[4 * i + 1] = h[i] >>> 16; out[4 * i + 2] = h[i] >>> 8; out[4 * i + 3] = h[i]; }
    return out.buffer;
  }
`;
