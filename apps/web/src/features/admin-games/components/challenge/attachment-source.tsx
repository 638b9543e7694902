import type { AttachmentCreateModel, FileType } from '@flagpole/contract';
import { FileInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UploadUnavailableError, useUploadAssets } from '../../api/upload-assets';
import { isHttpUrl } from '../../validation';

export interface AttachmentDraft {
  type: FileType;
  file: File | null;
  url: string;
}

export const EMPTY_DRAFT: AttachmentDraft = { type: 'None', file: null, url: '' };

/** Whether the draft can be saved: a file chosen for Local, an http(s) URL for Remote. */
export function draftReady(draft: AttachmentDraft): boolean {
  if (draft.type === 'Local') return draft.file !== null;
  if (draft.type === 'Remote') return isHttpUrl(draft.url);
  return true;
}

/** Turns a draft into the API body, uploading a local file first (`POST /api/assets`). */
export function useResolveAttachment() {
  const { t } = useTranslation();
  const upload = useUploadAssets();
  return async (draft: AttachmentDraft): Promise<AttachmentCreateModel> => {
    if (draft.type === 'Remote') return { attachmentType: 'Remote', remoteUrl: draft.url.trim() };
    if (draft.type === 'Local' && draft.file) {
      try {
        const [stored] = await upload([draft.file]);
        if (!stored) throw new Error(t('adminGames.attachment.uploadFailed'));
        return { attachmentType: 'Local', fileHash: stored.hash };
      } catch (error) {
        if (error instanceof UploadUnavailableError) throw new Error(t('adminGames.attachment.uploadUnavailable'));
        throw error;
      }
    }
    return { attachmentType: 'None' };
  };
}

/** Picks None / a local file / a remote URL. */
export function AttachmentSource({
  draft,
  onChange,
  allowNone = true,
}: {
  draft: AttachmentDraft;
  onChange: (draft: AttachmentDraft) => void;
  allowNone?: boolean;
}) {
  const { t } = useTranslation();
  const types: FileType[] = allowNone ? ['None', 'Local', 'Remote'] : ['Local', 'Remote'];
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('adminGames.attachment.typeLabel')}
        data={types.map((value) => ({ value, label: t(`adminGames.attachment.types.${value}`) }))}
        value={draft.type}
        onChange={(value) => onChange({ ...draft, type: value as FileType })}
      />
      {draft.type === 'Local' && (
        <FileInput
          label={t('adminGames.attachment.file')}
          placeholder={t('adminGames.attachment.filePlaceholder')}
          leftSection={<IconPaperclip size={16} />}
          value={draft.file}
          onChange={(file) => onChange({ ...draft, file })}
          clearable
        />
      )}
      {draft.type === 'Remote' && (
        <TextInput
          label={t('adminGames.attachment.url')}
          placeholder="https://example.com/challenge.zip"
          type="url"
          value={draft.url}
          onChange={(event) => onChange({ ...draft, url: event.currentTarget.value })}
          error={draft.url && !isHttpUrl(draft.url) ? t('adminGames.validation.url') : undefined}
        />
      )}
    </Stack>
  );
}
