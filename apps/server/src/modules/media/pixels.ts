/** Pure pixel maths on a small decoded image: its dominant colour and a 64-bit perceptual hash. */

export interface Raw {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Dominant colour as rgba(r,g,b,a) (alpha is the mean opacity), and whether every pixel is opaque. The colour is
 * the centre of the fullest cell of a 16×16×16 RGB histogram (as sharp's `stats().dominant`), counted here in
 * JavaScript from the small image: a 256 px image is 65,536 pixels, less work than another libvips pipeline.
 */
export function dominantColor(raw: Raw): { color: string; opaque: boolean } {
  const { data, info } = raw;
  const channels = info.channels;
  const colour = channels >= 3 ? 3 : 1;
  const alphaAt = channels % 2 === 0 ? channels - 1 : -1;
  const bins = new Uint32Array(4096);
  let alphaSum = 0;
  let opaque = true;
  const pixels = info.width * info.height;
  for (let p = 0, i = 0; p < pixels; p++, i += channels) {
    const r = data[i] ?? 0;
    const g = colour === 3 ? (data[i + 1] ?? 0) : r;
    const b = colour === 3 ? (data[i + 2] ?? 0) : r;
    const bin = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    bins[bin] = (bins[bin] ?? 0) + 1;
    if (alphaAt >= 0) {
      const a = data[i + alphaAt] ?? 255;
      alphaSum += a;
      if (a !== 255) opaque = false;
    }
  }
  let best = 0;
  for (let k = 1; k < 4096; k++) if ((bins[k] ?? 0) > (bins[best] ?? 0)) best = k;
  const [r, g, b] = [(best >> 8) * 16 + 8, ((best >> 4) & 15) * 16 + 8, (best & 15) * 16 + 8];
  const alpha = opaque ? 1 : Math.round((alphaSum / Math.max(1, pixels) / 255) * 100) / 100;
  return { color: `rgba(${r},${g},${b},${alpha})`, opaque };
}

/**
 * dHash: the image (over white, in grey) averaged into 9×8 cells, one bit per horizontally adjacent pair, as 16
 * hex digits.
 */
export function perceptualHash(raw: Raw): string {
  const { data, info } = raw;
  const { width, height, channels } = info;
  const colour = channels >= 3;
  const alphaAt = channels % 2 === 0 ? channels - 1 : -1;
  const sums = new Float64Array(72);
  const counts = new Uint32Array(72);
  for (let y = 0; y < height; y++) {
    const cy = Math.min(7, Math.floor((y * 8) / height));
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const r = data[i] ?? 0;
      let v = colour ? 0.2126 * r + 0.7152 * (data[i + 1] ?? 0) + 0.0722 * (data[i + 2] ?? 0) : r;
      if (alphaAt >= 0) {
        const a = (data[i + alphaAt] ?? 255) / 255;
        v = v * a + 255 * (1 - a);
      }
      const cell = cy * 9 + Math.min(8, Math.floor((x * 9) / width));
      sums[cell] = (sums[cell] ?? 0) + v;
      counts[cell] = (counts[cell] ?? 0) + 1;
    }
  }
  // Whole grey levels, as in an 8-bit thumbnail: compression noise in flat areas does not flip bits.
  const cells = Array.from(sums, (sum, k) => Math.round(sum / Math.max(1, counts[k] ?? 0)));
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      bits = (bits << 1n) | ((cells[y * 9 + x] ?? 0) < (cells[y * 9 + x + 1] ?? 0) ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/** Bits that differ between two hashes (0 = same picture). */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}
