import { GameExportPart } from '@flagpole/contract';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useExportGame } from '../../api/export-game';

/** "Export" on a game's pages: a package of the game, with teams, submissions or secrets only when ticked. */
export function ExportGameButton({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [include, setInclude] = useState<GameExportPart[]>([]);
  const { trigger, isMutating } = useMutation(useExportGame());

  const download = async () => {
    try {
      const name = await trigger(gameId, include);
      showSuccess(t('adminGames.transfer.export.done', { name }));
      close();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <>
      <Button variant="light" size="xs" leftSection={<IconDownload size={14} />} onClick={open}>
        {t('adminGames.transfer.export.button')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('adminGames.transfer.export.title')} size="lg">
        <Stack>
          <Text size="sm">{t('adminGames.transfer.export.description')}</Text>
          <Checkbox.Group
            label={t('adminGames.transfer.export.extras')}
            value={include}
            onChange={(values) => setInclude(GameExportPart.options.filter((part) => values.includes(part)))}
          >
            <Stack gap="xs" mt="xs">
              {GameExportPart.options.map((part) => (
                <Checkbox key={part} value={part} label={t(`adminGames.transfer.export.parts.${part}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          {include.includes('secrets') && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
              {t('adminGames.transfer.export.secretsWarning')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button leftSection={<IconDownload size={16} />} loading={isMutating} onClick={download}>
              {t('adminGames.transfer.export.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
