import { ActionIcon, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconCheck, IconCopy, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '@/features/info/api/get-client-config';
import { instanceAddress, isProxyEntry } from '../lib/entry';
import { useWsrxTunnel } from '../wsrx/use-wsrx-tunnel';

interface InstanceAddressProps {
  entry: string;
  /** Shown in the daemon's tunnel list. */
  label: string;
  /** An organiser's test container goes through the `noinst` proxy path. */
  noInstance?: boolean;
  /** Whether to ask the wsrx daemon for a tunnel (not for lists of other people's instances). */
  withTunnel?: boolean;
}

/**
 * The address of a running instance with a copy button. Under the platform proxy it is the websocket
 * address, or the local tunnel address when the wsrx daemon carries it (with a switch back to the original).
 */
export function InstanceAddress({ entry, label, noInstance = false, withTunnel = true }: InstanceAddressProps) {
  const { t } = useTranslation();
  const { portMapping } = useClientConfig();
  const address = instanceAddress(entry, portMapping, window.location, { noInstance });
  const proxied = portMapping === 'PlatformProxy' && isProxyEntry(entry);
  const tunnel = useWsrxTunnel(proxied && withTunnel ? address : null, label);
  const [showOriginal, setShowOriginal] = useState(false);
  const shown = tunnel && !showOriginal ? tunnel : address;

  return (
    <div>
      <Group gap="xs" wrap="nowrap" align="center">
        {tunnel && !showOriginal && (
          <Tooltip label={t('containers.address.viaWsrx')}>
            <IconPlugConnected
              size={18}
              color="var(--mantine-color-teal-filled)"
              aria-label={t('containers.address.viaWsrx')}
            />
          </Tooltip>
        )}
        <Code
          data-testid="instance-address"
          style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-sm)' }}
        >
          {shown}
        </Code>
        <CopyButton value={shown}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('containers.address.copied') : t('containers.address.copy')}>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={t('containers.address.copy')}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
        {tunnel && (
          <Tooltip label={showOriginal ? t('containers.address.showTunnel') : t('containers.address.showOriginal')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setShowOriginal((value) => !value)}
              aria-label={showOriginal ? t('containers.address.showTunnel') : t('containers.address.showOriginal')}
            >
              <IconArrowsExchange size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {proxied && withTunnel && !tunnel && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('containers.address.proxyHint')}
        </Text>
      )}
    </div>
  );
}
