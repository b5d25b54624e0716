import type { BlockType } from '@emblem/core';

/** One line drawing per block type (24 × 24, stroked with the text colour). */
const PATHS: Record<BlockType, string> = {
  text: 'M4 6h16M4 10h16M4 14h16M4 18h10',
  heading: 'M6 5v14M18 5v14M6 12h12',
  quote: 'M7 7h4v4c0 3-2 5-4 6M14 7h4v4c0 3-2 5-4 6',
  callout: 'M12 3a9 9 0 1 0 0.01 0M12 8v5M12 16v.5',
  divider: 'M3 12h18M8 7h8M8 17h8',
  image: 'M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15 9a1 1 0 1 0 0.01 0',
  palette: 'M12 3a9 9 0 1 0 0 18c1.5 0 2-1 2-2s-1-2 0-3 3 0 4-1 3-3 3-5c0-4-4-7-9-7zM7.5 11.5h.01M10 7.5h.01M15 7.5h.01',
  typography: 'M4 19l5-14h2l5 14M6 14h8M17 19v-7M15 12h4',
  dodont: 'M3 12l4 4 6-8M14 8l7 8M21 8l-7 8',
  downloads: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  library: 'M4 4h6v16H4zM14 4l6 2-4 14-6-2',
  video: 'M4 6h12v12H4zM16 10l5-3v10l-5-3',
  embed: 'M8 8l-5 4 5 4M16 8l5 4-5 4M13 5l-2 14',
  code: 'M9 8l-4 4 4 4M15 8l4 4-4 4',
};

export function BlockIcon({ type, size = 20 }: { type: BlockType; size?: number }) {
  return (
    <svg
      className="block-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[type]} />
    </svg>
  );
}
