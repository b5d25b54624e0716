import type { BLOCK_SETTINGS, BlockType } from '@emblem/core';
import type { z } from 'zod';

/** A block's settings as the editor holds them (a draft may still be invalid, and lack what defaults fill in). */
export type BlockInput<T extends BlockType> = z.output<(typeof BLOCK_SETTINGS)[T]>;

export interface BlockViewProps<T extends BlockType> {
  settings: BlockInput<T>;
  /** In-place editing of what is natural to edit on the page (text, a heading, code); absent when read-only. */
  onChange?: (patch: Partial<BlockInput<T>>) => void;
  brandId: number;
}

export interface BlockSettingsProps<T extends BlockType> {
  settings: BlockInput<T>;
  onChange: (patch: Partial<BlockInput<T>>) => void;
  brandId: number;
  /** Field messages of settings that cannot be saved (path inside the settings → message). */
  errors: Record<string, string>;
}
