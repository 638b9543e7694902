import { adminLimits } from '@flagpole/contract';
import { Group, Pagination, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A search box whose value settles 300 ms after the last key stroke, so typing does not flood the server. */
export function useSearch() {
  const [input, setInput] = useState('');
  const [search] = useDebouncedValue(input, 300);
  return { input, setInput, search };
}

export function SearchBox({
  label,
  value,
  onChange,
  actions,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  actions?: ReactNode;
}) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        flex="1 1 240px"
        leftSection={<IconSearch size={16} />}
        label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        type="search"
        maxLength={adminLimits.searchHint.max}
      />
      {actions}
    </Group>
  );
}

/** The pager under a paged list, with the total; hidden while searching (search answers one page). */
export function ListPager({
  page,
  onChange,
  total,
  pageSize,
}: {
  page: number;
  onChange: (page: number) => void;
  total: number | undefined;
  pageSize: number;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  // A deletion can leave the last page empty: step back to the new last page.
  useEffect(() => {
    if (total !== undefined && page > pages) onChange(pages);
  }, [page, pages, total, onChange]);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {t('adminSite.list.total', { count: total ?? 0 })}
      </Text>
      {pages > 1 && (
        <Pagination
          value={page}
          onChange={onChange}
          total={pages}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': t(`adminSite.list.pager.${control}`) })}
        />
      )}
    </Group>
  );
}

/** A pager for lists whose answer has no overall total: a full page means there may be a next one. */
export function OpenEndedPager({
  page,
  onChange,
  hasNext,
}: {
  page: number;
  onChange: (page: number) => void;
  hasNext: boolean;
}) {
  const { t } = useTranslation();
  if (page === 1 && !hasNext) return null;
  return (
    <Group justify="center">
      <Pagination
        value={page}
        onChange={onChange}
        total={hasNext ? page + 1 : page}
        size="sm"
        withEdges={false}
        getControlProps={(control) => ({ 'aria-label': t(`adminSite.list.pager.${control}`) })}
      />
    </Group>
  );
}
