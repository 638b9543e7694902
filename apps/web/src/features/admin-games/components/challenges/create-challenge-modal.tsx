import { ChallengeCategory, ChallengeType, gameLimits } from '@flagpole/contract';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useCreateChallenge } from '../../api/create-challenge';
import { requiredText } from '../../validation';

interface Values {
  title: string;
  category: ChallengeCategory;
  type: ChallengeType;
}

const INITIAL: Values = { title: '', category: 'Misc', type: 'StaticAttachment' };

export function CreateChallengeModal({
  gameId,
  opened,
  onClose,
}: {
  gameId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { trigger, isMutating } = useMutation(useCreateChallenge());
  const form = useForm<Values>({
    initialValues: INITIAL,
    validate: { title: requiredText(t, gameLimits.challengeTitle.max) },
  });

  const close = () => {
    form.setValues(INITIAL);
    form.clearErrors();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const challenge = await trigger(gameId, { ...values, title: values.title.trim() });
      showSuccess(t('adminGames.challenges.create.done', { title: challenge.title }));
      close();
      navigate(`/admin/games/${gameId}/challenges/${challenge.id}`);
    } catch (error) {
      showError(error, { title: t('adminGames.challenges.notCreated') });
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t('adminGames.challenges.create.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('adminGames.challenge.title')}
            required
            data-autofocus
            maxLength={gameLimits.challengeTitle.max}
            {...form.getInputProps('title')}
          />
          <Select
            label={t('adminGames.challenge.category')}
            data={ChallengeCategory.options.map((value) => ({ value, label: t(`adminGames.category.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps('category')}
          />
          <Select
            label={t('adminGames.challenge.type')}
            description={t('adminGames.challenge.typeHint')}
            data={ChallengeType.options.map((value) => ({ value, label: t(`adminGames.type.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isMutating}>
              {t('adminGames.challenges.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
