import type { CommentMarking } from '@emblem/core';

/**
 * The maths of comment markings (decision 0046, 0051). Pins and rectangles are stored as fractions 0..1 of the
 * image from its top left, so they are drawn in percent of the image's box and stay on the same spot at every
 * zoom. Timeframes are milliseconds, shown with the frame number at the frame rate below.
 */

/** The server stores no frame rate for videos: frames are counted at 25 per second. */
export const DEFAULT_FPS = 25;
/** A drag shorter than this (a fraction of the image, both ways) is a click: a pin. */
export const DRAG_THRESHOLD = 0.01;

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
/** Stored fractions keep 4 decimals (a tenth of a pixel on a 1000 px wide image is enough). */
const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/** Where a pointer at (clientX, clientY) is on the image whose box on screen is `box`, as fractions 0..1. */
export function fractionOf(clientX: number, clientY: number, box: Box): Point {
  if (box.width <= 0 || box.height <= 0) return { x: 0, y: 0 };
  return { x: round4(clamp01((clientX - box.left) / box.width)), y: round4(clamp01((clientY - box.top) / box.height)) };
}

/** A click (or a drag too short to mean anything) is a PIN; a drag is the RECTANGLE between its two corners. */
export function markingFromDrag(start: Point, end: Point): CommentMarking {
  const width = Math.abs(end.x - start.x);
  const height = Math.abs(end.y - start.y);
  if (width < DRAG_THRESHOLD && height < DRAG_THRESHOLD) return { kind: 'PIN', x: start.x, y: start.y };
  const x = Math.min(start.x, end.x);
  const y = Math.min(start.y, end.y);
  return { kind: 'RECTANGLE', x, y, width: round4(Math.min(width, 1 - x)), height: round4(Math.min(height, 1 - y)) };
}

/** The CSS box of a pin or rectangle over the image, in percent of the image's box. */
export function markerStyle(marking: CommentMarking): { left: string; top: string; width?: string; height?: string } | null {
  const pc = (v: number) => `${(v * 100).toFixed(3)}%`;
  if (marking.kind === 'PIN') return { left: pc(marking.x), top: pc(marking.y) };
  if (marking.kind === 'RECTANGLE') {
    return { left: pc(marking.x), top: pc(marking.y), width: pc(marking.width), height: pc(marking.height) };
  }
  return null;
}

/** The frame shown at `ms` (frames counted from 0). */
export function frameAt(ms: number, fps = DEFAULT_FPS): number {
  return Math.floor((Math.max(0, ms) * fps) / 1000 + 1e-9);
}

/**
 * A TIMEFRAME from seconds of the video: a moment (`end` missing or not after `start`) lasts one frame, so that
 * it still ends after it starts.
 */
export type TimeframeMarking = Extract<CommentMarking, { kind: 'TIMEFRAME' }>;

export function timeframeMarking(startSeconds: number, endSeconds: number | null, fps = DEFAULT_FPS): TimeframeMarking {
  const start_ms = Math.max(0, Math.round(startSeconds * 1000));
  const frame = Math.ceil(1000 / fps);
  const asked = endSeconds === null ? 0 : Math.round(endSeconds * 1000);
  const end_ms = asked > start_ms ? asked : start_ms + frame;
  return { kind: 'TIMEFRAME', start_ms, end_ms, start_frame: frameAt(start_ms, fps), end_frame: frameAt(end_ms, fps) };
}

/** m:ss.mmm (h:mm:ss.mmm past an hour). */
export function formatMs(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const millis = String(total % 1000).padStart(3, '0');
  const seconds = Math.floor(total / 1000);
  const s = String(seconds % 60).padStart(2, '0');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}:${s}.${millis}`;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${s}.${millis}`;
}

/** Initials of a name for the self-hosted avatar: the first letters of the first and last word. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}
