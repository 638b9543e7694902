import { type GameInfoModel, gameLimits } from '@flagpole/contract';
import { Box, Card, Grid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import { useUpdateGame } from '../../api/update-game';
import { isValidPerMille, percentToPerMille } from '../../blood-bonus';
import { type GameFormValues, toGameEditModel, toGameFormValues } from '../../game-form';
import {
  maxLength,
  requiredText,
  validateDateTime,
  validateEnd,
  validateFreeze,
  validateNumber,
} from '../../validation';
import { GameTimeFields } from '../game-time-fields';
import { MarkdownEditor } from '../markdown-editor';
import { StickySaveBar } from '../save-button';
import { BloodBonusSection } from './blood-bonus-section';
import { FlagFormatSection, validateFlagFormat } from './flag-format-section';
import { FreezeSection } from './freeze-section';
import { ParticipationSection } from './participation-section';
import { PosterSection } from './poster-section';
import { PublishSection } from './publish-section';
import { WriteupSection } from './writeup-section';

export function GameInfoForm({ game }: { game: GameInfoModel }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useUpdateGame());
  const percent = (value: number) =>
    isValidPerMille(percentToPerMille(value)) ? null : t('adminGames.bloodBonus.range');
  const form = useForm<GameFormValues>({
    initialValues: toGameFormValues(game),
    validate: {
      title: requiredText(t, gameLimits.title.max),
      summary: maxLength(t, gameLimits.summary.max),
      content: maxLength(t, gameLimits.content.max),
      inviteCode: maxLength(t, gameLimits.inviteCode.max),
      teamMemberCountLimit: validateNumber(t, { min: 0, max: 1000, integer: true }),
      containerCountLimit: validateNumber(t, { min: 0, max: 1000, integer: true }),
      start: validateDateTime(t),
      end: validateEnd(t),
      writeupDeadline: (value) => (value === '' ? null : validateDateTime(t)(value)),
      writeupNote: maxLength(t, gameLimits.writeupNote.max),
      bloodBonus: { first: percent, second: percent, third: percent },
      flagFormat: validateFlagFormat(t),
      freezeAt: validateFreeze(t),
    },
  });

  const guard = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    const body = toGameEditModel(values);
    if (!body) return;
    try {
      const saved = await trigger(game.id, body);
      form.setValues(toGameFormValues(saved));
      form.resetDirty(toGameFormValues(saved));
      showSuccess(t('adminGames.info.saved'));
    } catch (error) {
      showError(error, { title: t('adminGames.info.notSaved') });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('adminGames.tabs.info')}>
      {/* On a phone the publish step comes first rather than below the whole form. */}
      <Box hiddenFrom="md" mb="md">
        <PublishSection game={game} />
      </Box>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <SectionCard compact title={t('adminGames.info.general')}>
              <TextInput
                label={t('adminGames.fields.title')}
                required
                maxLength={gameLimits.title.max}
                {...form.getInputProps('title')}
              />
              <Textarea
                label={t('adminGames.fields.summary')}
                autosize
                minRows={2}
                maxLength={gameLimits.summary.max}
                description={`${form.values.summary.length}/${gameLimits.summary.max}`}
                {...form.getInputProps('summary')}
              />
              <GameTimeFields start={form.getInputProps('start')} end={form.getInputProps('end')} />
              <Stack gap="xs">
                <Switch
                  label={t('adminGames.fields.practiceMode')}
                  description={t('adminGames.fields.practiceModeHint')}
                  {...form.getInputProps('practiceMode', { type: 'checkbox' })}
                />
              </Stack>
            </SectionCard>
            <Card withBorder p="lg">
              <MarkdownEditor
                label={t('adminGames.fields.content')}
                description={t('adminGames.fields.contentHint')}
                maxLength={gameLimits.content.max}
                value={form.values.content}
                onChange={(value) => form.setFieldValue('content', value)}
                error={form.errors.content}
              />
            </Card>
            <FreezeSection form={form} game={game} />
            <WriteupSection form={form} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Box visibleFrom="md">
              <PublishSection game={game} />
            </Box>
            <PosterSection game={game} />
            <ParticipationSection form={form} />
            <BloodBonusSection form={form} />
            <FlagFormatSection form={form} />
          </Stack>
        </Grid.Col>
      </Grid>
      <StickySaveBar loading={isMutating} dirty={form.isDirty()} />
      {guard.dialog}
    </form>
  );
}
