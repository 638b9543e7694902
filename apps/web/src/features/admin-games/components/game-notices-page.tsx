import { type GameNotice, gameLimits } from '@flagpole/contract';
import { ActionIcon, Button, Card, Center, Group, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconSearch, IconSend, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '@/components/markdown';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useAddNotice } from '../api/add-notice';
import { useDeleteNotice } from '../api/delete-notice';
import { useEditNotices } from '../api/get-notices';
import { useUpdateNotice } from '../api/update-notice';
import { GameHeader } from './game-header';
import { LoadState } from './load-state';
import { MarkdownEditor } from './markdown-editor';
import { useRouteIds } from './use-route-ids';

/** The notices to show: newest first, those whose text contains the search (any case); all for a blank search. */
export function shownNotices(notices: readonly GameNotice[], search: string): GameNotice[] {
  const needle = search.trim().toLowerCase();
  return notices
    .filter((notice) => !needle || notice.values.some((value) => value.toLowerCase().includes(needle)))
    .sort((a, b) => b.time - a.time || b.id - a.id);
}

function NoticeComposer({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useAddNotice());
  const [content, setContent] = useState('');

  const post = async () => {
    if (!content.trim()) return;
    try {
      await trigger(gameId, content.trim());
      setContent('');
      showSuccess(t('adminGames.notices.posted'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Card withBorder p="lg">
      <Stack gap="sm">
        <MarkdownEditor
          label={t('adminGames.notices.field')}
          description={t('adminGames.notices.fieldHint')}
          value={content}
          onChange={setContent}
          maxLength={gameLimits.notice.max}
          minRows={3}
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconSend size={16} />}
            onClick={() => void post()}
            loading={isMutating}
            disabled={!content.trim()}
          >
            {t('adminGames.notices.post')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function EditNoticeForm({ gameId, notice, onDone }: { gameId: number; notice: GameNotice; onDone: () => void }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useUpdateNotice());
  const [content, setContent] = useState(notice.values[0] ?? '');
  const save = async () => {
    try {
      await trigger(gameId, notice.id, content.trim());
      showSuccess(t('adminGames.notices.saved'));
      onDone();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Stack gap="sm">
      <Textarea
        label={t('adminGames.notices.editField')}
        value={content}
        onChange={(event) => setContent(event.currentTarget.value)}
        autosize
        minRows={3}
        maxLength={gameLimits.notice.max}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void save()} loading={isMutating} disabled={!content.trim()}>
          {t('adminGames.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function NoticeCard({ gameId, notice }: { gameId: number; notice: GameNotice }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const deleteNotice = useDeleteNotice();

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('adminGames.notices.deleteTitle'),
      children: <Text size="sm">{t('adminGames.notices.deleteConfirm')}</Text>,
      labels: { confirm: t('adminGames.notices.deleteSubmit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        deleteNotice(gameId, notice.id).then(() => showSuccess(t('adminGames.notices.deleted')), showError);
      },
    });

  return (
    <Card withBorder p="md" component="article">
      {editing ? (
        <EditNoticeForm gameId={gameId} notice={notice} onDone={() => setEditing(false)} />
      ) : (
        <Group align="flex-start" wrap="nowrap" justify="space-between">
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Text size="xs" c="dimmed">
              {dayjs(notice.time).format('YYYY-MM-DD HH:mm:ss')}
            </Text>
            <Markdown source={notice.values[0] ?? ''} />
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('adminGames.notices.edit')} withArrow>
              <ActionIcon variant="subtle" aria-label={t('adminGames.notices.edit')} onClick={() => setEditing(true)}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('adminGames.notices.delete')} withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('adminGames.notices.delete')}
                onClick={confirmDelete}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      )}
    </Card>
  );
}

export function GameNoticesPage() {
  const { t } = useTranslation();
  const { gameId } = useRouteIds();
  const { notices, error } = useEditNotices(gameId);
  const [search, setSearch] = useState('');
  return (
    <Stack gap="md">
      <GameHeader gameId={gameId} page={t('adminGames.tabs.notices')} />
      <NoticeComposer gameId={gameId} />
      {notices && notices.length > 0 && (
        <TextInput
          type="search"
          leftSection={<IconSearch size={16} />}
          label={t('adminGames.notices.search')}
          value={search}
          maxLength={128}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}
      <LoadState data={notices} error={error}>
        {(list) => {
          const shown = shownNotices(list, search);
          return shown.length === 0 ? (
            <Center py="lg">
              <Text c="dimmed">{list.length === 0 ? t('adminGames.notices.empty') : t('adminSite.list.noMatch')}</Text>
            </Center>
          ) : (
            <Stack gap="sm">
              {shown.map((notice) => (
                <NoticeCard key={notice.id} gameId={gameId} notice={notice} />
              ))}
            </Stack>
          );
        }}
      </LoadState>
    </Stack>
  );
}
