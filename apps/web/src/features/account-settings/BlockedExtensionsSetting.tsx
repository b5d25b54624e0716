import { useQueryClient } from '@tanstack/react-query';
import { ListSetting } from '../../toolkit';
import { invalidateExtensionRules } from './api';

/**
 * A list of blocked file extensions (the account's or a project's), built from the toolkit's list setting with the
 * file-types template. After a change, the extension rules that uploads check ahead are asked for again.
 */
export function BlockedExtensionsSetting({
  api,
  extensions,
  label,
  description,
  addLabel,
  readonly,
  onChange,
}: {
  /** Where the list saves (…/blocked-extensions). */
  api: string;
  extensions: string[];
  label: string;
  description: string;
  addLabel: string;
  readonly?: boolean;
  /** The list after a change, before the rules are asked for again. */
  onChange?: (extensions: string[]) => void;
}) {
  const queryClient = useQueryClient();
  return (
    <ListSetting
      name="extension"
      label={label}
      description={description}
      addLabel={addLabel}
      template="fileTypes"
      api={api}
      readonly={readonly}
      value={extensions.map((ext) => ({ id: ext, label: ext, value: ext }))}
      onChange={(entries) => {
        onChange?.(entries.map((e) => String(e.id ?? e.label)));
        invalidateExtensionRules(queryClient);
      }}
    />
  );
}
