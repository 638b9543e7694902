import { ActionIcon, Button, CopyButton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';

/**
 * The game's CTFtime scoreboard feed (docs/integrations.md): the absolute URL an organiser pastes into CTFtime's
 * event management, and the same JSON saved as a file to upload there as the final results.
 */
export function CtftimeFeedCard({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const path = `/api/game/${gameId}/ctftime`;
  const url = `${window.location.origin}${path}`;
  return (
    <SectionCard compact title={t('adminGames.ctftime.title')} description={t('adminGames.ctftime.hint')}>
      <Stack gap="sm">
        <TextInput
          label={t('adminGames.ctftime.url')}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          rightSection={
            <CopyButton value={url} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('adminGames.ctftime.copied') : t('adminGames.ctftime.copy')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={t('adminGames.ctftime.copy')}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
        />
        <div>
          {/* Same origin: the browser saves the feed under this name instead of opening it. */}
          <Button
            component="a"
            href={path}
            download={`ctftime-${gameId}.json`}
            variant="light"
            leftSection={<IconDownload size={16} />}
          >
            {t('adminGames.ctftime.download')}
          </Button>
          <Text size="xs" c="dimmed" mt={4}>
            {t('adminGames.ctftime.downloadHint')}
          </Text>
        </div>
      </Stack>
    </SectionCard>
  );
}
