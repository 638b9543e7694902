import type { PostInfoModel } from '@flagpole/contract';
import { Alert, Card, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconNews } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/notify';
import { PostCard } from './post-card';

interface PostListProps {
  posts: PostInfoModel[] | undefined;
  error: unknown;
}

export function PostList({ posts, error }: PostListProps) {
  const { t } = useTranslation();
  if (error && !posts) {
    return (
      <Alert color="alert" variant="light" icon={<IconAlertTriangle size={18} />} title={t('posts.loadFailed')}>
        {errorText(error)}
      </Alert>
    );
  }
  if (!posts) {
    return (
      <Stack>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={150} radius="lg" />
        ))}
      </Stack>
    );
  }
  if (posts.length === 0) {
    return (
      <Card p="xl">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconNews size={26} />
          </ThemeIcon>
          <Text fw={600}>{t('posts.emptyTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('posts.emptyDescription')}
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack>
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
    </Stack>
  );
}
