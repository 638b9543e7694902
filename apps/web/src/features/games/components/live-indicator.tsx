import { Box, Tooltip } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LiveState } from '../lib/live';

/**
 * The live channel's state in a page header: connected, offline (polling meanwhile), or refused for lack of room
 * (the server's own words for why). Each header names its connected and offline states in its own terms.
 */
export function LiveIndicator({ live, labels }: { live: LiveState; labels: { on: string; off: string } }) {
  const { t } = useTranslation();
  const connected = live === 'connected';
  const label =
    live === 'tooMany' || live === 'serverFull' ? t(`liveLimit.${live}`) : connected ? labels.on : labels.off;
  return (
    <Tooltip label={label} multiline maw={320}>
      <Box
        component="span"
        c={connected ? 'teal' : live === 'offline' ? 'dimmed' : 'orange'}
        aria-label={label}
        role="img"
        style={{ display: 'inline-flex' }}
      >
        {connected ? <IconPlugConnected size={18} /> : <IconPlugConnectedX size={18} />}
      </Box>
    </Tooltip>
  );
}
