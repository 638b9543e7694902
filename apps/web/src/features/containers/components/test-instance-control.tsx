import type { ChallengeEditDetailModel, ContainerInfoModel } from '@flagpole/contract';
import { Button, Group } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { SectionCard } from '@/components/section-card';
import { showError } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { destroyTestInstance, startTestInstance } from '../api/instance';
import { InstanceAddress } from './instance-address';
import { TestInstanceServices } from './test-instance-services';

/**
 * The organiser's test instance of a container challenge: start it with the saved settings, reach it like a
 * player would (through `api/proxy/noinst/{id}` under the platform proxy), and stop it.
 */
export function TestInstanceControl({ gameId, challenge }: { gameId: number; challenge: ChallengeEditDetailModel }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const key = `/api/edit/games/${gameId}/challenges/${challenge.id}`;
  // The start answer is shown at once; the challenge detail, once re-read, says the same (or that it ended).
  const [started, setStarted] = useState<ContainerInfoModel | null>(null);
  const instance = challenge.testContainer ?? started;
  const running = instance !== null && instance.status !== 'Destroyed';

  const start = useMutation(async () => {
    try {
      setStarted(await startTestInstance(gameId, challenge.id));
    } catch (error) {
      showError(error);
    } finally {
      await mutate(key);
    }
  });
  const stop = useMutation(async () => {
    try {
      await destroyTestInstance(gameId, challenge.id);
      setStarted(null);
    } catch (error) {
      showError(error);
    } finally {
      await mutate(key);
    }
  });

  return (
    <SectionCard
      compact
      title={t('containers.test.title')}
      description={
        running
          ? t('containers.test.runningUntil', { time: dayjs(instance.expectStopAt).format('HH:mm') })
          : t('containers.test.help')
      }
    >
      <Group justify="flex-end">
        {running ? (
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={14} />}
            loading={stop.isMutating}
            onClick={() => void stop.trigger()}
          >
            {t('containers.test.stop')}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={14} />}
            loading={start.isMutating}
            onClick={() => void start.trigger()}
          >
            {t('containers.test.start')}
          </Button>
        )}
      </Group>
      {running && instance.entry && (
        <InstanceAddress entry={instance.entry} label={`${challenge.title} (test)`} noInstance />
      )}
      {running && (challenge.services?.length ?? 0) > 0 && (
        <TestInstanceServices gameId={gameId} challengeId={challenge.id} />
      )}
    </SectionCard>
  );
}
