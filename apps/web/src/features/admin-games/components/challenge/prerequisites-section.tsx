import type { ChallengeEditDetailModel } from '@flagpole/contract';
import {
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useEditChallenges } from '../../api/get-challenges';
import { useUpdateChallenge } from '../../api/update-challenge';
import {
  type PrerequisiteValues,
  prerequisiteOptions,
  prerequisitesInput,
  prerequisiteValues,
} from './prerequisites-form';

/**
 * Which challenges a team must solve before this one (all, or any N), and whether it is hidden or shown locked
 * until then. Saved on its own; the server's refusal (a cycle, the challenge itself) is shown as it words it.
 */
export function PrerequisitesSection({ gameId, challenge }: { gameId: number; challenge: ChallengeEditDetailModel }) {
  const { t } = useTranslation();
  const { challenges } = useEditChallenges(gameId);
  const { trigger, isMutating } = useMutation(useUpdateChallenge());
  const [values, setValues] = useState<PrerequisiteValues>(() => prerequisiteValues(challenge.prerequisites));
  const set = (patch: Partial<PrerequisiteValues>) => setValues((current) => ({ ...current, ...patch }));
  const save = async () => {
    try {
      await trigger(gameId, challenge.id, { prerequisites: prerequisitesInput(values) });
      showSuccess(t('adminGames.prerequisites.saved'));
    } catch (error) {
      showError(error);
    }
  };
  const chosen = values.challengeIds.length;
  return (
    <Card withBorder p="lg" component="section" aria-labelledby="prerequisites-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="prerequisites-heading">
          {t('adminGames.prerequisites.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('adminGames.prerequisites.hint')}
        </Text>
        <MultiSelect
          label={t('adminGames.prerequisites.challenges')}
          data={prerequisiteOptions(challenges ?? [], challenge.id)}
          value={values.challengeIds}
          onChange={(challengeIds) => set({ challengeIds })}
          searchable
          clearable
        />
        {chosen > 1 && (
          <Group align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label={t('adminGames.prerequisites.mode')}
              value={values.mode}
              onChange={(mode) => set({ mode: mode === 'any' ? 'any' : 'all' })}
              data={[
                { value: 'all', label: t('adminGames.prerequisites.all') },
                { value: 'any', label: t('adminGames.prerequisites.any') },
              ]}
            />
            {values.mode === 'any' && (
              <NumberInput
                label={t('adminGames.prerequisites.count')}
                value={values.count}
                onChange={(count) => set({ count: typeof count === 'number' ? count : 1 })}
                min={1}
                max={chosen}
                allowDecimal={false}
                w={200}
              />
            )}
          </Group>
        )}
        {chosen > 0 && (
          <Switch
            label={t('adminGames.prerequisites.hidden')}
            description={t('adminGames.prerequisites.hiddenHint')}
            checked={values.hidden}
            onChange={(event) => set({ hidden: event.currentTarget.checked })}
          />
        )}
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={isMutating}>
            {t('adminGames.prerequisites.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
