export interface TimeOptions {
  /** The largest value in seconds; larger values are clamped to it. */
  maxValueInSeconds?: number | null;
  /** 1, 2 or 3 digits after the decimal point (multipliers 10, 100, 1000); none by default. */
  postDecimalDigits?: number | null;
}

/** The multiplier of the post-decimal digits: 1 → 10, 2 → 100, 3 → 1000, otherwise 1. */
export function timeMultiplier(postDecimalDigits: number | null | undefined): number {
  return postDecimalDigits === 1 ? 10 : postDecimalDigits === 2 ? 100 : postDecimalDigits === 3 ? 1000 : 1;
}

function digitsOf(postDecimalDigits: number | null | undefined): number {
  return Math.log10(timeMultiplier(postDecimalDigits));
}

/** Hours are shown when the maximum exceeds 3600 seconds (without a maximum: when the value does). */
export function timeShowsHours(seconds: number, options: TimeOptions = {}): boolean {
  return (options.maxValueInSeconds ?? seconds) > 3600;
}

/** Rounds to the post-decimal digits and clamps into 0 … maxValueInSeconds. */
export function clampTime(seconds: number, options: TimeOptions = {}): number {
  const m = timeMultiplier(options.postDecimalDigits);
  let value = Number.isFinite(seconds) ? Math.max(0, seconds) : 0;
  const max = options.maxValueInSeconds;
  if (max !== null && max !== undefined && value > max) value = max;
  return Math.round(value * m) / m;
}

/**
 * Parses mm:ss or hh:mm:ss into seconds, clamped to the maximum. Seconds may carry the post-decimal digits.
 * Minutes and seconds below a larger unit must be under 60. Returns null when the text is neither form.
 */
export function parseTime(text: string, options: TimeOptions = {}): number | null {
  const parts = text.trim().split(':');
  if (parts.length !== 2 && parts.length !== 3) return null;
  const digits = digitsOf(options.postDecimalDigits);
  const secondsPattern = digits > 0 ? new RegExp(`^\\d{1,2}(?:\\.\\d{1,${digits}})?$`) : /^\d{1,2}$/;
  const secondsText = parts[parts.length - 1] ?? '';
  if (!secondsPattern.test(secondsText)) return null;
  const whole = parts.slice(0, -1);
  if (!whole.every((p) => /^\d+$/.test(p))) return null;
  const seconds = Number(secondsText);
  if (seconds >= 60) return null;
  let total: number;
  if (parts.length === 3) {
    const [h, m] = whole.map(Number) as [number, number];
    if (m >= 60) return null;
    total = h * 3600 + m * 60 + seconds;
  } else {
    total = Number(whole[0]) * 60 + seconds;
  }
  return clampTime(total, options);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Formats seconds as mm:ss or hh:mm:ss (two-digit padding, post-decimal digits after the seconds). */
export function formatTime(seconds: number, options: TimeOptions = {}): string {
  const value = clampTime(seconds, options);
  const m = timeMultiplier(options.postDecimalDigits);
  const digits = digitsOf(options.postDecimalDigits);
  const scaled = Math.round(value * m);
  const wholeSeconds = Math.floor(scaled / m);
  const fraction = scaled % m;
  const secs = wholeSeconds % 60;
  const fractionText = digits > 0 ? `.${String(fraction).padStart(digits, '0')}` : '';
  if (timeShowsHours(value, options)) {
    const h = Math.floor(wholeSeconds / 3600);
    const min = Math.floor((wholeSeconds % 3600) / 60);
    return `${pad2(h)}:${pad2(min)}:${pad2(secs)}${fractionText}`;
  }
  return `${pad2(Math.floor(wholeSeconds / 60))}:${pad2(secs)}${fractionText}`;
}
