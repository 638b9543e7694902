import type { CtfdImportReport } from '@flagpole/contract';
import { Badge, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COUNTS = ['challenges', 'flags', 'hints', 'files', 'notices', 'pendingAwards'] as const;

/** What a CTFd import brought over, which categories it mapped and what it had to change. */
export function ImportReport({ report }: { report: CtfdImportReport }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="import-report">
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 6 }} spacing="xs">
        {COUNTS.map((key) => (
          <Stack key={key} gap={0} align="center">
            <Text fw={700} size="xl">
              {report[key]}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`adminGames.transfer.report.counts.${key}`)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>

      {report.categories.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('adminGames.transfer.report.categories')}
          </Title>
          <Table.ScrollContainer minWidth={320}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('adminGames.transfer.report.source')}</Table.Th>
                  <Table.Th>{t('adminGames.transfer.report.category')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.categories.map((c) => (
                  <Table.Tr key={c.source}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.source}</Table.Td>
                    <Table.Td>
                      {t(`adminGames.category.${c.category}`)}{' '}
                      {!c.known && (
                        <Badge color="orange" variant="light" size="sm">
                          {t('adminGames.transfer.report.unknown')}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}

      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('adminGames.transfer.report.notes')}
        </Title>
        {report.notes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('adminGames.transfer.report.noNotes')}
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {report.notes.map((note, index) => (
              // Notes have no identity of their own; their order never changes.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
              <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={600} size="sm">
                  {note.challenge ?? t('adminGames.transfer.report.wholeGame')}:
                </Text>{' '}
                {t(`adminGames.transfer.report.kinds.${note.kind}`, { detail: note.detail })}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}
