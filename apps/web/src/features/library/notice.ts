import type { Notice } from '../../ui/Feedback';

/** What Undo restores from the library's trash (POST /api/project/{id}/trash/restore). */
export type TrashUndo = { asset_ids?: number[]; set_ids?: number[] };

/** The outcome of the last action in a folder; a delete's offers Undo. */
export type LibraryNotice = Notice & { undo?: TrashUndo };
