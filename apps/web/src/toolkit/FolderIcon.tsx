import { DEFAULT_FOLDER_COLOR } from './folders';

/** A small folder glyph in the folder's colour; the project's top level (id 0) gets a library glyph. */
export function FolderIcon({ id, color }: { id: number; color?: string | null }) {
  if (id === 0) {
    return (
      <svg className="folder-icon folder-icon--root" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
        <path d="M1.5 6h13M6 6v7.5" stroke="currentColor" strokeWidth="1.3" />
      </svg>
    );
  }
  return (
    <svg className="folder-icon" viewBox="0 0 16 14" width="16" height="14" aria-hidden="true" focusable="false">
      <path
        d="M1 2.5A1.5 1.5 0 0 1 2.5 1h3.6l1.5 1.8h5.9A1.5 1.5 0 0 1 15 4.3v7.2a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 1 11.5z"
        fill={color ?? DEFAULT_FOLDER_COLOR}
        stroke="#6c7070"
        strokeWidth="1"
      />
    </svg>
  );
}
