import type { Division, ParticipationInfoModel } from '@flagpole/contract';
import { Avatar, Badge, Button, Card, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCrown, IconPlayerPause, IconRefresh, IconSitemap, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useUpdateParticipation } from '../../api/update-participation';
import { type ReviewAction, reviewActions, STATUS_COLORS } from '../../participation';

const ACTION_STYLE: Record<ReviewAction, { color: string; icon: typeof IconCheck }> = {
  accept: { color: 'teal', icon: IconCheck },
  reject: { color: 'red', icon: IconX },
  suspend: { color: 'orange', icon: IconPlayerPause },
  reaccept: { color: 'teal', icon: IconRefresh },
};

function Members({ participation }: { participation: ParticipationInfoModel }) {
  const { t } = useTranslation();
  const registered = new Set(participation.registeredMembers);
  return (
    <Table.ScrollContainer minWidth={480}>
      {/* Fixed columns: every team's table lines up with the others, whatever its members' names. */}
      <Table verticalSpacing={4} fz="sm" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="30%">{t('adminGames.review.userName')}</Table.Th>
            <Table.Th w="20%">{t('adminGames.review.realName')}</Table.Th>
            <Table.Th w="20%">{t('adminGames.review.stdNumber')}</Table.Th>
            <Table.Th w="30%">{t('adminGames.review.email')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {participation.team.members.map((member) => (
            <Table.Tr key={member.userId} opacity={registered.has(member.userId) ? 1 : 0.55}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {member.userName}
                  </Text>
                  {member.userId === participation.team.captainId && (
                    <Tooltip label={t('adminGames.review.captain')} withArrow>
                      <IconCrown
                        size={14}
                        color="var(--mantine-color-yellow-5)"
                        aria-label={t('adminGames.review.captain')}
                      />
                    </Tooltip>
                  )}
                  {!registered.has(member.userId) && (
                    <Badge size="xs" variant="outline" color="gray">
                      {t('adminGames.review.notRegistered')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{member.realName || '—'}</Table.Td>
              {/* The dash for "none" in the text font, like the other columns, not the code font. */}
              <Table.Td ff={member.stdNumber ? 'monospace' : undefined}>{member.stdNumber || '—'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.email || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The entry's division, changed on the spot; a Rejected entry has none (it chooses again when it re-applies). */
function DivisionControl({
  gameId,
  participation,
  divisions,
  teamName,
}: {
  gameId: number;
  participation: ParticipationInfoModel;
  divisions: readonly Division[];
  teamName: string;
}) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useUpdateParticipation());
  const NONE = 'none';
  const change = async (value: string | null) => {
    const divisionId = value === null || value === NONE ? null : Number(value);
    if (divisionId === participation.divisionId) return;
    try {
      await trigger(gameId, participation, participation.status, divisionId);
      const division = divisions.find((item) => item.id === divisionId);
      showSuccess(
        division
          ? t('adminGames.review.divisionMoved', { team: teamName, division: division.name })
          : t('adminGames.review.divisionCleared', { team: teamName }),
      );
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Select
      size="xs"
      w={{ base: '100%', xs: 220 }}
      leftSection={<IconSitemap size={14} />}
      label={t('adminGames.review.division')}
      data={[
        { value: NONE, label: t('adminGames.review.noDivision') },
        ...divisions.map((division) => ({ value: String(division.id), label: division.name })),
      ]}
      value={participation.divisionId === null ? NONE : String(participation.divisionId)}
      onChange={(value) => void change(value)}
      allowDeselect={false}
      disabled={isMutating || participation.status === 'Rejected'}
      aria-label={t('adminGames.review.divisionFor', { team: teamName })}
    />
  );
}

export function ParticipationCard({
  gameId,
  participation,
  divisions,
}: {
  gameId: number;
  participation: ParticipationInfoModel;
  /** The game's divisions; empty: the game has none, and no division is shown. */
  divisions: readonly Division[];
}) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useUpdateParticipation());
  const team = participation.team;
  const name = team.name ?? t('adminGames.review.unnamedTeam');
  const division = divisions.find((item) => item.id === participation.divisionId);

  const act = async (action: ReviewAction) => {
    const transition = reviewActions(participation.status).find((item) => item.action === action);
    if (!transition) return;
    try {
      await trigger(gameId, participation, transition.to);
      showSuccess(t(`adminGames.review.done.${action}`, { team: name }));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Card withBorder p="md" component="article" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Group wrap="nowrap" miw={0}>
            <Avatar src={team.avatar} radius="md" size={44} name={name} color="initials" alt="" />
            <Stack gap={2} miw={0}>
              <Group gap="xs">
                <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
                <Badge color={STATUS_COLORS[participation.status]} variant="light">
                  {t(`adminGames.status.${participation.status}`)}
                </Badge>
                {division && (
                  <Badge color="grape" variant="outline" leftSection={<IconSitemap size={12} />}>
                    {division.name}
                  </Badge>
                )}
              </Group>
              {team.bio && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {team.bio}
                </Text>
              )}
            </Stack>
          </Group>
          <Group gap="xs">
            {reviewActions(participation.status).map(({ action }) => {
              const style = ACTION_STYLE[action];
              return (
                <Button
                  key={action}
                  size="xs"
                  variant="light"
                  color={style.color}
                  leftSection={<style.icon size={14} />}
                  loading={isMutating}
                  onClick={() => void act(action)}
                  aria-label={t(`adminGames.review.actionFor.${action}`, { team: name })}
                >
                  {t(`adminGames.review.action.${action}`)}
                </Button>
              );
            })}
          </Group>
        </Group>
        {divisions.length > 0 && (
          <DivisionControl gameId={gameId} participation={participation} divisions={divisions} teamName={name} />
        )}
        <Members participation={participation} />
      </Stack>
    </Card>
  );
}
