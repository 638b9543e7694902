import { postLimits } from '@flagpole/contract';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconArrowLeft, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { MarkdownEditor } from '@/features/admin-games/components/markdown-editor';
import { NotFoundPage } from '@/features/errors/components/not-found-page';
import { ApiError } from '@/lib/http';
import { errorText, showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { usePageTitle } from '@/lib/use-page-title';
import { useCreatePost, useDeletePost, useSetPostPinned, useUpdatePost } from '../api/edit-post';
import { usePost } from '../api/get-post';
import { isPostId, NEW_POST_ID } from '../api/keys';
import {
  emptyPost,
  type PostFieldProblem,
  type PostFormValues,
  postFormProblems,
  postFormValues,
  toPostText,
} from '../lib/post-form';

function problemText(t: TFunction, problem: PostFieldProblem): string {
  switch (problem.problem) {
    case 'required':
      return t('postEdit.problems.titleRequired');
    case 'tooLong':
      return t('postEdit.problems.tooLong', {
        count: problem.field === 'title' ? postLimits.title.max : postLimits[problem.field].max,
      });
    case 'tooMany':
      return t('postEdit.problems.tooManyTags', { count: postLimits.tags });
    case 'tagTooLong':
      return t('postEdit.problems.tagTooLong', { count: postLimits.tag.max });
  }
}

function DeleteButton({ postId, title }: { postId: string; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { trigger, isMutating } = useMutation(useDeletePost());
  const confirm = () =>
    modals.openConfirmModal({
      title: t('postEdit.delete.title'),
      children: <Text size="sm">{t('postEdit.delete.text', { title })}</Text>,
      labels: { confirm: t('postEdit.delete.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await trigger(postId);
          showSuccess(t('postEdit.delete.done'));
          navigate('/posts');
        } catch (error) {
          showError(error);
        }
      },
    });
  return (
    <Button variant="light" color="red" leftSection={<IconTrash size={16} />} loading={isMutating} onClick={confirm}>
      {t('postEdit.delete.button')}
    </Button>
  );
}

function PostForm({ postId, initial }: { postId: string | null; initial: PostFormValues }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePost();
  const update = useUpdatePost();
  const setPinned = useSetPostPinned();
  const form = useForm<PostFormValues>({
    initialValues: initial,
    validate: (values) =>
      Object.fromEntries(postFormProblems(values).map((problem) => [problem.field, problemText(t, problem)])),
  });
  const { trigger, isMutating } = useMutation(async (values: PostFormValues) => {
    if (postId === null) return create({ ...toPostText(values), isPinned: values.isPinned });
    await update(postId, toPostText(values));
    if (values.isPinned !== initial.isPinned) await setPinned(postId, values.isPinned);
    return postId;
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const id = await trigger(values);
      showSuccess(postId === null ? t('postEdit.created') : t('postEdit.saved'));
      navigate(`/posts/${id}`);
    } catch (error) {
      showError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <TextInput
            label={t('postEdit.fields.title')}
            required
            maxLength={postLimits.title.max}
            {...form.getInputProps('title')}
          />
          <Textarea
            label={t('postEdit.fields.summary')}
            description={t('postEdit.fields.summaryHint')}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={postLimits.summary.max}
            {...form.getInputProps('summary')}
          />
          <MarkdownEditor
            label={t('postEdit.fields.content')}
            description={t('postEdit.fields.contentHint')}
            value={form.values.content}
            onChange={(value) => form.setFieldValue('content', value)}
            error={form.errors.content}
            maxLength={postLimits.content.max}
            minRows={12}
          />
          <TagsInput
            label={t('postEdit.fields.tags')}
            description={t('postEdit.fields.tagsHint', { count: postLimits.tags })}
            maxTags={postLimits.tags}
            clearable
            {...form.getInputProps('tags')}
          />
          <Switch
            label={t('postEdit.fields.pinned')}
            description={t('postEdit.fields.pinnedHint')}
            {...form.getInputProps('isPinned', { type: 'checkbox' })}
          />
          <Group justify="space-between">
            {postId !== null ? <DeleteButton postId={postId} title={initial.title} /> : <span />}
            <Group gap="sm">
              <Button component={Link} to={postId ? `/posts/${postId}` : '/posts'} variant="default">
                {t('common.cancel')}
              </Button>
              <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={isMutating}>
                {postId === null ? t('postEdit.publish') : t('common.save')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}

function ExistingPost({ postId }: { postId: string }) {
  const { t } = useTranslation();
  const { data: post, error } = usePost(postId);
  // The form starts from the post as first loaded; a later refresh must not overwrite what is being typed.
  const initial = useRef<PostFormValues | null>(null);
  if (post && !initial.current) initial.current = postFormValues(post);

  if (error instanceof ApiError && error.httpStatus === 404) return <NotFoundPage />;
  if (!initial.current) {
    return error ? (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('posts.loadFailed')}>
        {errorText(error)}
      </Alert>
    ) : (
      <Stack>
        <Skeleton h={40} />
        <Skeleton h={80} />
        <Skeleton h={300} />
      </Stack>
    );
  }
  return <PostForm postId={postId} initial={initial.current} />;
}

export default function PostEditPage() {
  const { t } = useTranslation();
  const { postId } = useParams();
  const isNew = postId?.toLowerCase() === NEW_POST_ID;
  usePageTitle(isNew ? t('postEdit.newTitle') : t('postEdit.editTitle'));
  if (!isNew && !isPostId(postId)) return <NotFoundPage />;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={isNew ? '/posts' : `/posts/${postId}`} size="sm" c="dimmed">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} />
            {isNew ? t('posts.backToAll') : t('postEdit.backToPost')}
          </Group>
        </Anchor>
        <Title order={1}>{isNew ? t('postEdit.newTitle') : t('postEdit.editTitle')}</Title>
        {isNew ? <PostForm postId={null} initial={emptyPost} /> : <ExistingPost key={postId} postId={postId} />}
      </Stack>
    </Container>
  );
}
