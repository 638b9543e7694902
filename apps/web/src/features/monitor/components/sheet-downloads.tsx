import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/lib/download';
import { showError } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { monitorKeys } from '../api/keys';

function SheetButton({ path, fallbackName, label }: { path: string; fallbackName: string; label: string }) {
  const { trigger, isMutating } = useMutation(() => downloadFile(path, fallbackName));
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={isMutating}
      onClick={() => trigger().catch(showError)}
    >
      {label}
    </Button>
  );
}

/** Spreadsheet exports of the game, offered on every monitor page. */
export function SheetDownloads({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <SheetButton
        path={monitorKeys.scoreboardSheet(gameId)}
        fallbackName={`scoreboard-${gameId}.xlsx`}
        label={t('monitor.sheets.scoreboard')}
      />
      <SheetButton
        path={monitorKeys.submissionSheet(gameId)}
        fallbackName={`submissions-${gameId}.xlsx`}
        label={t('monitor.sheets.submissions')}
      />
    </Group>
  );
}
