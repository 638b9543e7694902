import { Alert, Anchor, Avatar, Badge, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconEdit } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Markdown } from '@/components/markdown';
import { NotFoundPage } from '@/features/errors/components/not-found-page';
import { ApiError } from '@/lib/http';
import { errorText } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { usePost } from '../api/get-post';
import { useIsAdmin } from './use-is-admin';

export default function PostPage() {
  const { t } = useTranslation();
  const { postId } = useParams();
  const { data: post, error } = usePost(postId);
  const isAdmin = useIsAdmin();
  usePageTitle(post?.title ?? t('nav.posts'));

  if (error instanceof ApiError && error.httpStatus === 404) return <NotFoundPage />;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/posts" size="sm" c="dimmed">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('posts.backToAll')}
          </Group>
        </Anchor>
        {error && !post ? (
          <Alert color="alert" variant="light" icon={<IconAlertTriangle size={18} />} title={t('posts.loadFailed')}>
            {errorText(error)}
          </Alert>
        ) : !post ? (
          <Stack>
            <Skeleton height={40} width="70%" />
            <Skeleton height={16} width="40%" />
            <Skeleton height={240} />
          </Stack>
        ) : (
          <article>
            <Stack gap="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Title order={1}>{post.title}</Title>
                {isAdmin && (
                  <Button
                    component={Link}
                    to={`/posts/${post.id}/edit`}
                    variant="default"
                    leftSection={<IconEdit size={16} />}
                    style={{ flexShrink: 0 }}
                  >
                    {t('postEdit.editButton')}
                  </Button>
                )}
              </Group>
              <Group gap="xs">
                <Avatar src={post.authorAvatar} size={28} radius="xl" name={post.authorName ?? ''} color="initials" />
                <Text size="sm" c="dimmed">
                  {post.authorName ?? t('posts.unknownAuthor')} · {dayjs(post.time).format('LLL')}
                </Text>
                {post.tags?.map((tag) => (
                  <Badge key={tag} variant="outline" color="gray" size="sm">
                    {tag}
                  </Badge>
                ))}
              </Group>
              <Markdown source={post.content} />
            </Stack>
          </article>
        )}
      </Stack>
    </Container>
  );
}
