import type { PostInfoModel } from '@flagpole/contract';
import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPinFilled } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Markdown } from '@/components/markdown';
import { PinToggle } from './pin-toggle';
import classes from './post-card.module.css';
import { useIsAdmin } from './use-is-admin';

export function PostCard({ post }: { post: PostInfoModel }) {
  const { t } = useTranslation();
  const isAdmin = useIsAdmin();
  return (
    <Card component="article" p="lg" className={classes.card}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" className={classes.title}>
            <Link to={`/posts/${post.id}`} className={classes.link}>
              {post.title}
            </Link>
          </Title>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {post.isPinned && (
              <Badge variant="light" leftSection={<IconPinFilled size={12} />}>
                {t('posts.pinned')}
              </Badge>
            )}
            {isAdmin && <PinToggle post={post} />}
          </Group>
        </Group>
        {post.tags && post.tags.length > 0 && (
          <Group gap={6}>
            {post.tags.map((tag) => (
              <Badge key={tag} variant="outline" color="gray" size="sm">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        <Markdown source={post.summary} />
        <Group gap="xs" mt={4}>
          <Avatar src={post.authorAvatar} size={24} radius="xl" name={post.authorName ?? ''} color="initials" />
          <Text size="xs" c="dimmed">
            {post.authorName ?? t('posts.unknownAuthor')} · {dayjs(post.time).format('LL')}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
