import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';
import { usePosts } from '../api/get-posts';
import { NEW_POST_ID } from '../api/keys';
import { PostList } from './post-list';
import { useIsAdmin } from './use-is-admin';

export default function PostsPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.posts'));
  const { data, error } = usePosts();
  const isAdmin = useIsAdmin();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{t('posts.allTitle')}</Title>
            <Text c="dimmed">{t('posts.allDescription')}</Text>
          </div>
          {isAdmin && (
            <Button component={Link} to={`/posts/${NEW_POST_ID}/edit`} leftSection={<IconPlus size={16} />}>
              {t('postEdit.newButton')}
            </Button>
          )}
        </Group>
        <PostList posts={data} error={error} />
      </Stack>
    </Container>
  );
}
