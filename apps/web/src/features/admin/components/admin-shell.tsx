import { Stack } from '@mantine/core';
import {
  IconBox,
  IconFileText,
  IconFlag3,
  IconSettings,
  IconUser,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LinkTabs } from '@/components/link-tabs';
import { PageContainer } from '@/components/page-container';

const SECTIONS = [
  { to: '/admin/games', labelKey: 'pages.adminGames', icon: IconFlag3 },
  { to: '/admin/teams', labelKey: 'pages.adminTeams', icon: IconUsersGroup },
  { to: '/admin/users', labelKey: 'pages.adminUsers', icon: IconUser },
  { to: '/admin/instances', labelKey: 'pages.adminInstances', icon: IconBox },
  { to: '/admin/logs', labelKey: 'pages.adminLogs', icon: IconFileText },
  { to: '/admin/webhooks', labelKey: 'pages.adminWebhooks', icon: IconWebhook },
  { to: '/admin/settings', labelKey: 'pages.adminSettings', icon: IconSettings },
] as const;

/** Every administration page: the section tabs above the page. */
export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const path = useLocation().pathname.toLowerCase();
  const tabs = SECTIONS.map((section) => ({
    to: section.to,
    label: t(section.labelKey),
    icon: section.icon,
    active: path === section.to || path.startsWith(`${section.to}/`),
  }));
  return (
    <PageContainer py="md">
      <Stack gap="md">
        <LinkTabs tabs={tabs} label={t('pages.adminPrefix')} />
        {children}
      </Stack>
    </PageContainer>
  );
}
