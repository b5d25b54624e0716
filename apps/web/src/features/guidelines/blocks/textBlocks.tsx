import type { Editor } from '@tiptap/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../../toolkit';
import type { BlockViewProps } from './types';

/** Rich text: edited in place with the toolkit's Tiptap editor; read-only it shows the stored (sanitised) HTML. */
export function TextBlock({ settings, onChange }: BlockViewProps<'text'>) {
  const { t } = useTranslation();
  const html = settings.html ?? '';
  // What this editor last handed over; anything else arriving (undo, a reload) replaces its content.
  const ours = useRef(html);
  const editor = useRef<Editor | null>(null);
  useEffect(() => {
    if (html === ours.current) return;
    ours.current = html;
    editor.current?.commands.setContent(html, { emitUpdate: false });
  }, [html]);

  if (!onChange) {
    return html ? (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises rich text on save and on read (data-api.md §5).
      <div className="block-text" dangerouslySetInnerHTML={{ __html: html }} />
    ) : (
      <p className="block-empty">{t('guidelines.blocks.text.empty')}</p>
    );
  }
  return (
    <div className="block-text">
      <RichTextEditor
        value={html}
        label={t('guidelines.blocks.text.label')}
        placeholder={t('guidelines.blocks.text.placeholder')}
        set="blockText"
        toolbarStyle="float"
        saveDelay={800}
        onEditor={(ed) => {
          editor.current = ed;
        }}
        onSave={(next) => {
          ours.current = next;
          onChange({ html: next });
        }}
      />
    </div>
  );
}

/** A heading (h2–h4); its text is typed in place. */
export function HeadingBlock({ settings, onChange }: BlockViewProps<'heading'>) {
  const { t } = useTranslation();
  const level = settings.level ?? 2;
  const Tag = `h${level}` as 'h2' | 'h3' | 'h4';
  if (!onChange) return <Tag className={`block-heading block-heading--${level}`}>{settings.text}</Tag>;
  return (
    <input
      className={`block-heading block-heading--${level} block-heading__input`}
      aria-label={t('guidelines.blocks.heading.label', { level })}
      value={settings.text ?? ''}
      maxLength={300}
      onChange={(event) => onChange({ text: event.target.value })}
    />
  );
}

export function QuoteBlock({ settings }: BlockViewProps<'quote'>) {
  return (
    <figure className="block-quote">
      <blockquote>
        <p>{settings.text}</p>
      </blockquote>
      {settings.attribution ? <figcaption>— {settings.attribution}</figcaption> : null}
    </figure>
  );
}

export function CalloutBlock({ settings }: BlockViewProps<'callout'>) {
  const { t } = useTranslation();
  const tone = settings.tone ?? 'info';
  return (
    <aside className={`block-callout block-callout--${tone}`} aria-label={settings.title || t(`guidelines.blocks.callout.tones.${tone}`)}>
      {settings.title ? <p className="block-callout__title">{settings.title}</p> : null}
      <p className="block-callout__text">{settings.text}</p>
    </aside>
  );
}

export function DividerBlock({ settings }: BlockViewProps<'divider'>) {
  return <hr className={`block-divider block-divider--${(settings.style ?? 'SOLID').toLowerCase()}`} />;
}

/** A code snippet: typed in place in a monospace area; the reader highlights it and offers a copy button. */
export function CodeBlock({ settings, onChange }: BlockViewProps<'code'>) {
  const { t } = useTranslation();
  const language = settings.language ?? 'plaintext';
  const languageLabel = t(`guidelines.blocks.code.languages.${language}`);
  return (
    <figure className="block-code">
      <figcaption className="block-code__language">{languageLabel}</figcaption>
      {onChange ? (
        <textarea
          className="block-code__input"
          aria-label={t('guidelines.blocks.code.label', { language: languageLabel })}
          value={settings.code ?? ''}
          spellCheck={false}
          rows={Math.min(20, Math.max(3, (settings.code ?? '').split('\n').length + 1))}
          onChange={(event) => onChange({ code: event.target.value })}
        />
      ) : (
        <pre className="block-code__pre">
          <code>{settings.code}</code>
        </pre>
      )}
    </figure>
  );
}
