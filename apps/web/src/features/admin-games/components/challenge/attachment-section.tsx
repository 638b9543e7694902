import type { Attachment, ChallengeEditDetailModel } from '@flagpole/contract';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useUpdateAttachment } from '../../api/update-attachment';
import {
  type AttachmentDraft,
  AttachmentSource,
  draftReady,
  EMPTY_DRAFT,
  useResolveAttachment,
} from './attachment-source';

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

export function AttachmentLink({ attachment }: { attachment: Attachment | null }) {
  const { t } = useTranslation();
  if (!attachment || attachment.type === 'None' || !attachment.url) {
    return (
      <Text size="sm" c="dimmed">
        {t('adminGames.attachment.none')}
      </Text>
    );
  }
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Anchor href={attachment.url} target="_blank" rel="noopener noreferrer">
        {attachment.type === 'Local'
          ? decodeURIComponent(attachment.url.split('/').pop() ?? attachment.url)
          : attachment.url}
      </Anchor>
      {attachment.fileSize !== null && ` · ${formatBytes(attachment.fileSize)}`}
    </Text>
  );
}

/** The challenge's single attachment (all types but DynamicAttachment, whose files belong to flags). */
export function AttachmentSection({ gameId, challenge }: { gameId: number; challenge: ChallengeEditDetailModel }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AttachmentDraft>({ ...EMPTY_DRAFT, type: challenge.attachment?.type ?? 'None' });
  const resolve = useResolveAttachment();
  const update = useUpdateAttachment();
  const { trigger, isMutating } = useMutation(async () => update(gameId, challenge.id, await resolve(draft)));

  const save = async () => {
    try {
      await trigger();
      setDraft({ ...EMPTY_DRAFT, type: draft.type });
      showSuccess(t('adminGames.attachment.saved'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <SectionCard compact title={t('adminGames.attachment.title')} description={t('adminGames.attachment.description')}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('adminGames.attachment.current')}
        </Text>
        <AttachmentLink attachment={challenge.attachment} />
      </Group>
      <AttachmentSource draft={draft} onChange={setDraft} />
      <Group justify="flex-end">
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={() => void save()}
          loading={isMutating}
          disabled={!draftReady(draft)}
        >
          {t('adminGames.attachment.save')}
        </Button>
      </Group>
    </SectionCard>
  );
}
