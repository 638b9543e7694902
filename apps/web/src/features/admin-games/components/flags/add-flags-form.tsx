import { gameLimits } from '@flagpole/contract';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { monoInput } from '@/lib/mono-input';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useAddFlags } from '../../api/add-flags';
import { parseFlagLines } from '../../validation';

/** Adds one or many flags, one per line. */
export function AddFlagsForm({ gameId, challengeId }: { gameId: number; challengeId: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const { trigger, isMutating } = useMutation(useAddFlags());
  const { flags, tooLong } = parseFlagLines(text);

  const add = async () => {
    if (flags.length === 0 || tooLong.length > 0) return;
    try {
      await trigger(
        gameId,
        challengeId,
        flags.map((flag) => ({ flag, attachmentType: 'None' as const })),
      );
      setText('');
      showSuccess(t('adminGames.flags.added', { count: flags.length }));
    } catch (error) {
      showError(error, { title: t('adminGames.flags.notAdded'), retry: () => void add() });
    }
  };

  return (
    <SectionCard compact title={t('adminGames.flags.addTitle')}>
      <Textarea
        label={t('adminGames.flags.textarea')}
        description={t('adminGames.flags.textareaHint', { count: gameLimits.flag.max })}
        placeholder={'flag{first}\nflag{second}'}
        autosize
        minRows={3}
        maxRows={14}
        styles={monoInput}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={
          tooLong.length > 0
            ? t('adminGames.flags.tooLong', { count: tooLong.length, max: gameLimits.flag.max })
            : undefined
        }
      />
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {t('adminGames.flags.pending', { count: flags.length })}
        </Text>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => void add()}
          loading={isMutating}
          disabled={flags.length === 0 || tooLong.length > 0}
        >
          {t('adminGames.flags.add')}
        </Button>
      </Group>
    </SectionCard>
  );
}
