// Loopy's random numbers (its random.c): SHA-1 of a seed, then SHA-1 of a counter beside it. The spectre grid
// needs them to read a patch too short for its box the way Loopy does: Loopy makes up the missing hexagons from a
// generator seeded with "dummy". Pure, so that the browser page builds the same grid.

/** SHA-1 of `data` (FIPS 180-4). */
function sha1(data: Uint8Array): Uint8Array {
  const length = data.length;
  const blocks = Math.ceil((length + 9) / 64);
  const padded = new Uint8Array(blocks * 64);
  padded.set(data);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor((length * 8) / 2 ** 32));
  view.setUint32(padded.length - 4, (length * 8) >>> 0);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Uint32Array(80);
  for (let block = 0; block < blocks; block++) {
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(block * 64 + 4 * t);
    for (let t = 16; t < 80; t++) {
      const x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16];
      w[t] = (x << 1) | (x >>> 31);
    }
    let [a, b, c, d, e] = h;
    for (let t = 0; t < 80; t++) {
      const [f, k] = t < 20 ? [(b & c) | (~b & d), 0x5a827999] : t < 40 ? [b ^ c ^ d, 0x6ed9eba1] : t < 60 ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc] : [b ^ c ^ d, 0xca62c1d6];
      const next = (((a << 5) | (a >>> 27)) + f + e + k + w[t]) >>> 0;
      [e, d, c, b, a] = [d, c, (b << 30) | (b >>> 2), a, next];
    }
    [a, b, c, d, e].forEach((value, i) => (h[i] = (h[i] + value) >>> 0));
  }
  const out = new Uint8Array(20);
  const outView = new DataView(out.buffer);
  h.forEach((value, i) => outView.setUint32(4 * i, value));
  return out;
}

/** Loopy's `random_new(seed)` and `random_upto(limit)`: a whole number in [0, limit). */
export function loopyRandom(seed: string): (limit: number) => number {
  const seedBuffer = new Uint8Array(40);
  seedBuffer.set(sha1(new TextEncoder().encode(seed)));
  seedBuffer.set(sha1(seedBuffer.subarray(0, 20)), 20);
  let data = sha1(seedBuffer);
  let position = 0;
  const bits = (count: number): number => {
    let value = 0;
    for (let n = 0; n < count; n += 8) {
      if (position >= 20) {
        // The counter is the first 20 bytes, least significant first.
        for (let i = 0; i < 20; i++) {
          if (seedBuffer[i] !== 0xff) {
            seedBuffer[i]++;
            break;
          }
          seedBuffer[i] = 0;
        }
        data = sha1(seedBuffer);
        position = 0;
      }
      value = value * 256 + data[position++];
    }
    return value % 2 ** count;
  };
  return (limit: number) => {
    let count = 0;
    while (Math.floor(limit / 2 ** count) !== 0) count++;
    count += 3;
    const divisor = Math.floor(2 ** count / limit);
    const most = limit * divisor;
    let value: number;
    do value = bits(count);
    while (value >= most);
    return Math.floor(value / divisor);
  };
}

/** Picks one of `options` by its odds (the third number of each), with `draw` a whole number in [0, limit): Loopy's weighted choice. */
export function pickByOdds<E extends readonly [unknown, number, number]>(options: readonly E[], draw: (limit: number) => number): E {
  let value = draw(options.reduce((sum, option) => sum + option[2], 0));
  for (const option of options) {
    if (value < option[2]) return option;
    value -= option[2];
  }
  return options[options.length - 1];
}
