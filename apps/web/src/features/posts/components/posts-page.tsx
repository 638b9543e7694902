import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title';
import { usePosts } from '../api/get-posts';
import { PostList } from './post-list';

export default function PostsPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.posts'));
  const { data, error } = usePosts();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('posts.allTitle')}</Title>
          <Text c="dimmed">{t('posts.allDescription')}</Text>
        </div>
        <PostList posts={data} error={error} />
      </Stack>
    </Container>
  );
}
