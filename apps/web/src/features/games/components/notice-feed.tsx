import type { GameNotice, NoticeType } from '@flagpole/contract';
import { Card, Group, ScrollArea, SegmentedControl, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb, IconDropletFilled, IconSparkles, IconSpeakerphone } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '@/components/markdown';
import { useNotices } from '../api/get-notices';
import { type NoticeGroup, noticeGroup, noticeText, orderNotices } from '../lib/notice-format';
import { BLOOD_COLORS } from './categories';

export const NOTICE_ICONS: Record<NoticeType, { icon: ReactNode; color: string }> = {
  Normal: { icon: <IconSpeakerphone size={16} />, color: 'blue' },
  FirstBlood: { icon: <IconDropletFilled size={16} color={BLOOD_COLORS.FirstBlood} />, color: 'dark' },
  SecondBlood: { icon: <IconDropletFilled size={16} color={BLOOD_COLORS.SecondBlood} />, color: 'dark' },
  ThirdBlood: { icon: <IconDropletFilled size={16} color={BLOOD_COLORS.ThirdBlood} />, color: 'dark' },
  NewHint: { icon: <IconBulb size={16} />, color: 'yellow' },
  NewChallenge: { icon: <IconSparkles size={16} />, color: 'teal' },
};

type Filter = 'all' | NoticeGroup;

function NoticeRow({ notice }: { notice: GameNotice }) {
  const { t } = useTranslation();
  const style = NOTICE_ICONS[notice.type];
  const text = noticeText(notice, (key, values) => t(key, values));
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" component="li">
      <ThemeIcon variant="light" color={style.color} size="md" radius="xl" aria-hidden>
        {style.icon}
      </ThemeIcon>
      <div style={{ minWidth: 0, flex: 1 }}>
        {notice.type === 'Normal' ? <Markdown source={text} inline /> : <Text size="sm">{text}</Text>}
        <Text size="xs" c="dimmed" title={dayjs(notice.time).format('LLLL')}>
          {dayjs(notice.time).fromNow()}
        </Text>
      </div>
    </Group>
  );
}

/** The game's notices, announcements first, with a filter by kind. */
export function NoticeFeed({ gameId, maxHeight = 520 }: { gameId: number; maxHeight?: number }) {
  const { t } = useTranslation();
  const { data } = useNotices(gameId);
  const [filter, setFilter] = useState<Filter>('all');
  const notices = useMemo(() => {
    const ordered = orderNotices(data ?? []);
    return filter === 'all' ? ordered : ordered.filter((notice) => noticeGroup(notice.type) === filter);
  }, [data, filter]);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="notice-feed-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="notice-feed-heading">
          {t('challenges.notices.heading')}
        </Title>
        <SegmentedControl
          size="xs"
          fullWidth
          value={filter}
          onChange={(value) => setFilter(value as Filter)}
          aria-label={t('challenges.notices.filterLabel')}
          data={[
            { value: 'all', label: t('challenges.notices.filter.all') },
            { value: 'announcements', label: t('challenges.notices.filter.announcements') },
            { value: 'bloods', label: t('challenges.notices.filter.bloods') },
            { value: 'challenges', label: t('challenges.notices.filter.challenges') },
          ]}
        />
        {!data ? (
          <Stack gap="xs">
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        ) : notices.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('challenges.notices.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={maxHeight} type="auto" offsetScrollbars>
            <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {notices.map((notice) => (
                <NoticeRow key={notice.id} notice={notice} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Card>
  );
}
