import type { Attachment, ChallengeEditDetailModel } from '@flagpole/contract';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { type AttachmentDraft, AttachmentSource, EMPTY_DRAFT } from './attachment-source';

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

/** The draft that shows the challenge's current attachment unchanged. */
export function attachmentDraftOf(attachment: Attachment | null): AttachmentDraft {
  const type = attachment?.type ?? 'None';
  return { ...EMPTY_DRAFT, type, url: type === 'Remote' ? (attachment?.url ?? '') : '' };
}

/** Whether saving the draft would change the challenge's attachment. */
export function attachmentChanged(draft: AttachmentDraft, attachment: Attachment | null): boolean {
  const current = attachment?.type ?? 'None';
  if (draft.type === 'None') return current !== 'None';
  if (draft.type === 'Local') return draft.file !== null;
  return draft.url.trim() !== '' && (current !== 'Remote' || draft.url.trim() !== attachment?.url);
}

/**
 * The challenge's single attachment (all types but DynamicAttachment, whose files belong to flags). It is part of
 * the challenge form: the form's one "Save changes" stores it with the rest.
 */
export function AttachmentSection({
  challenge,
  draft,
  onChange,
}: {
  challenge: ChallengeEditDetailModel;
  draft: AttachmentDraft;
  onChange: (draft: AttachmentDraft) => void;
}) {
  const { t } = useTranslation();
  return (
    <SectionCard compact title={t('adminGames.attachment.title')} description={t('adminGames.attachment.description')}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t('adminGames.attachment.current')}
        </Text>
        <AttachmentLink attachment={challenge.attachment} />
      </Group>
      <AttachmentSource draft={draft} onChange={onChange} />
    </SectionCard>
  );
}
