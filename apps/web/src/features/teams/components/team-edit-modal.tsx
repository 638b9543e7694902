import type { TeamInfoModel } from '@flagpole/contract';
import { Avatar, Button, FileButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, imageFileProblem } from '@/lib/image-file';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useUpdateTeam } from '../api/update-team';
import { useUploadTeamAvatar } from '../api/upload-team-avatar';
import { TeamFields, useTeamForm } from './team-fields';

function AvatarUpload({ team }: { team: TeamInfoModel }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useUploadTeamAvatar());

  const upload = async (file: File | null) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem === 'type') return showError(t('teams.avatar.wrongType'));
    if (problem === 'size') return showError(t('teams.avatar.tooLarge'));
    try {
      await trigger(team.id, file);
      showSuccess(t('teams.avatar.done'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Group wrap="nowrap">
      <Avatar src={team.avatar} size={72} radius="md" name={team.name ?? ''} color="initials" alt="" />
      <Stack gap={4}>
        <FileButton onChange={(file) => void upload(file)} accept={IMAGE_ACCEPT}>
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />} loading={isMutating}>
              {t('teams.avatar.upload')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('teams.avatar.hint')}
        </Text>
      </Stack>
    </Group>
  );
}

export function TeamEditModal({
  team,
  opened,
  onClose,
}: {
  team: TeamInfoModel;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useUpdateTeam());
  const form = useTeamForm({ name: team.name ?? '', bio: team.bio ?? '' });

  const submit = form.onSubmit(async (values) => {
    try {
      await trigger(team.id, { name: values.name.trim(), bio: values.bio.trim() });
      form.resetDirty();
      showSuccess(t('teams.edit.done'));
      onClose();
    } catch (error) {
      showError(error);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('teams.edit.title', { name: team.name ?? '' })}>
      <Stack>
        <AvatarUpload team={team} />
        <form onSubmit={submit} noValidate>
          <Stack>
            <TeamFields form={form} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={isMutating} disabled={!form.isDirty()}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
