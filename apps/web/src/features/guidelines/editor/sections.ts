import type { CSSProperties, KeyboardEvent } from 'react';
import type { BlockResponse } from '../documents/api';

/** The blocks of each column, in order; blocks of columns a layout no longer has show in its last column. */
export function columnsOf<B extends Pick<BlockResponse, 'column' | 'position'>>(section: {
  column_proportions: number[];
  blocks: B[];
}): B[][] {
  const count = section.column_proportions.length;
  const columns: B[][] = Array.from({ length: count }, () => []);
  const sorted = [...section.blocks].sort((a, b) => a.column - b.column || a.position - b.position);
  for (const block of sorted) columns[Math.min(block.column, count - 1)]?.push(block);
  return columns;
}

/** The columns' widths, used where the page is at least 36rem wide (narrower, the columns stack). */
export function columnStyle(proportions: readonly number[]): CSSProperties {
  return { '--section-columns': proportions.map((p) => `minmax(0, ${p}fr)`).join(' ') } as CSSProperties;
}

/** Alt+Arrow Up/Down on a handle: the move it asks for, if any. */
export function arrowMove(event: KeyboardEvent): -1 | 1 | null {
  if (!event.altKey) return null;
  if (event.key === 'ArrowUp') return -1;
  if (event.key === 'ArrowDown') return 1;
  return null;
}
