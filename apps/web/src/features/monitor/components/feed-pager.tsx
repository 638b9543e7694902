import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Newer/older paging through a newest-first list whose total is not known. */
export function FeedPager({
  page,
  hasOlder,
  onChange,
}: {
  page: number;
  hasOlder: boolean;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (page === 0 && !hasOlder) return null;
  return (
    <Group justify="center" gap="sm">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconChevronLeft size={16} />}
        disabled={page === 0}
        onClick={() => onChange(page - 1)}
      >
        {t('monitor.pager.newer')}
      </Button>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('monitor.pager.page', { page: page + 1 })}
      </Text>
      <Button
        variant="default"
        size="xs"
        rightSection={<IconChevronRight size={16} />}
        disabled={!hasOlder}
        onClick={() => onChange(page + 1)}
      >
        {t('monitor.pager.older')}
      </Button>
    </Group>
  );
}
