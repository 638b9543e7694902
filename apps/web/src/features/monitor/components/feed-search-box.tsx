import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEED_SEARCH_MAX, feedSearch } from '../lib/feed-search';

/**
 * The search of a monitor feed: `search` settles 300 ms after the last key stroke (a busy game's feed is asked
 * again on each change), and `page` goes back to the newest page whenever it changes.
 */
export function useFeedSearch() {
  const [input, setInput] = useState('');
  const [settled] = useDebouncedValue(input, 300);
  const search = feedSearch(settled);
  const [paging, setPaging] = useState({ search, page: 0 });
  const page = paging.search === search ? paging.page : 0;
  const setPage = useCallback((next: number) => setPaging({ search, page: next }), [search]);
  return { input, setInput, search, page, setPage };
}

export function FeedSearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      size="xs"
      w={{ base: '100%', sm: 300 }}
      leftSection={<IconSearch size={14} />}
      aria-label={t('monitor.search.label')}
      placeholder={t('monitor.search.placeholder')}
      maxLength={FEED_SEARCH_MAX}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
