import { ChallengeCategory, type ChallengeEditDetailModel, gameLimits } from '@flagpole/contract';
import { Button, Grid, Select, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { TestInstanceControl } from '@/features/containers/components/test-instance-control';
import { monoInput } from '@/lib/mono-input';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useUpdateAttachment } from '../../api/update-attachment';
import { useUpdateChallenge } from '../../api/update-challenge';
import {
  type ChallengeFormValues,
  isContainerType,
  toChallengeFormValues,
  toChallengeUpdate,
} from '../../challenge-form';
import { serviceFormRules } from '../../service-form';
import { maxLength, requiredText, validateNumber } from '../../validation';
import { MarkdownEditor } from '../markdown-editor';
import { StickySaveBar } from '../save-button';
import { AttachmentSection, attachmentChanged, attachmentDraftOf } from './attachment-section';
import { type AttachmentDraft, draftReady, useResolveAttachment } from './attachment-source';
import { ContainerSection } from './container-section';
import { GamePhaseSelect } from './game-phase-select';
import { HintsEditor } from './hints-editor';
import { ScoreSection } from './score-section';
import { useDeleteChallengeAction } from './use-delete-challenge-action';

/** A card holding one monospace text field (a flag template, a file name), titled like the field. */
function CodeFieldCard({ label, description, ...input }: TextInputProps & { label: string; description: string }) {
  return (
    <SectionCard compact title={label} description={description}>
      <TextInput label={label} styles={monoInput} {...input} />
    </SectionCard>
  );
}

/** The API's limit on a dynamic attachment's download name. */
const DOWNLOAD_NAME_MAX = 255;

export function ChallengeForm({ gameId, challenge }: { gameId: number; challenge: ChallengeEditDetailModel }) {
  const { t } = useTranslation();
  const updateChallenge = useUpdateChallenge();
  const updateAttachment = useUpdateAttachment();
  const resolveAttachment = useResolveAttachment();
  const [draft, setDraft] = useState<AttachmentDraft>(() => attachmentDraftOf(challenge.attachment));
  const withAttachment = challenge.type !== 'DynamicAttachment';
  const attachmentDirty = withAttachment && attachmentChanged(draft, challenge.attachment);
  const container = isContainerType(challenge.type);
  const optionalInt = (min: number, max: number) => validateNumber(t, { min, max, integer: true, optional: true });
  const form = useForm<ChallengeFormValues>({
    initialValues: toChallengeFormValues(challenge),
    validate: {
      title: requiredText(t, gameLimits.challengeTitle.max),
      content: maxLength(t, gameLimits.content.max),
      originalScore: validateNumber(t, { min: 1, max: 1_000_000, integer: true }),
      minScoreRate: validateNumber(t, { min: 0, max: 1 }),
      difficulty: validateNumber(t, { min: 0.1, max: 1000 }),
      submissionLimit: validateNumber(t, { min: 0, max: 10_000, integer: true }),
      flagTemplate: maxLength(t, gameLimits.flagTemplate.max),
      // Optional: left empty, each pool file downloads under the name it was uploaded with.
      fileName: challenge.type === 'DynamicAttachment' ? maxLength(t, DOWNLOAD_NAME_MAX) : undefined,
      memoryLimit: container ? optionalInt(32, 1_048_576) : undefined,
      cpuCount: container ? optionalInt(1, 1024) : undefined,
      storageLimit: container ? optionalInt(0, 1_048_576) : undefined,
      exposePort: container ? optionalInt(1, 65_535) : undefined,
      services: container ? serviceFormRules(t) : undefined,
    },
  });

  const dirty = form.isDirty() || attachmentDirty;
  const guard = useUnsavedChanges(dirty);
  const confirmDelete = useDeleteChallengeAction(gameId, challenge, guard.allowLeave);

  // One save for the whole challenge: the attachment (uploaded first when it is a new file), then the fields.
  const { trigger: save, isMutating } = useMutation(async (values: ChallengeFormValues) => {
    if (attachmentDirty) {
      await updateAttachment(gameId, challenge.id, await resolveAttachment(draft));
      setDraft((current) => ({ ...current, file: null }));
    }
    if (form.isDirty()) {
      const saved = await updateChallenge(gameId, challenge.id, toChallengeUpdate(values, challenge));
      form.setValues(toChallengeFormValues(saved));
      form.resetDirty(toChallengeFormValues(saved));
    }
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await save(values);
      showSuccess(t('adminGames.challenge.saved'));
    } catch (error) {
      showError(error, { title: t('adminGames.challenge.saveFailed'), retry: () => void submit() });
    }
  });

  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate aria-label={t('adminGames.challenge.settingsTab')}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <SectionCard compact title={t('adminGames.challenge.basics')}>
                <TextInput
                  label={t('adminGames.challenge.title')}
                  required
                  maxLength={gameLimits.challengeTitle.max}
                  {...form.getInputProps('title')}
                />
                <Select
                  label={t('adminGames.challenge.category')}
                  data={ChallengeCategory.options.map((value) => ({ value, label: t(`adminGames.category.${value}`) }))}
                  allowDeselect={false}
                  {...form.getInputProps('category')}
                />
                <GamePhaseSelect gameId={gameId} form={form} />
                <MarkdownEditor
                  label={t('adminGames.challenge.content')}
                  maxLength={gameLimits.content.max}
                  value={form.values.content}
                  onChange={(value) => form.setFieldValue('content', value)}
                  error={form.errors.content}
                />
              </SectionCard>
              <HintsEditor form={form} />
              {challenge.type === 'DynamicContainer' && (
                <CodeFieldCard
                  label={t('adminGames.challenge.flagTemplate')}
                  description={t('adminGames.challenge.flagTemplateHint')}
                  placeholder="flag{[TEAM_HASH]}"
                  maxLength={gameLimits.flagTemplate.max}
                  {...form.getInputProps('flagTemplate')}
                />
              )}
              {container && <ContainerSection form={form} />}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <ScoreSection form={form} />
              {container && <TestInstanceControl gameId={gameId} challenge={challenge} />}
              {challenge.type === 'DynamicAttachment' ? (
                <CodeFieldCard
                  label={t('adminGames.challenge.fileName')}
                  description={t('adminGames.challenge.fileNameHint')}
                  maxLength={DOWNLOAD_NAME_MAX}
                  {...form.getInputProps('fileName')}
                />
              ) : (
                <AttachmentSection challenge={challenge} draft={draft} onChange={setDraft} />
              )}
            </Stack>
          </Grid.Col>
        </Grid>
        <StickySaveBar
          loading={isMutating}
          dirty={dirty}
          blocked={attachmentDirty && !draftReady(draft)}
          start={
            <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
              {t('adminGames.challenge.delete')}
            </Button>
          }
        />
      </form>
      {guard.dialog}
    </Stack>
  );
}
