import { BLOCK_TYPES, type BlockType } from '@emblem/core';
import type { ComponentType } from 'react';
import { PaletteBlock, TypographyBlock } from './brandBlocks';
import { DoDontBlock, DownloadsBlock, EmbedBlock, ImageBlock, LibraryBlock, VideoBlock } from './mediaBlocks';
import { PaletteSettings, TypographySettings } from './settings/brandSettings';
import { DoDontSettings, DownloadsSettings, EmbedSettings, ImageSettings, LibrarySettings, VideoSettings } from './settings/mediaSettings';
import { CalloutSettings, CodeSettings, DividerSettings, HeadingSettings, QuoteSettings, TextSettings } from './settings/textSettings';
import { CalloutBlock, CodeBlock, DividerBlock, HeadingBlock, QuoteBlock, TextBlock } from './textBlocks';
import type { BlockInput, BlockSettingsProps, BlockViewProps } from './types';

interface BlockKind<T extends BlockType> {
  /** The block as the reader shows it (with in-place editing where natural). */
  View: ComponentType<BlockViewProps<T>>;
  /** Its settings in the drawer, built from the toolkit. */
  Settings: ComponentType<BlockSettingsProps<T>>;
}

const KINDS: { [T in BlockType]: BlockKind<T> } = {
  text: { View: TextBlock, Settings: TextSettings },
  heading: { View: HeadingBlock, Settings: HeadingSettings },
  quote: { View: QuoteBlock, Settings: QuoteSettings },
  callout: { View: CalloutBlock, Settings: CalloutSettings },
  divider: { View: DividerBlock, Settings: DividerSettings },
  image: { View: ImageBlock, Settings: ImageSettings },
  palette: { View: PaletteBlock, Settings: PaletteSettings },
  typography: { View: TypographyBlock, Settings: TypographySettings },
  dodont: { View: DoDontBlock, Settings: DoDontSettings },
  downloads: { View: DownloadsBlock, Settings: DownloadsSettings },
  library: { View: LibraryBlock, Settings: LibrarySettings },
  video: { View: VideoBlock, Settings: VideoSettings },
  embed: { View: EmbedBlock, Settings: EmbedSettings },
  code: { View: CodeBlock, Settings: CodeSettings },
};

/** The block types in the order the "Add block" menu offers them. */
export const MENU_BLOCK_TYPES: readonly BlockType[] = BLOCK_TYPES;

export function isBlockType(type: string): type is BlockType {
  return (BLOCK_TYPES as readonly string[]).includes(type);
}

type Settings = Record<string, unknown>;

/** A block of any type as the reader shows it; `onChange` edits in place. */
export function BlockView({
  type,
  settings,
  brandId,
  onChange,
}: {
  type: BlockType;
  settings: Settings;
  brandId: number;
  onChange?: (patch: Settings) => void;
}) {
  // Each type's component reads its own settings; the draft is the type's input shape (checked before saving).
  const { View } = KINDS[type] as unknown as BlockKind<'text'>;
  return <View settings={settings as BlockInput<'text'>} brandId={brandId} onChange={onChange as BlockViewProps<'text'>['onChange']} />;
}

export function BlockSettingsForm({
  type,
  settings,
  brandId,
  errors,
  onChange,
}: {
  type: BlockType;
  settings: Settings;
  brandId: number;
  errors: Record<string, string>;
  onChange: (patch: Settings) => void;
}) {
  const { Settings: Form } = KINDS[type] as unknown as BlockKind<'text'>;
  return (
    <Form
      settings={settings as BlockInput<'text'>}
      brandId={brandId}
      errors={errors}
      onChange={onChange as BlockSettingsProps<'text'>['onChange']}
    />
  );
}
