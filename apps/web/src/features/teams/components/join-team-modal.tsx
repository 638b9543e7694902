import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { monoInput } from '@/lib/mono-input';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useAcceptInvite } from '../api/accept-invite';
import { normaliseInviteCode, parseInviteCode, validateInviteCode } from '../validation';

export function JoinTeamModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useAcceptInvite());
  const form = useForm({ initialValues: { code: '' }, validate: { code: validateInviteCode(t) } });
  const parsed = parseInviteCode(form.values.code);

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async ({ code }) => {
    try {
      await trigger(normaliseInviteCode(code));
      showSuccess(t('teams.join.done', { name: parseInviteCode(code)?.teamName ?? '' }));
      close();
    } catch (error) {
      showError(error, { title: t('teams.join.failed') });
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t('teams.join.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('teams.join.description')}
          </Text>
          <TextInput
            label={t('teams.join.codeLabel')}
            placeholder={t('teams.join.codePlaceholder')}
            required
            data-autofocus
            autoComplete="off"
            spellCheck={false}
            styles={monoInput}
            {...form.getInputProps('code')}
          />
          {parsed && <Text size="sm">{t('teams.join.preview', { name: parsed.teamName })}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isMutating}>
              {t('teams.join.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
