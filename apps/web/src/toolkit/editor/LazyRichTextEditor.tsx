import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../ui/Feedback';
import type { RichTextEditorProps } from './RichTextEditor';

const Editor = lazy(async () => ({ default: (await import('./RichTextEditor')).RichTextEditor }));

/** The rich-text editor, loaded (with Tiptap) when it first renders; a loading status shows meanwhile. */
export function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingState label={t('loading.page')} />}>
      <Editor {...props} />
    </Suspense>
  );
}
