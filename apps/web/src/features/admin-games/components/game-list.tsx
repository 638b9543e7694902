import type { GameInfoModel } from '@flagpole/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Image,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gamePhase } from '../datetime';

const PHASE_COLORS = { upcoming: 'blue', running: 'teal', ended: 'gray' } as const;

function PhaseBadge({ game }: { game: GameInfoModel }) {
  const { t } = useTranslation();
  const phase = gamePhase(game.start, game.end, Date.now());
  return (
    <Badge color={PHASE_COLORS[phase]} variant="light">
      {t(`adminGames.phase.${phase}`)}
    </Badge>
  );
}

function Poster({ game, size }: { game: GameInfoModel; size: number }) {
  if (game.poster) return <Image src={game.poster} w={size * 1.6} h={size} radius="sm" alt="" fit="cover" />;
  return (
    <Center w={size * 1.6} h={size} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }}>
      <IconPhoto size={size / 2} stroke={1.4} opacity={0.5} />
    </Center>
  );
}

const formatTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

function DeleteButton({ game, onDelete }: { game: GameInfoModel; onDelete: (game: GameInfoModel) => void }) {
  const { t } = useTranslation();
  const label = t('adminGames.list.delete', { title: game.title });
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color="red" aria-label={label} onClick={() => onDelete(game)}>
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

interface ListProps {
  games: GameInfoModel[];
  onDelete: (game: GameInfoModel) => void;
}

/** Wide screens: a table. */
export function GameTable({ games, onDelete }: ListProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720} visibleFrom="sm">
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>{t('adminGames.list.poster')}</Table.Th>
            <Table.Th>{t('adminGames.fields.title')}</Table.Th>
            <Table.Th>{t('adminGames.list.schedule')}</Table.Th>
            <Table.Th>{t('adminGames.list.status')}</Table.Th>
            <Table.Th w={150}>
              <VisuallyHidden>{t('adminGames.list.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {games.map((game) => (
            <Table.Tr key={game.id}>
              <Table.Td>
                <Poster game={game} size={40} />
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text fw={600} component={Link} to={`/admin/games/${game.id}/info`}>
                    {game.title}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {game.summary}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {formatTime(game.start)}
                </Text>
                <Text size="sm" ff="monospace">
                  {formatTime(game.end)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <PhaseBadge game={game} />
                  {game.hidden && <Badge variant="outline">{t('adminGames.hidden')}</Badge>}
                  {game.practiceMode && <Badge variant="outline">{t('adminGames.practice')}</Badge>}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    component={Link}
                    to={`/admin/games/${game.id}/info`}
                    leftSection={<IconPencil size={14} />}
                    aria-label={t('adminGames.list.open', { title: game.title })}
                  >
                    {t('adminGames.list.openShort')}
                  </Button>
                  <DeleteButton game={game} onDelete={onDelete} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per game. */
export function GameCards({ games, onDelete }: ListProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" hiddenFrom="sm">
      {games.map((game) => (
        <Card key={game.id} withBorder p="sm">
          <Group wrap="nowrap" align="flex-start">
            <Poster game={game} size={44} />
            <Stack gap={4} miw={0} style={{ flex: 1 }}>
              <Text fw={600} component={Link} to={`/admin/games/${game.id}/info`} style={{ overflowWrap: 'anywhere' }}>
                {game.title}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {formatTime(game.start)} → {formatTime(game.end)}
              </Text>
              <Group gap={4}>
                <PhaseBadge game={game} />
                {game.hidden && <Badge variant="outline">{t('adminGames.hidden')}</Badge>}
              </Group>
            </Stack>
            <DeleteButton game={game} onDelete={onDelete} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
