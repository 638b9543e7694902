import type { ChallengeEditDetailModel } from '@flagpole/contract';
import { Alert, Anchor, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEditChallenge } from '../api/get-challenge';
import { flagAddPath } from '../challenge-form';
import { ChallengeHeader } from './challenge/challenge-header';
import { AddFlagPairs } from './flags/add-flag-pairs';
import { AddFlagWithAttachment } from './flags/add-flag-with-attachment';
import { AddFlagsForm } from './flags/add-flags-form';
import { FlagList } from './flags/flag-list';
import { GameHeader } from './game-header';
import { LoadState } from './load-state';
import { useRouteIds } from './use-route-ids';

function FlagsContent({ gameId, challenge }: { gameId: number; challenge: ChallengeEditDetailModel }) {
  const { t } = useTranslation();
  const path = flagAddPath(challenge.type);
  if (path === 'template') {
    return (
      <Alert icon={<IconInfoCircle size={18} />} title={t('adminGames.flags.dynamicTitle')}>
        {t('adminGames.flags.dynamicText', { template: challenge.flagTemplate || 'flag{<GUID>}' })}{' '}
        <Anchor component={Link} to={`/admin/games/${gameId}/challenges/${challenge.id}`}>
          {t('adminGames.flags.editTemplate')}
        </Anchor>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      {path === 'withAttachment' && (
        <Alert icon={<IconInfoCircle size={18} />} variant="light">
          {t('adminGames.flags.dynamicAttachmentText')}
        </Alert>
      )}
      <FlagList gameId={gameId} challenge={challenge} />
      {path === 'withAttachment' ? (
        <>
          <AddFlagPairs gameId={gameId} challengeId={challenge.id} />
          <AddFlagWithAttachment gameId={gameId} challengeId={challenge.id} />
        </>
      ) : (
        <AddFlagsForm gameId={gameId} challengeId={challenge.id} />
      )}
    </Stack>
  );
}

export function ChallengeFlagsPage() {
  const { t } = useTranslation();
  const { gameId, challengeId } = useRouteIds();
  const { challenge, error } = useEditChallenge(gameId, challengeId);
  return (
    <Stack gap="md">
      <GameHeader gameId={gameId} page={t('adminGames.challenge.flagsTab')} />
      <ChallengeHeader gameId={gameId} challenge={challenge} />
      <LoadState data={challenge} error={error}>
        {(loaded) => <FlagsContent gameId={gameId} challenge={loaded} />}
      </LoadState>
    </Stack>
  );
}
