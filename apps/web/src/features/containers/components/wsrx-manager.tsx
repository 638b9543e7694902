import {
  ActionIcon,
  Badge,
  Button,
  Code,
  Group,
  Indicator,
  Popover,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '@/features/info/api/get-client-config';
import { i18n } from '@/lib/i18n';
import { monoInput } from '@/lib/mono-input';
import type { WsrxNotice } from '../wsrx/wsrx-notices';
import { normaliseDaemonApi, siteName } from '../wsrx/wsrx-options';
import { setWsrxNotifier, useWsrx, wsrxStore } from '../wsrx/wsrx-store';
import { WsrxState } from '../wsrx/wsrx-types';

function showWsrxNotice(notice: WsrxNotice): void {
  const message =
    'text' in notice.message ? notice.message.text : i18n.t(`wsrx.messages.${notice.message.key}` as const);
  notifications.show({ color: notice.color, title: i18n.t(`wsrx.notices.${notice.title}` as const), message });
}

const STATE_STYLE = {
  [WsrxState.Invalid]: { color: 'red', key: 'wsrx.state.invalid' },
  [WsrxState.Pending]: { color: 'yellow', key: 'wsrx.state.pending' },
  [WsrxState.Usable]: { color: 'teal', key: 'wsrx.state.usable' },
} as const;

/**
 * The header control for the local tunnel daemon, shown only under the platform proxy: its state, and the
 * options (daemon address, on/off, LAN listening) that the page keeps in local storage.
 */
export function WsrxManager() {
  const { t } = useTranslation();
  const { portMapping, title } = useClientConfig();
  const proxied = portMapping === 'PlatformProxy';

  useEffect(() => {
    if (!proxied) return;
    setWsrxNotifier(showWsrxNotice);
    wsrxStore().start(siteName(title));
  }, [proxied, title]);

  if (!proxied) return null;
  return <WsrxPopover label={t('wsrx.title')} />;
}

function WsrxPopover({ label }: { label: string }) {
  const { t } = useTranslation();
  const wsrx = useWsrx();
  const [api, setApi] = useState(wsrx.options.api);
  const [apiError, setApiError] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const style = wsrx.options.enabled ? STATE_STYLE[wsrx.state] : { color: 'gray', key: 'wsrx.state.disabled' as const };

  const saveApi = (event: FormEvent) => {
    event.preventDefault();
    const normalised = normaliseDaemonApi(api);
    if (!normalised) {
      setApiError(t('wsrx.options.apiInvalid'));
      return;
    }
    setApiError(null);
    setApi(normalised);
    wsrxStore().setOptions({ api: normalised });
  };

  return (
    // Focus moves into the panel when it opens and back to its button when it closes (Escape closes it: no trap).
    <Popover
      width={320}
      position="bottom-end"
      shadow="md"
      withArrow
      opened={opened}
      onChange={setOpened}
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Tooltip label={`${label}: ${t(style.key)}`} disabled={opened}>
          <Indicator color={style.color} size={9} offset={6} processing={wsrx.connecting}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={`${label}: ${t(style.key)}`}
              onClick={() => setOpened((value) => !value)}
            >
              <IconPlugConnected size={18} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>{label}</Text>
            <Badge color={style.color} variant="light" data-testid="wsrx-state">
              {t(style.key)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t(wsrx.state === WsrxState.Pending ? 'wsrx.help.pending' : 'wsrx.help.about')}
          </Text>
          <Switch
            label={t('wsrx.options.enabled')}
            checked={wsrx.options.enabled}
            onChange={(event) => wsrxStore().setOptions({ enabled: event.currentTarget.checked })}
          />
          <form onSubmit={saveApi}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={t('wsrx.options.api')}
                value={api}
                onChange={(event) => setApi(event.currentTarget.value)}
                error={apiError}
                maxLength={200}
                spellCheck={false}
                styles={monoInput}
                style={{ flex: 1 }}
              />
              <Button type="submit" variant="light">
                {t('wsrx.options.save')}
              </Button>
            </Group>
          </form>
          <Switch
            label={t('wsrx.options.allowLan')}
            description={t('wsrx.options.allowLanHelp')}
            checked={wsrx.options.allowLan}
            onChange={(event) => wsrxStore().setOptions({ allowLan: event.currentTarget.checked })}
          />
          {wsrx.instances.length > 0 && (
            <Stack gap={4}>
              <Text size="xs" fw={600}>
                {t('wsrx.tunnels', { count: wsrx.instances.length })}
              </Text>
              {wsrx.instances.map((instance) => (
                <Text key={instance.local} size="xs" truncate>
                  <Code>{instance.local}</Code> {instance.label ?? instance.remote}
                </Text>
              ))}
            </Stack>
          )}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            loading={wsrx.connecting}
            disabled={!wsrx.options.enabled}
            onClick={() => wsrxStore().reconnect()}
          >
            {t('wsrx.reconnect')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
