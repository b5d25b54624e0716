import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useWrite } from '../../lib/mutation';
import { commentKeys, createComment, deleteComment, editComment, type NewComment, replyToComment, resolveComment } from './api';

/** The comment writes of one asset; each settles once the asset's comments were fetched again. */
export function useCommentWrites(assetId: number) {
  const { t } = useTranslation();
  const invalidates = () => [commentKeys.ofAsset(assetId)];
  const failureMessage = (error: Error) => errorMessage(error, t('comments.saveFailed'));
  return {
    create: useWrite({
      mutationFn: (body: NewComment) => createComment(assetId, body),
      invalidates,
    }),
    reply: useWrite({
      mutationFn: ({ id, ...body }: { id: number; content: string; mentioned_user_ids: number[] }) => replyToComment(id, body),
      invalidates,
    }),
    edit: useWrite({ mutationFn: ({ id, content }: { id: number; content: string }) => editComment(id, content), invalidates }),
    remove: useWrite({ mutationFn: (id: number) => deleteComment(id), invalidates, failureMessage }),
    resolve: useWrite({
      mutationFn: ({ id, isResolved }: { id: number; isResolved: boolean }) => resolveComment(id, isResolved),
      invalidates,
      failureMessage,
    }),
  };
}
