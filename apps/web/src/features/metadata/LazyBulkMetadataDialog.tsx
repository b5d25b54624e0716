import { type ComponentProps, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../ui/Feedback';

const Dialog = lazy(async () => ({ default: (await import('./BulkMetadataDialog')).BulkMetadataDialog }));

/** The bulk metadata dialog, loaded (with its value editors and date pickers) when it first opens. */
export function BulkMetadataDialog(props: ComponentProps<typeof Dialog>) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<LoadingState label={t('loading.page')} />}>
      <Dialog {...props} />
    </Suspense>
  );
}
