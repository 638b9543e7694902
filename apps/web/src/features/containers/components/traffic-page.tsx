import type { ChallengeTrafficModel, FileRecord, TeamTrafficModel } from '@flagpole/contract';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  NavLink,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconFile, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { CATEGORY_STYLES } from '@/features/games/components/categories';
import { formatFileSize } from '@/features/games/lib/file-size';
import { FeedState } from '@/features/monitor/components/feed-state';
import { WithGameId } from '@/features/monitor/components/monitor-route';
import { MonitorShell } from '@/features/monitor/components/monitor-shell';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import {
  deleteAllCaptures,
  deleteCapture,
  downloadAllCaptures,
  downloadCapture,
  useCaptureChallenges,
  useCaptureFiles,
  useCaptureTeams,
} from '../api/captures';
import { containerKeys } from '../api/keys';

function Column({
  title,
  count,
  actions,
  children,
}: {
  title: string;
  count?: number;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder p="sm" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Title order={2} size="h5">
            {title}
          </Title>
          {count !== undefined && (
            <Badge size="sm" variant="light" color="gray">
              {count}
            </Badge>
          )}
        </Group>
        {actions}
      </Group>
      <ScrollArea.Autosize mah={560} type="auto" scrollbars="y" offsetScrollbars="y">
        {children}
      </ScrollArea.Autosize>
    </Card>
  );
}

function ChallengeList({
  challenges,
  selected,
  onSelect,
}: {
  challenges: ChallengeTrafficModel[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      {challenges.map((challenge) => {
        const style = CATEGORY_STYLES[challenge.category];
        return (
          <NavLink
            key={challenge.id}
            active={challenge.id === selected}
            onClick={() => onSelect(challenge.id)}
            label={challenge.title}
            description={t('containers.traffic.teamCount', { count: challenge.count })}
            leftSection={
              <ThemeIcon color={style.color} variant="light" size="md" aria-hidden>
                <style.icon size={16} />
              </ThemeIcon>
            }
            rightSection={
              !challenge.isEnabled && (
                <Badge size="xs" color="gray" variant="outline">
                  {t('containers.traffic.disabled')}
                </Badge>
              )
            }
            variant="light"
          />
        );
      })}
    </Stack>
  );
}

function TeamList({
  teams,
  selected,
  onSelect,
}: {
  teams: TeamTrafficModel[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      {teams.map((team) => (
        <NavLink
          key={team.id}
          active={team.id === selected}
          onClick={() => onSelect(team.id)}
          label={team.name ?? `#${team.teamId}`}
          description={
            team.division
              ? `${team.division} · ${t('containers.traffic.fileCount', { count: team.count })}`
              : t('containers.traffic.fileCount', { count: team.count })
          }
          leftSection={<Avatar src={team.avatar} size={28} name={team.name ?? ''} color="initials" alt="" />}
          variant="light"
        />
      ))}
    </Stack>
  );
}

function FileList({
  files,
  onDownload,
  onDelete,
}: {
  files: FileRecord[];
  onDownload: (file: FileRecord) => void;
  onDelete: (file: FileRecord) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      {files.map((file) => (
        <Group key={file.fileName} gap="xs" wrap="nowrap" px={4} py={6}>
          <IconFile size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" ff="monospace" truncate>
              {file.fileName}
            </Text>
            <Text size="xs" c="dimmed">
              {formatFileSize(file.size)} · {dayjs(file.updateTime).format('YYYY-MM-DD HH:mm:ss')}
            </Text>
          </Stack>
          <Tooltip label={t('containers.traffic.download')}>
            <ActionIcon
              variant="subtle"
              onClick={() => onDownload(file)}
              aria-label={t('containers.traffic.downloadNamed', { file: file.fileName })}
            >
              <IconDownload size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('containers.traffic.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDelete(file)}
              aria-label={t('containers.traffic.deleteNamed', { file: file.fileName })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
    </Stack>
  );
}

function TrafficBrowser({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const challenges = useCaptureChallenges(gameId);
  const [challengeId, setChallengeId] = useState<number | null>(null);
  const [partId, setPartId] = useState<number | null>(null);
  const teams = useCaptureTeams(challengeId);
  const files = useCaptureFiles(challengeId, partId);

  // A team selection belongs to the challenge it was made under.
  const selectChallenge = (id: number) => {
    setChallengeId(id);
    setPartId(null);
  };

  const refresh = async () => {
    await mutate(containerKeys.captureChallenges(gameId));
    if (challengeId !== null) await mutate(containerKeys.captureTeams(challengeId));
    if (challengeId !== null && partId !== null) await mutate(containerKeys.captureFiles(challengeId, partId));
  };

  const download = useMutation(async (file: FileRecord | null) => {
    if (challengeId === null || partId === null) return;
    try {
      if (file) await downloadCapture(challengeId, partId, file.fileName);
      else await downloadAllCaptures(challengeId, partId);
    } catch (error) {
      showError(error);
    }
  });

  const confirmDelete = (file: FileRecord | null) => {
    if (challengeId === null || partId === null) return;
    modals.openConfirmModal({
      title: t('containers.traffic.deleteTitle'),
      children: (
        <Text size="sm">
          {file
            ? t('containers.traffic.deleteConfirm', { file: file.fileName })
            : t('containers.traffic.deleteAllConfirm')}
        </Text>
      ),
      labels: { confirm: t('containers.traffic.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          if (file) await deleteCapture(challengeId, partId, file.fileName);
          else await deleteAllCaptures(challengeId, partId);
          showSuccess(t('containers.traffic.deleted'));
        } catch (error) {
          showError(error);
        } finally {
          await refresh();
        }
      },
    });
  };

  const fileList = files.data ?? [];
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Column title={t('containers.traffic.challenges')} count={challenges.data?.length}>
        {challenges.data && challenges.data.length > 0 ? (
          <ChallengeList challenges={challenges.data} selected={challengeId} onSelect={selectChallenge} />
        ) : (
          <FeedState
            error={challenges.error}
            loading={!challenges.data}
            emptyText={t('containers.traffic.noChallenges')}
          />
        )}
      </Column>
      <Column title={t('containers.traffic.teams')} count={teams.data?.length}>
        {challengeId === null ? (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            {t('containers.traffic.pickChallenge')}
          </Text>
        ) : teams.data && teams.data.length > 0 ? (
          <TeamList teams={teams.data} selected={partId} onSelect={setPartId} />
        ) : (
          <FeedState error={teams.error} loading={!teams.data} emptyText={t('containers.traffic.noTeams')} />
        )}
      </Column>
      <Column
        title={t('containers.traffic.files')}
        count={files.data?.length}
        actions={
          partId !== null &&
          fileList.length > 0 && (
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconDownload size={12} />}
                loading={download.isMutating}
                onClick={() => void download.trigger(null)}
              >
                {t('containers.traffic.downloadAll')}
              </Button>
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={12} />}
                onClick={() => confirmDelete(null)}
              >
                {t('containers.traffic.deleteAll')}
              </Button>
            </Group>
          )
        }
      >
        {partId === null ? (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            {t('containers.traffic.pickTeam')}
          </Text>
        ) : fileList.length > 0 ? (
          <FileList files={fileList} onDownload={(file) => void download.trigger(file)} onDelete={confirmDelete} />
        ) : (
          <FeedState error={files.error} loading={!files.data} emptyText={t('containers.traffic.noFiles')} />
        )}
      </Column>
    </SimpleGrid>
  );
}

/** Monitor page: captured proxy traffic by challenge, then team, then capture file. */
export default function TrafficPage() {
  return (
    <WithGameId>
      {(gameId) => (
        <MonitorShell gameId={gameId} active="traffic">
          <TrafficBrowser gameId={gameId} />
        </MonitorShell>
      )}
    </WithGameId>
  );
}
