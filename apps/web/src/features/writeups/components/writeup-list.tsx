import type { WriteupInfo } from '@flagpole/contract';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconDownload, IconFileZip, IconSearch, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/lib/download';
import { errorText, showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useClearWriteups } from '../api/clear-writeups';
import { useGameWriteups } from '../api/get-game-writeups';
import { writeupKeys } from '../api/keys';

function WriteupRow({ writeup, division }: { writeup: WriteupInfo; division: string | null }) {
  const { t } = useTranslation();
  const team = writeup.team.name ?? t('writeups.admin.team');
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={writeup.team.avatar ?? undefined} name={team} color="initials" radius="xl" size={32} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {team}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {(writeup.team.members ?? []).map((member) => member.userName).join(', ')}
            </Text>
            {division && (
              <Badge size="xs" variant="outline" color="grape">
                {division}
              </Badge>
            )}
          </div>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" title={dayjs(writeup.uploadTimeUtc).format('LLLL')} style={{ whiteSpace: 'nowrap' }}>
          {dayjs(writeup.uploadTimeUtc).format('L LT')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            component="a"
            href={writeup.url}
            download
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            aria-label={t('writeups.admin.downloadLabel', { team })}
          >
            {t('writeups.admin.download')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function Toolbar({ gameId, count }: { gameId: number; count: number }) {
  const { t } = useTranslation();
  const archive = useMutation(() => downloadFile(writeupKeys.archive(gameId), `writeups-${gameId}.zip`));
  const clear = useClearWriteups(gameId);
  const clearing = useMutation(clear);

  const confirmClear = () =>
    modals.openConfirmModal({
      title: t('writeups.admin.clearTitle'),
      children: <Text size="sm">{t('writeups.admin.clearText', { count })}</Text>,
      labels: { confirm: t('writeups.admin.clearConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await clearing.trigger();
          showSuccess(t('writeups.admin.cleared'));
        } catch (error) {
          showError(error);
        }
      },
    });

  return (
    <Group gap="xs">
      <Button
        size="sm"
        variant="default"
        leftSection={<IconFileZip size={16} />}
        disabled={count === 0}
        loading={archive.isMutating}
        onClick={() => archive.trigger().catch(showError)}
      >
        {t('writeups.admin.downloadAll')}
      </Button>
      <Button
        size="sm"
        variant="light"
        color="red"
        leftSection={<IconTrash size={16} />}
        disabled={count === 0}
        loading={clearing.isMutating}
        onClick={confirmClear}
      >
        {t('writeups.admin.clear')}
      </Button>
    </Group>
  );
}

/** The organisers' view of a game's writeups: who handed in what and when; download one or all; clear. */
export function WriteupList({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const { writeups, error } = useGameWriteups(gameId);
  const [search, setSearch] = useState('');
  // 'all', or a division id as a string ('none': teams without one).
  const [division, setDivision] = useState('all');
  const list = writeups?.writeups;
  const divisions = writeups?.divisions ?? {};
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const sorted = [...(list ?? [])].sort((a, b) => b.uploadTimeUtc - a.uploadTimeUtc);
    return sorted.filter(
      (item) =>
        (!needle || (item.team.name ?? '').toLowerCase().includes(needle)) &&
        (division === 'all' || String(item.divisionId ?? 'none') === division),
    );
  }, [list, search, division]);

  if (!list) {
    return error ? (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('writeups.admin.loadFailed')}>
        {errorText(error)}
      </Alert>
    ) : (
      <Stack gap="sm">
        <Skeleton h={36} />
        <Skeleton h={56} />
        <Skeleton h={56} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t('writeups.admin.count', { count: list.length })}
        </Text>
        <Toolbar gameId={gameId} count={list.length} />
      </Group>
      {list.length === 0 ? (
        <Card withBorder>
          <Center py="lg">
            <Text c="dimmed">{t('writeups.admin.empty')}</Text>
          </Center>
        </Card>
      ) : (
        <>
          <Group gap="sm" align="flex-end">
            <TextInput
              leftSection={<IconSearch size={16} />}
              aria-label={t('writeups.admin.search')}
              placeholder={t('writeups.admin.search')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maw={360}
              style={{ flex: 1 }}
            />
            {Object.keys(divisions).length > 0 && (
              <Select
                aria-label={t('writeups.admin.division')}
                data={[
                  { value: 'all', label: t('writeups.admin.allDivisions') },
                  { value: 'none', label: t('writeups.admin.noDivision') },
                  ...Object.entries(divisions).map(([id, name]) => ({ value: id, label: name })),
                ]}
                value={division}
                onChange={(value) => setDivision(value ?? 'all')}
                allowDeselect={false}
                w={220}
              />
            )}
          </Group>
          <Card withBorder padding={0}>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="sm" highlightOnHover aria-label={t('writeups.admin.tableLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('writeups.admin.team')}</Table.Th>
                    <Table.Th>{t('writeups.admin.uploaded')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((writeup) => (
                    <WriteupRow
                      key={writeup.id}
                      writeup={writeup}
                      division={writeup.divisionId === null ? null : (divisions[String(writeup.divisionId)] ?? null)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        </>
      )}
    </Stack>
  );
}
