import { Center, Code, Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/features/admin-games/components/load-state';
import { formatFileSize } from '@/features/games/lib/file-size';
import { useAdminFiles } from '../api/files';
import { OpenEndedPager } from './list-toolbar';

export function FilesTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { files, error, pageSize } = useAdminFiles(page);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('adminSite.files.help')}
      </Text>
      <LoadState data={files} error={error} rows={5}>
        {(result) =>
          result.data.length === 0 ? (
            <Center py="xl">
              <Text c="dimmed">{t('adminSite.files.empty')}</Text>
            </Center>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="xs" fz="sm" highlightOnHover aria-label={t('adminSite.tabs.files')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('adminSite.files.name')}</Table.Th>
                    <Table.Th>{t('adminSite.files.type')}</Table.Th>
                    <Table.Th>{t('adminSite.files.hash')}</Table.Th>
                    <Table.Th ta="right">{t('adminSite.files.size')}</Table.Th>
                    <Table.Th ta="right">{t('adminSite.files.references')}</Table.Th>
                    <Table.Th>{t('adminSite.files.uploaded')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.data.map((file) => (
                    <Table.Tr key={file.hash} opacity={file.referenceCount === 0 ? 0.6 : 1}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Text
                          size="sm"
                          component="a"
                          href={`/assets/${file.hash}/${encodeURIComponent(file.name)}`}
                          target="_blank"
                          rel="noreferrer"
                          c="var(--mantine-primary-color-text)"
                        >
                          {file.name}
                        </Text>
                      </Table.Td>
                      <Table.Td c="dimmed">{file.contentType}</Table.Td>
                      <Table.Td>
                        <Code title={file.hash}>{file.hash.slice(0, 12)}</Code>
                      </Table.Td>
                      <Table.Td ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {formatFileSize(file.size)}
                      </Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        {file.referenceCount}
                      </Table.Td>
                      <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {dayjs(file.uploadTimeUtc).format('YYYY-MM-DD HH:mm')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </LoadState>
      <OpenEndedPager page={page} onChange={setPage} hasNext={(files?.length ?? 0) >= pageSize} />
    </Stack>
  );
}
