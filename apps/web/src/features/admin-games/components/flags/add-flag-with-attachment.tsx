import { gameLimits } from '@flagpole/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { monoInput } from '@/lib/mono-input';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useAddFlags } from '../../api/add-flags';
import {
  type AttachmentDraft,
  AttachmentSource,
  draftReady,
  useResolveAttachment,
} from '../challenge/attachment-source';

const INITIAL: AttachmentDraft = { type: 'Local', file: null, url: '' };

/** Dynamic attachments: one flag with its own file (or link), handed to one team. */
export function AddFlagWithAttachment({ gameId, challengeId }: { gameId: number; challengeId: number }) {
  const { t } = useTranslation();
  const [flag, setFlag] = useState('');
  const [draft, setDraft] = useState<AttachmentDraft>(INITIAL);
  const resolve = useResolveAttachment();
  const addFlags = useAddFlags();
  const { trigger, isMutating } = useMutation(async () => {
    const attachment = await resolve(draft);
    await addFlags(gameId, challengeId, [{ ...attachment, flag: flag.trim() }]);
  });
  const ready = flag.trim().length > 0 && flag.trim().length <= gameLimits.flag.max && draftReady(draft);

  const add = async () => {
    try {
      await trigger();
      setFlag('');
      setDraft(INITIAL);
      showSuccess(t('adminGames.flags.added', { count: 1 }));
    } catch (error) {
      showError(error, { title: t('adminGames.flags.notAdded') });
    }
  };

  return (
    <SectionCard compact title={t('adminGames.flags.withAttachmentTitle')}>
      <TextInput
        label={t('adminGames.flags.singleFlag')}
        styles={monoInput}
        maxLength={gameLimits.flag.max}
        value={flag}
        onChange={(event) => setFlag(event.currentTarget.value)}
      />
      <AttachmentSource draft={draft} onChange={setDraft} allowNone={false} />
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => void add()} loading={isMutating} disabled={!ready}>
          {t('adminGames.flags.addWithAttachment')}
        </Button>
      </Group>
    </SectionCard>
  );
}
