import { Center, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/features/admin-games/components/load-state';
import { ListPager, SearchBox, SearchLimitNote, useSearch } from './list-toolbar';
import { PageHeading } from './page-heading';

/** The page and the search of a searchable list; the page fetches with them, then hands both to `AdminListPage`. */
export function useListQuery() {
  const [page, setPage] = useState(1);
  const { input, setInput, search } = useSearch();
  return { page, setPage, input, setInput, search };
}

type ListQuery = ReturnType<typeof useListQuery>;

interface ListAnswer<Item> {
  data: Item[];
  length: number;
  total: number;
}

/**
 * A searchable, paged admin list: heading, search box, the rows or why there are none, then the pager; a search
 * answers a single page, so while searching a note on the result limit stands in for the pager.
 */
export function AdminListPage<Item>({
  title,
  subtitle,
  searchLabel,
  searchActions,
  query,
  list,
  error,
  pageSize,
  emptyText,
  renderRows,
  children,
}: {
  title: string;
  subtitle: string;
  searchLabel: string;
  searchActions?: ReactNode;
  query: ListQuery;
  list: ListAnswer<Item> | undefined;
  error: unknown;
  pageSize: number;
  emptyText: string;
  renderRows: (items: Item[]) => ReactNode;
  /** The dialogs the rows open. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const searching = query.search.trim() !== '';
  return (
    <Stack gap="md">
      <PageHeading title={title} subtitle={subtitle} />
      <SearchBox label={searchLabel} value={query.input} onChange={query.setInput} actions={searchActions} />
      <LoadState data={list} error={error} rows={6}>
        {(result) =>
          result.data.length === 0 ? (
            <Center py="xl">
              <Text c="dimmed">{searching ? t('adminSite.list.noMatch') : emptyText}</Text>
            </Center>
          ) : (
            renderRows(result.data)
          )
        }
      </LoadState>
      {searching ? (
        <SearchLimitNote shown={list?.length} />
      ) : (
        <ListPager page={query.page} onChange={query.setPage} total={list?.total} pageSize={pageSize} />
      )}
      {children}
    </Stack>
  );
}
