import { Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';
import { usePosts } from '../api/get-posts';
import { NEW_POST_ID } from '../api/keys';
import { searchPosts } from '../lib/post-search';
import { PostList } from './post-list';
import { useIsAdmin } from './use-is-admin';

export default function PostsPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.posts'));
  const { data, error } = usePosts();
  const isAdmin = useIsAdmin();
  const [search, setSearch] = useState('');
  const shown = data && searchPosts(data, search);
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
        {data && data.length > 0 && (
          <TextInput
            aria-label={t('posts.search')}
            placeholder={t('posts.search')}
            leftSection={<IconSearch size={16} />}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
        )}
        {shown && shown.length === 0 && data && data.length > 0 ? (
          <Text c="dimmed">{t('posts.noMatch', { search: search.trim() })}</Text>
        ) : (
          <PostList posts={shown} error={error} />
        )}
      </Stack>
    </Container>
  );
}
