import type { CtfdImportReport } from '@flagpole/contract';
import { Button, FileInput, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFileZip, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { type ImportSource, useImportGame } from '../../api/import-game';
import { ImportReport } from './import-report';

/** Imports a game package or a CTFd export; a CTFd import ends on its report. */
export function ImportGameModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [source, setSource] = useState<ImportSource>('package');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<CtfdImportReport | null>(null);
  const { trigger, isMutating } = useMutation(useImportGame());

  const close = () => {
    setFile(null);
    setReport(null);
    onClose();
  };
  const openGame = (gameId: number) => {
    close();
    navigate(`/admin/games/${gameId}/info`);
  };

  const submit = async () => {
    if (!file) return;
    try {
      const result = await trigger(file, source);
      if (result.source === 'ctfd') {
        showSuccess(t('adminGames.transfer.import.done', { id: result.report.gameId }));
        setReport(result.report);
      } else {
        showSuccess(t('adminGames.transfer.import.done', { id: result.gameId }));
        openGame(result.gameId);
      }
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={report ? t('adminGames.transfer.report.title') : t('adminGames.transfer.import.title')}
      size="lg"
    >
      {report ? (
        <Stack>
          <ImportReport report={report} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('adminGames.transfer.report.close')}
            </Button>
            <Button onClick={() => openGame(report.gameId)}>{t('adminGames.transfer.import.open')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <SegmentedControl
            fullWidth
            value={source}
            onChange={(value) => setSource(value as ImportSource)}
            aria-label={t('adminGames.transfer.import.source')}
            data={[
              { value: 'package', label: t('adminGames.transfer.import.sources.package') },
              { value: 'ctfd', label: t('adminGames.transfer.import.sources.ctfd') },
            ]}
          />
          <Text size="sm" c="dimmed">
            {t(`adminGames.transfer.import.help.${source}`)}
          </Text>
          <FileInput
            label={t('adminGames.transfer.import.file')}
            placeholder={t('adminGames.transfer.import.filePlaceholder')}
            accept=".zip,application/zip,application/x-zip-compressed"
            leftSection={<IconFileZip size={16} />}
            value={file}
            onChange={setFile}
            clearable
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button leftSection={<IconUpload size={16} />} disabled={!file} loading={isMutating} onClick={submit}>
              {t('adminGames.transfer.import.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
