import type { ProfileUserInfoModel } from '@flagpole/contract';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDatabaseX, IconLogout, IconPalette, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '@/features/account/api/logout';
import { clearCacheAndReload } from '@/lib/cache/swr-cache';
import { showError, showSuccess } from '@/lib/notify';
import { ThemeColorModal } from '../theme-color-modal';

export function UserMenu({ user }: { user: ProfileUserInfoModel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [themeOpened, themeModal] = useDisclosure(false);
  const logout = useLogout();

  const signOut = async () => {
    try {
      await logout();
      showSuccess(t('account.signedOut'));
      navigate('/');
    } catch (error) {
      showError(error);
    }
  };

  return (
    <>
      <Menu position="bottom-end" shadow="md" width={230}>
        <Menu.Target>
          <UnstyledButton aria-label={t('nav.accountMenu')} style={{ borderRadius: '50%' }}>
            {/* The picture, or Mantine's person icon: no initials, which as visible text would differ from the
                button's name "Account menu" (speech input users say what they see). */}
            <Avatar src={user.avatar} alt="" radius="xl" size={36} color="gray" />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="bright" truncate>
              {user.userName}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item component={Link} to="/account/profile" leftSection={<IconUserCircle size={16} />}>
            {t('nav.profile')}
          </Menu.Item>
          {user.role === 'Admin' && (
            <Menu.Item component={Link} to="/admin/games" leftSection={<IconSettings size={16} />}>
              {t('nav.admin')}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconPalette size={16} />} onClick={themeModal.open}>
            {t('theme.title')}
          </Menu.Item>
          <Menu.Item leftSection={<IconDatabaseX size={16} />} onClick={() => void clearCacheAndReload()}>
            {t('nav.clearCache')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="alert" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
            {t('nav.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ThemeColorModal opened={themeOpened} onClose={themeModal.close} />
    </>
  );
}
