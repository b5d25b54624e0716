import { ICON_SIZES, type IconSize } from '@emblem/core';

/** Inline icons of the toolkit, drawn at the toolkit icon sizes (xs 12, sm 16, md 20, lg 24, xl 32). */
const PATHS = {
  guideline: 'M5 3h10l4 4v14H5zM14 3v5h5M8 12h8M8 16h8',
  media: 'M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15 9a1 1 0 1 0 0.01 0',
  logo: 'M12 3l8 5v8l-8 5-8-5V8z',
  icon: 'M12 4l2.5 5 5.5.8-4 3.9.9 5.5L12 16.6 7.1 19.2 8 13.7 4 9.8l5.5-.8z',
  document: 'M6 3h8l4 4v14H6zM13 3v5h5',
  text: 'M5 6h14M12 6v13M9 19h6',
  template: 'M4 4h16v16H4zM4 9h16M9 9v11',
  project: 'M3 7h7l2 2h9v10H3z',
  category: 'M4 6h16M4 12h16M4 18h10',
  page: 'M7 3h10v18H7zM10 8h4M10 12h4',
  heading: 'M6 5v14M18 5v14M6 12h12',
  chevronRight: 'M9 6l6 6-6 6',
  chevronDown: 'M6 9l6 6 6-6',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  copy: 'M8 8h11v11H8zM5 16V5h11',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4',
  trash: 'M5 7h14M10 7V4h4v3M7 7l1 13h8l1-13',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6',
  group: 'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3 3-5 7-5s7 2 7 5M17 11a3 3 0 1 0 0-6M19 15c2 .6 3 2.4 3 5',
  plus: 'M12 5v14M5 12h14',
  check: 'M5 12l5 5 9-10',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 'sm', label }: { name: IconName; size?: IconSize; label?: string }) {
  const px = ICON_SIZES[size];
  return (
    <svg
      className={`icon icon--${size}`}
      width={px}
      height={px}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
