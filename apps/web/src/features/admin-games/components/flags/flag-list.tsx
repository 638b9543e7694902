import type { ChallengeEditDetailModel, FlagInfoModel } from '@flagpole/contract';
import { ActionIcon, Badge, Code, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { showError, showSuccess } from '@/lib/notify';
import { useDeleteFlag } from '../../api/delete-flag';
import { AttachmentLink } from '../challenge/attachment-section';
import { useFlagKindLabels } from './flag-kind-labels';

export function FlagList({ gameId, challenge }: { gameId: number; challenge: ChallengeEditDetailModel }) {
  const { t } = useTranslation();
  const deleteFlag = useDeleteFlag();
  const withAttachments = challenge.type === 'DynamicAttachment';
  const last = challenge.flags.length === 1;
  const labels = useFlagKindLabels();

  const confirmDelete = (flag: FlagInfoModel) =>
    modals.openConfirmModal({
      title: t('adminGames.flags.deleteTitle'),
      children: (
        <Text size="sm">
          {t('adminGames.flags.deleteConfirm', { flag: flag.flag })}
          {last && challenge.isEnabled ? ` ${t('adminGames.flags.lastFlagWarning')}` : ''}
        </Text>
      ),
      labels: { confirm: t('adminGames.flags.deleteSubmit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        deleteFlag(gameId, challenge.id, flag.id).then(() => showSuccess(t('adminGames.flags.deleted')), showError);
      },
    });

  return (
    <SectionCard compact title={t('adminGames.flags.listTitle', { count: challenge.flags.length })}>
      {challenge.flags.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('adminGames.flags.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminGames.flags.flag')}</Table.Th>
                {withAttachments ? (
                  <Table.Th>{t('adminGames.flags.attachment')}</Table.Th>
                ) : (
                  <Table.Th>{t('adminGames.flags.matchColumn')}</Table.Th>
                )}
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {challenge.flags.map((flag) => (
                <Table.Tr key={flag.id}>
                  <Table.Td>
                    <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{flag.flag}</Code>
                  </Table.Td>
                  {withAttachments ? (
                    <Table.Td>
                      <AttachmentLink attachment={flag.attachment} />
                    </Table.Td>
                  ) : (
                    <Table.Td>
                      <Badge variant={flag.matchType === 'Exact' ? 'default' : 'light'} size="sm" tt="none">
                        {labels.type[flag.matchType]}
                      </Badge>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Tooltip label={t('adminGames.flags.delete')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('adminGames.flags.deleteFor', { flag: flag.flag })}
                        onClick={() => confirmDelete(flag)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
