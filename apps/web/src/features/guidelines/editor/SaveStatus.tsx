import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { useAutosaveState, useEditor } from './EditorContext';

/**
 * What the autosave is doing, announced politely: saving, saved, or not saved with a Retry; beside it Undo of the
 * last change (also Ctrl+Z outside text fields).
 */
export function SaveStatus() {
  const { t } = useTranslation();
  const { autosave } = useEditor();
  const state = useAutosaveState();
  const failed = state.state === 'error' || state.state === 'invalid' || state.state === 'conflict';
  const text = {
    idle: t('guidelines.save.idle'),
    pending: t('guidelines.save.saving'),
    saving: t('guidelines.save.saving'),
    saved: t('guidelines.save.saved'),
    error: t('guidelines.save.failed'),
    invalid: t('guidelines.save.invalid'),
    conflict: t('guidelines.save.conflict'),
  }[state.state];

  return (
    <div className="save-status">
      <p className={failed ? 'save-status__text save-status__text--failed' : 'save-status__text'} role="status" data-state={state.state}>
        {text}
        {state.state === 'error' && state.error ? <span className="save-status__reason"> ({state.error})</span> : null}
      </p>
      {state.state === 'error' ? (
        <Button size="sm" onPress={() => autosave.flush()}>
          {t('guidelines.save.retry')}
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="ghost"
        isDisabled={state.undoLabel === null}
        aria-label={state.undoLabel ? t('guidelines.save.undoLabel', { change: state.undoLabel }) : t('guidelines.save.undo')}
        aria-keyshortcuts="Control+Z"
        onPress={() => void autosave.undo()}
      >
        {t('guidelines.save.undo')}
      </Button>
    </div>
  );
}
