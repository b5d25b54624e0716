import type { Editor } from '@tiptap/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineColorPicker } from '../fields/ColorPicker';
import { LinkChooserModal, type LinkTreeLoader } from '../widgets/LinkChooser';
import { openModal } from '../widgets/Modal';
import { applyButton, applyColors, applyLink } from './commands';
import { BUTTON_DESIGNS, type ButtonDesign } from './extensions';

/** The footer of the toolbar's sub-forms: Cancel closes the form, Apply submits it. */
function SubFormActions({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="rte__form-actions">
      <button type="button" className="button button--sm" onClick={onCancel}>
        {t('common.cancel')}
      </button>
      <button type="submit" className="button button--sm button--primary">
        {t('toolkit.editor.apply')}
      </button>
    </div>
  );
}

/** The "open in a new window" checkbox of the link and button sub-forms. */
function NewWindowCheck({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <label className="inline-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {t('toolkit.link.newWindow')}
    </label>
  );
}

/** The link sub-form: a url (typed or chosen in the link chooser) and "open in a new window". */
export function LinkForm({
  editor,
  href,
  onDone,
  loadTree,
  hubId,
}: {
  editor: Editor;
  href: string;
  onDone: () => void;
  loadTree?: LinkTreeLoader;
  hubId?: number | string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const chooserId = `rte-link-chooser-${id.replace(/:/g, '')}`;
  const [url, setUrl] = useState(href);
  const [newWindow, setNewWindow] = useState(editor.getAttributes('link').target === '_blank');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    applyLink(editor, url, newWindow);
    onDone();
  };
  return (
    <form className="rte__form" onSubmit={submit} aria-label={t('toolkit.editor.linkForm')}>
      <label className="number-input__label" htmlFor={`${id}-url`}>
        {t('toolkit.editor.linkUrl')}
      </label>
      <input
        id={`${id}-url`}
        className="field__input"
        value={url}
        // biome-ignore lint/a11y/noAutofocus: the form opens for this one field from the toolbar.
        autoFocus
        onChange={(e) => setUrl(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onDone();
          }
        }}
      />
      <NewWindowCheck checked={newWindow} onChange={setNewWindow} />
      {loadTree ? (
        <>
          <button type="button" className="button button--sm" onClick={() => openModal(chooserId)}>
            {t('toolkit.link.choose')}
          </button>
          <LinkChooserModal
            modalId={chooserId}
            loadTree={loadTree}
            hubId={hubId}
            initial={{ url, newWindow }}
            onChoose={(value) => {
              setUrl(value.url);
              setNewWindow(Boolean(value.newWindow));
            }}
          />
        </>
      ) : null}
      <SubFormActions onCancel={onDone} />
    </form>
  );
}

/** The button sub-form: label, link, design and "open in a new window"; a url without a label is refused. */
export function ButtonForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const current = editor.getAttributes('rteButton') as { url?: string; design?: ButtonDesign; newWindow?: boolean };
  const { from, to } = editor.state.selection;
  const [label, setLabel] = useState(editor.state.doc.textBetween(from, to, ' '));
  const [url, setUrl] = useState(current.url ?? '');
  const [design, setDesign] = useState<ButtonDesign>(current.design ?? 'primary');
  const [newWindow, setNewWindow] = useState(Boolean(current.newWindow));
  const [missing, setMissing] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (url.trim() && !label.trim()) {
      setMissing(true);
      return;
    }
    applyButton(editor, { label: label.trim(), url, design, newWindow });
    onDone();
  };
  return (
    <form className="rte__form" onSubmit={submit} aria-label={t('toolkit.editor.buttonForm')}>
      <label className="number-input__label" htmlFor={`${id}-label`}>
        {t('toolkit.editor.buttonLabel')}
      </label>
      <input
        id={`${id}-label`}
        className="field__input"
        value={label}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-missing` : undefined}
        // biome-ignore lint/a11y/noAutofocus: the form opens from the toolbar for these fields.
        autoFocus
        onChange={(e) => {
          setLabel(e.target.value);
          setMissing(false);
        }}
      />
      {missing ? (
        <p id={`${id}-missing`} className="field__error">
          {t('toolkit.validation.required')}
        </p>
      ) : null}
      <label className="number-input__label" htmlFor={`${id}-url`}>
        {t('toolkit.editor.linkUrl')}
      </label>
      <input id={`${id}-url`} className="field__input" value={url} onChange={(e) => setUrl(e.target.value)} />
      <label className="number-input__label" htmlFor={`${id}-design`}>
        {t('toolkit.editor.buttonDesign')}
      </label>
      <select id={`${id}-design`} className="field__input" value={design} onChange={(e) => setDesign(e.target.value as ButtonDesign)}>
        {BUTTON_DESIGNS.map((d) => (
          <option key={d} value={d}>
            {t(`toolkit.editor.designs.${d}`)}
          </option>
        ))}
      </select>
      <NewWindowCheck checked={newWindow} onChange={setNewWindow} />
      <SubFormActions onCancel={onDone} />
    </form>
  );
}

/** The colour sub-form: text colour and highlight. */
export function ColorForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation();
  const attrs = editor.getAttributes('textStyle') as { color?: string; backgroundColor?: string };
  const [text, setText] = useState<string | null>(attrs.color ?? 'rgb(0, 0, 0)');
  const [highlight, setHighlight] = useState<string | null>(attrs.backgroundColor ?? 'rgba(0, 0, 0, 0)');
  return (
    <form
      className="rte__form rte__form--color"
      aria-label={t('toolkit.editor.colorForm')}
      onSubmit={(e) => {
        e.preventDefault();
        applyColors(editor, text, highlight);
        onDone();
      }}
    >
      <InlineColorPicker
        label={t('toolkit.editor.textColor')}
        value={text}
        onChange={(c) => setText(c.rgb)}
        onInstant={(c) => setText(c.rgb)}
        showReset={false}
      />
      <InlineColorPicker
        label={t('toolkit.editor.highlight')}
        value={highlight}
        onChange={(c) => setHighlight(c.rgb)}
        onInstant={(c) => setHighlight(c.rgb)}
      />
      <SubFormActions onCancel={onDone} />
    </form>
  );
}
