import { ALLOWED_IMAGE_TYPES, type ProfileUserInfoModel } from '@flagpole/contract';
import { Avatar, Badge, Button, FileButton, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { avatarProblem, useUploadAvatar } from '../../api/upload-avatar';

export function AvatarSection({ user }: { user: ProfileUserInfoModel }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useUploadAvatar());

  const upload = async (file: File | null) => {
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem === 'type') return showError(t('account.profile.avatarWrongType'));
    if (problem === 'size') return showError(t('account.profile.avatarTooLarge'));
    try {
      await trigger(file);
      showSuccess(t('account.profile.avatarUpdated'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <SectionCard title={t('account.profile.avatarTitle')}>
      <Stack align="center" gap="sm">
        <Avatar src={user.avatar} size={128} radius={128} name={user.userName ?? ''} color="initials" alt="" />
        <Text fw={700} size="lg" ta="center">
          {user.userName}
        </Text>
        <Badge variant="light">{t(`roles.${user.role}`)}</Badge>
        <FileButton onChange={(file) => void upload(file)} accept={ALLOWED_IMAGE_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={isMutating} fullWidth>
              {t('account.profile.uploadAvatar')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed" ta="center">
          {t('account.profile.avatarHint')}
        </Text>
      </Stack>
    </SectionCard>
  );
}
