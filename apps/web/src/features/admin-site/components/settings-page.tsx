import { Select, Stack, Tabs } from '@mantine/core';
import { IconBox, IconFiles, IconKey, IconPalette, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadState } from '@/features/admin-games/components/load-state';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminConfig } from '../api/config';
import { AccountSettings } from './account-settings';
import { ContainerSettings } from './container-settings';
import { FilesTab } from './files-tab';
import { PageHeading } from './page-heading';
import { PlatformSettings } from './platform-settings';
import { TokensTab } from './tokens-tab';

const TABS = [
  { value: 'platform', icon: IconPalette },
  { value: 'accounts', icon: IconUserShield },
  { value: 'containers', icon: IconBox },
  { value: 'files', icon: IconFiles },
  { value: 'tokens', icon: IconKey },
] as const;
type Tab = (typeof TABS)[number]['value'];

function isTab(value: string | null): value is Tab {
  return TABS.some((tab) => tab.value === value);
}

/** The three settings forms share one load of the configuration. */
function ConfigForms({ tab }: { tab: 'platform' | 'accounts' | 'containers' }) {
  const { config, error } = useAdminConfig();
  return (
    <LoadState data={config} error={error} rows={4}>
      {(loaded) => {
        if (tab === 'platform' && loaded.globalConfig) return <PlatformSettings config={loaded.globalConfig} />;
        if (tab === 'accounts' && loaded.accountPolicy) return <AccountSettings policy={loaded.accountPolicy} />;
        if (tab === 'containers' && loaded.containerPolicy) {
          return <ContainerSettings policy={loaded.containerPolicy} />;
        }
        return null;
      }}
    </LoadState>
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.adminSettings'));
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'platform';
  const select = (value: string | null) =>
    setParams(value && value !== 'platform' ? { tab: value } : {}, { replace: true });

  return (
    <Stack gap="md">
      <PageHeading title={t('pages.adminSettings')} subtitle={t('adminSite.settings.subtitle')} />
      <Select
        hiddenFrom="sm"
        label={t('adminSite.settings.section')}
        data={TABS.map(({ value }) => ({ value, label: t(`adminSite.tabs.${value}`) }))}
        value={tab}
        onChange={select}
        allowDeselect={false}
      />
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List visibleFrom="sm">
          {TABS.map(({ value, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />}>
              {t(`adminSite.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="platform" pt="md">
          <ConfigForms tab="platform" />
        </Tabs.Panel>
        <Tabs.Panel value="accounts" pt="md">
          <ConfigForms tab="accounts" />
        </Tabs.Panel>
        <Tabs.Panel value="containers" pt="md">
          <ConfigForms tab="containers" />
        </Tabs.Panel>
        <Tabs.Panel value="files" pt="md">
          <FilesTab />
        </Tabs.Panel>
        <Tabs.Panel value="tokens" pt="md">
          <TokensTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
