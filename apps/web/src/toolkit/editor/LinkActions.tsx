import type { Editor } from '@tiptap/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../widgets/Icon';

/** The link-actions bar: open, copy, edit, delete for the link at the cursor. */
export function LinkActions({ editor, href, onEdit }: { editor: Editor; href: string; onEdit: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <div className="rte__link-actions" role="toolbar" aria-label={t('toolkit.editor.linkActions')}>
      <span className="rte__link-href">{href}</span>
      <button
        type="button"
        className="rte__tool"
        aria-label={t('toolkit.editor.open')}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => window.open(href, '_blank', 'noopener')}
      >
        <Icon name="external" size="sm" />
      </button>
      <button
        type="button"
        className="rte__tool"
        aria-label={t('toolkit.editor.copy')}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          void navigator.clipboard?.writeText(href).then(() => setCopied(true));
        }}
      >
        <Icon name="copy" size="sm" />
      </button>
      <button
        type="button"
        className="rte__tool"
        aria-label={t('toolkit.editor.edit')}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onEdit}
      >
        <Icon name="edit" size="sm" />
      </button>
      <button
        type="button"
        className="rte__tool"
        aria-label={t('toolkit.editor.deleteLink')}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => editor.chain().focus().extendMarkRange('link').unsetLink().run()}
      >
        <Icon name="trash" size="sm" />
      </button>
      <span className="visually-hidden" role="status">
        {copied ? t('toolkit.editor.copied') : ''}
      </span>
    </div>
  );
}
