import type { LogMessageModel } from '@flagpole/contract';
import { Badge, Group, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { taskStatusColor } from '@/lib/status-colors';
import { levelColor } from '../log-levels';
import { ListCard, ResponsiveList } from './responsive-list';

const formatLogTime = (time: number) => dayjs(time).format('YYYY-MM-DD HH:mm:ss');
const entryKey = (entry: LogMessageModel) => `${entry.time}|${entry.level}|${entry.name}|${entry.ip}|${entry.msg}`;

function LevelBadge({ level }: { level: LogMessageModel['level'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={levelColor(level)} variant="light" size="sm">
      {t(`adminSite.logs.levels.${level}`)}
    </Badge>
  );
}

function StatusBadge({ status }: { status: LogMessageModel['status'] }) {
  const { t } = useTranslation();
  if (status === null) {
    return (
      <Text size="sm" c={taskStatusColor(null)}>
        —
      </Text>
    );
  }
  return (
    <Badge color={taskStatusColor(status)} variant="light" size="sm">
      {t(`adminSite.logs.statuses.${status}`)}
    </Badge>
  );
}

function LogTable({ entries }: { entries: LogMessageModel[] }) {
  const { t } = useTranslation();
  return (
    <Table verticalSpacing={6} fz="sm" striped highlightOnHover aria-label={t('pages.adminLogs')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={170}>{t('adminSite.logs.time')}</Table.Th>
          <Table.Th w={120}>{t('adminSite.logs.level')}</Table.Th>
          <Table.Th w={140}>{t('adminSite.logs.user')}</Table.Th>
          <Table.Th w={140}>{t('adminSite.logs.ip')}</Table.Th>
          <Table.Th w={120}>{t('adminSite.logs.status')}</Table.Th>
          <Table.Th>{t('adminSite.logs.message')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entryKey(entry)}>
            <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {formatLogTime(entry.time)}
            </Table.Td>
            <Table.Td>
              <LevelBadge level={entry.level} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" fw={500} truncate maw={140}>
                {entry.name ?? '—'}
              </Text>
            </Table.Td>
            <Table.Td ff="monospace">{entry.ip || '—'}</Table.Td>
            <Table.Td>
              <StatusBadge status={entry.status} />
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.msg}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Phones get one card per entry, so the message and the status are not scrolled out of sight. */
function LogCards({ entries }: { entries: LogMessageModel[] }) {
  return entries.map((entry) => (
    <ListCard
      key={entryKey(entry)}
      heading={
        <Group gap={6}>
          <LevelBadge level={entry.level} />
          {entry.status !== null && <StatusBadge status={entry.status} />}
        </Group>
      }
      aside={
        <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {formatLogTime(entry.time)}
        </Text>
      }
    >
      <Text size="sm" mt={6} style={{ overflowWrap: 'anywhere' }}>
        {entry.msg}
      </Text>
      <Text size="xs" c="dimmed" mt={4} truncate>
        {entry.name ?? '—'} · {entry.ip || '—'}
      </Text>
    </ListCard>
  ));
}

export function LogList({ entries }: { entries: LogMessageModel[] }) {
  return (
    <ResponsiveList minWidth={940} table={<LogTable entries={entries} />} cards={<LogCards entries={entries} />} />
  );
}
