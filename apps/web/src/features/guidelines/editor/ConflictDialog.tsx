import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { AppDialog } from '../../../ui/Dialog';
import { BlockView, isBlockType } from '../blocks/registry';
import { useAutosaveState, useEditor } from './EditorContext';

/**
 * Someone else saved a block while this editor changed it (409): both versions side by side; the user takes
 * theirs (reload) or saves this one over it (with their version). Nothing is lost without a choice.
 */
export function ConflictDialog() {
  const { t } = useTranslation();
  const { autosave, brandId } = useEditor();
  const { conflict } = useAutosaveState();
  if (!conflict || !isBlockType(conflict.block.type)) return null;
  const type = conflict.block.type;
  const typeLabel = t(`guidelines.blocks.types.${type}`);
  return (
    <AppDialog title={t('guidelines.conflict.title', { type: typeLabel })} isOpen onOpenChange={() => {}} isDismissable={false} size="lg">
      <p>{t('guidelines.conflict.text')}</p>
      <div className="conflict">
        <section className="conflict__version" aria-labelledby="conflict-theirs">
          <h3 id="conflict-theirs" className="conflict__title">
            {t('guidelines.conflict.theirs')}
          </h3>
          <div className="conflict__preview">
            <BlockView type={type} settings={conflict.current.settings} brandId={brandId} />
          </div>
        </section>
        <section className="conflict__version" aria-labelledby="conflict-mine">
          <h3 id="conflict-mine" className="conflict__title">
            {t('guidelines.conflict.mine')}
          </h3>
          <div className="conflict__preview">
            <BlockView type={type} settings={conflict.mine} brandId={brandId} />
          </div>
        </section>
      </div>
      <div className="dialog__actions">
        <Button onPress={() => autosave.resolveConflict('theirs')}>{t('guidelines.conflict.reload')}</Button>
        <Button variant="primary" onPress={() => autosave.resolveConflict('mine')}>
          {t('guidelines.conflict.overwrite')}
        </Button>
      </div>
    </AppDialog>
  );
}
