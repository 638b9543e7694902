import { gameLimits } from '@flagpole/contract';
import { ActionIcon, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import type { ChallengeFormValues } from '../../challenge-form';

export function HintsEditor({ form }: { form: UseFormReturnType<ChallengeFormValues> }) {
  const { t } = useTranslation();
  const hints = form.values.hints;
  return (
    <SectionCard compact title={t('adminGames.challenge.hints')} description={t('adminGames.challenge.hintsHint')}>
      {hints.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('adminGames.challenge.noHints')}
        </Text>
      )}
      <Stack gap="xs">
        {hints.map((_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: hints are plain strings edited in place; the position is the identity.
          <Group key={index} wrap="nowrap" align="flex-start" gap="xs">
            <Textarea
              style={{ flex: 1 }}
              label={t('adminGames.challenge.hintLabel', { number: index + 1 })}
              autosize
              minRows={1}
              maxLength={gameLimits.hint.max}
              {...form.getInputProps(`hints.${index}`)}
            />
            <ActionIcon
              mt={26}
              variant="subtle"
              color="red"
              aria-label={t('adminGames.challenge.removeHint', { number: index + 1 })}
              onClick={() => form.removeListItem('hints', index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} />}
          disabled={hints.length >= gameLimits.hints}
          onClick={() => form.insertListItem('hints', '')}
        >
          {t('adminGames.challenge.addHint')}
        </Button>
      </Group>
    </SectionCard>
  );
}
