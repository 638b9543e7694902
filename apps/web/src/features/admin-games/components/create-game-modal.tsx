import { gameLimits } from '@flagpole/contract';
import { Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useCreateGame } from '../api/create-game';
import { fromLocalInput, toLocalInput } from '../datetime';
import { requiredText, validateDateTime, validateEnd } from '../validation';
import { GameTimeFields } from './game-time-fields';

const HOUR = 3_600_000;

function defaultTimes() {
  const start = Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR;
  return { start: toLocalInput(start), end: toLocalInput(start + 48 * HOUR) };
}

export function CreateGameModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { trigger, isMutating } = useMutation(useCreateGame());
  const form = useForm({
    initialValues: { title: '', practiceMode: true, ...defaultTimes() },
    validate: {
      title: requiredText(t, gameLimits.title.max),
      start: validateDateTime(t),
      end: validateEnd(t),
    },
  });

  const close = () => {
    form.setValues({ title: '', practiceMode: true, ...defaultTimes() });
    form.clearErrors();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    const start = fromLocalInput(values.start);
    const end = fromLocalInput(values.end);
    if (start === null || end === null) return;
    try {
      // A game made here stays hidden until its publish step (the API's own default, for the reference's clients,
      // is visible).
      const game = await trigger({
        title: values.title.trim(),
        start,
        end,
        hidden: true,
        practiceMode: values.practiceMode,
      });
      showSuccess(t('adminGames.create.done', { title: game.title }));
      close();
      navigate(`/admin/games/${game.id}/info`);
    } catch (error) {
      showError(error);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t('adminGames.create.title')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('adminGames.fields.title')}
            required
            data-autofocus
            maxLength={gameLimits.title.max}
            {...form.getInputProps('title')}
          />
          <GameTimeFields start={form.getInputProps('start')} end={form.getInputProps('end')} />
          <Switch
            label={t('adminGames.fields.practiceMode')}
            description={t('adminGames.fields.practiceModeHint')}
            {...form.getInputProps('practiceMode', { type: 'checkbox' })}
          />
          <Text size="sm" c="dimmed">
            {t('adminGames.create.hiddenNote')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isMutating}>
              {t('adminGames.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
