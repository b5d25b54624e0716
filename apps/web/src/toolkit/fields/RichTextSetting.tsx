import { RichTextEditor } from '../editor/LazyRichTextEditor';
import type { RichTextEditorProps } from '../editor/RichTextEditor';
import type { ToolbarSet } from '../editor/toolbar';
import { Setting } from '../setting/Setting';
import type { FieldOptions } from './TextSetting';

export interface RichTextSettingProps extends FieldOptions<string> {
  set?: ToolbarSet;
  toolbarStyle?: RichTextEditorProps['toolbarStyle'];
  placeholder?: string;
  plainPaste?: boolean;
  saveDelay?: number;
  loadTree?: RichTextEditorProps['loadTree'];
  hubId?: RichTextEditorProps['hubId'];
}

/**
 * Rich text: the editor saves through the setting after its save delay (2000 ms) and when focus
 * leaves it; the server's errors show at the field. `onLiveChange` receives the editor's HTML on every change (live
 * previews).
 */
export function RichTextSetting({
  set = 'post',
  toolbarStyle = 'inline',
  placeholder,
  plainPaste,
  saveDelay,
  loadTree,
  hubId,
  ...props
}: RichTextSettingProps) {
  return (
    <Setting<string> {...props} mode="direct">
      {(setting) => (
        <RichTextEditor
          value={setting.saved}
          label={String(props.label)}
          set={set}
          toolbarStyle={toolbarStyle}
          placeholder={placeholder}
          plainPaste={plainPaste}
          saveDelay={saveDelay}
          loadTree={loadTree}
          hubId={hubId}
          disabled={setting.readonly}
          invalid={Boolean(setting.errors[setting.name])}
          describedBy={setting.errors[setting.name] ? setting.errorId() : undefined}
          onChange={props.onLiveChange}
          onSave={(html) => setting.change(html)}
        />
      )}
    </Setting>
  );
}

/** Rich snippet value: a short rich text (title tools, floating toolbar, plain paste) for snippets. */
export function RichSnippetSetting(props: Omit<RichTextSettingProps, 'set' | 'toolbarStyle'>) {
  return (
    <RichTextSetting
      {...props}
      set="title"
      toolbarStyle="float"
      plainPaste
      className={['setting--rich-snippet', props.className ?? ''].join(' ')}
    />
  );
}
