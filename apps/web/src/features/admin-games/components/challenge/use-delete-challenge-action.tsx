import type { ChallengeEditDetailModel } from '@flagpole/contract';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showError, showSuccess } from '@/lib/notify';
import { useDeleteChallenge } from '../../api/delete-challenge';

/**
 * Opens the delete confirmation; on success goes back to the challenge list (`beforeLeave` lets an unsaved-changes
 * guard know that the form is meant to go).
 */
export function useDeleteChallengeAction(
  gameId: number,
  challenge: ChallengeEditDetailModel,
  beforeLeave?: () => void,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const deleteChallenge = useDeleteChallenge();
  return () =>
    modals.openConfirmModal({
      title: t('adminGames.challenge.deleteTitle'),
      children: <Text size="sm">{t('adminGames.challenge.deleteConfirm', { title: challenge.title })}</Text>,
      labels: { confirm: t('adminGames.challenge.deleteSubmit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        deleteChallenge(gameId, challenge.id).then(
          () => {
            showSuccess(t('adminGames.challenge.deleted', { title: challenge.title }));
            beforeLeave?.();
            navigate(`/admin/games/${gameId}/challenges`);
          },
          (error) => showError(error, { title: t('adminGames.challenge.deleteFailed') }),
        );
      },
    });
}
