import type { ProjectType } from '../projects/enums.js';

/** File type groups by extension. */
export const FILE_TYPE_GROUPS = {
  images: ['bmp', 'dng', 'eps', 'gif', 'ico', 'jpeg', 'jpg', 'png', 'psd', 'psb', 'svg', 'tif', 'tiff', 'webp', 'heif', 'heic'],
  video: ['avi', 'flv', 'm4v', 'mkv', 'mov', 'mp4', 'mpg', 'mts', 'webm', 'wmv'],
  audio: ['aac', 'ac3', 'aif', 'aifc', 'aiff', 'flac', 'm4a', 'm4r', 'mp3', 'ogg', 'wav'],
  documents: ['doc', 'docx', 'dot', 'dotx', 'pdf', 'pot', 'potx', 'ppt', 'pptx', 'xls', 'xlsx', 'xlt', 'xltx', 'ai'],
  special: ['template', 'design', 'artboard'],
} as const;
export type FileTypeGroup = keyof typeof FILE_TYPE_GROUPS | 'other';

/** The lower-case extension of a file name, without the dot; '' when there is none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return '';
  return base.slice(dot + 1).toLowerCase();
}

export function fileTypeGroup(extension: string): FileTypeGroup {
  const ext = extension.toLowerCase();
  for (const [group, list] of Object.entries(FILE_TYPE_GROUPS) as [keyof typeof FILE_TYPE_GROUPS, readonly string[]][]) {
    if (list.includes(ext)) return group;
  }
  return 'other';
}

/** The asset type (`Image`, `Video`, `Audio`, `Document` or `File`) an extension makes. */
export function assetTypeOf(extension: string): 'Image' | 'Video' | 'Audio' | 'Document' | 'File' {
  switch (fileTypeGroup(extension)) {
    case 'images':
      return 'Image';
    case 'video':
      return 'Video';
    case 'audio':
      return 'Audio';
    case 'documents':
      return 'Document';
    default:
      return 'File';
  }
}

export const LIBRARY_TYPES = ['MEDIALIBRARY', 'LOGOLIBRARY', 'ICONLIBRARY', 'DOCUMENTLIBRARY'] as const;
export const ASSET_PROJECT_TYPES = [...LIBRARY_TYPES, 'WORKSPACE'] as const;
export type AssetProjectType = (typeof ASSET_PROJECT_TYPES)[number];

/**
 * Extensions a project type accepts; null means any. Account and project blocked extensions apply on top.
 */
export function allowedExtensions(projectType: ProjectType | string): readonly string[] | null {
  // Each extension once: the lists are shown to people (the refusal dialog names them).
  const once = (...lists: readonly (readonly string[])[]) => [...new Set(lists.flat())];
  switch (projectType) {
    case 'MEDIALIBRARY':
      return once(FILE_TYPE_GROUPS.images, FILE_TYPE_GROUPS.video, FILE_TYPE_GROUPS.audio, FILE_TYPE_GROUPS.documents);
    case 'LOGOLIBRARY':
      return once(FILE_TYPE_GROUPS.images, ['pdf', 'ai', 'eps']);
    case 'ICONLIBRARY':
      return once(['svg', 'png', 'pdf', 'eps', 'ai']);
    default:
      return null;
  }
}

/** Why an extension is refused in a project, or null when it is accepted. */
export function extensionRefusal(extension: string, projectType: string, blocked: readonly string[]): string | null {
  const ext = extension.toLowerCase();
  const label = ext ? `.${ext}` : 'without an extension';
  if (blocked.map((b) => b.toLowerCase().replace(/^\./, '')).includes(ext)) return `Files of type ${label} are not allowed here`;
  const allowed = allowedExtensions(projectType);
  if (!ext && allowed) return `Files ${label} are not allowed here`;
  if (allowed && !allowed.includes(ext)) return `Files of type ${label} are not allowed here`;
  return null;
}

/** Formats a byte count with units B to EB, base 1024. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'];
  let value = bytes;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return `${i === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[i]}`;
}
