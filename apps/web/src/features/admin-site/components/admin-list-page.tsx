import { Center, Select, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/features/admin-games/components/load-state';
import { ListPager, SearchBox, useSearch } from './list-toolbar';
import { PageHeading } from './page-heading';

/**
 * The page, the search and the order of a list; the page fetches with them, then hands them to `AdminListPage`.
 * A new search or order starts again at the first page.
 */
export function useListQuery<Order extends string>(initialOrder: Order) {
  const [page, setPage] = useState(1);
  const [order, setOrderState] = useState<Order>(initialOrder);
  const { input, setInput, search } = useSearch();
  useEffect(() => {
    if (search !== undefined) setPage(1);
  }, [search]);
  const setOrder = (next: Order) => {
    setOrderState(next);
    setPage(1);
  };
  return { page, setPage, input, setInput, search, order, setOrder };
}

type ListQuery<Order extends string> = ReturnType<typeof useListQuery<Order>>;

/** The order picker of a list: each order named by what it puts first. */
export function OrderSelect<Order extends string>({
  query,
  orders,
  label,
}: {
  query: ListQuery<Order>;
  orders: ReadonlyArray<{ value: Order; label: string }>;
  label: string;
}) {
  return (
    <Select
      label={label}
      data={orders as Array<{ value: Order; label: string }>}
      value={query.order}
      onChange={(value) => value && query.setOrder(value as Order)}
      allowDeselect={false}
      w={{ base: '100%', xs: 240 }}
    />
  );
}

interface ListAnswer<Item> {
  data: Item[];
  length: number;
  total: number;
}

/** A searchable, ordered, paged admin list: heading, search box and order, the rows or why there are none, the pager. */
export function AdminListPage<Item, Order extends string>({
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
  query: ListQuery<Order>;
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
      <ListPager page={query.page} onChange={query.setPage} total={list?.total} pageSize={pageSize} />
      {children}
    </Stack>
  );
}
