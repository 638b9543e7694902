import type { Division } from '@flagpole/contract';
import { ActionIcon, Badge, Card, CopyButton, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { divisionFlags, hasFlag, missingChallengeFlags } from '../../division-form';

/** A division at a glance: name, code, how its teams join and rank, what they may not do, its overrides. */
export function DivisionCard({
  division,
  onEdit,
  onDelete,
}: {
  division: Division;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const mask = division.defaultPermissions;
  const flags = new Set(divisionFlags(mask));
  const missing = missingChallengeFlags(mask);
  return (
    <Card withBorder p="md" component="article" aria-label={division.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {division.name}
          </Title>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('adminGames.divisions.edit', { name: division.name })} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={t('adminGames.divisions.edit', { name: division.name })}
                onClick={onEdit}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('adminGames.divisions.delete', { name: division.name })} withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('adminGames.divisions.delete', { name: division.name })}
                onClick={onDelete}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Group gap={6}>
          <Badge variant="light" color={flags.has('JoinGame') ? 'teal' : 'gray'}>
            {t(flags.has('JoinGame') ? 'adminGames.divisions.badge.joinable' : 'adminGames.divisions.badge.assigned')}
          </Badge>
          <Badge variant="light" color={flags.has('RankOverall') ? 'blue' : 'gray'}>
            {t(flags.has('RankOverall') ? 'adminGames.divisions.badge.ranked' : 'adminGames.divisions.badge.unranked')}
          </Badge>
          {flags.has('RequireReview') && (
            <Badge variant="light" color="yellow">
              {t('adminGames.divisions.badge.review')}
            </Badge>
          )}
        </Group>
        {division.inviteCode ? (
          <Group gap={4} wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('adminGames.divisions.inviteCode')}:
            </Text>
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {division.inviteCode}
            </Text>
            <CopyButton value={division.inviteCode}>
              {({ copied, copy }) => (
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={t('adminGames.divisions.copyCode')}
                >
                  {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                </ActionIcon>
              )}
            </CopyButton>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('adminGames.divisions.noCode')}
          </Text>
        )}
        <Text size="sm">
          {missing.length === 0
            ? t('adminGames.divisions.summary.everything')
            : t('adminGames.divisions.summary.without', {
                list: missing.map((name) => t(`adminGames.divisions.permission.${name}.short`)).join(', '),
              })}
        </Text>
        {division.challengeConfigs.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('adminGames.divisions.summary.overrides', { count: division.challengeConfigs.length })}
          </Text>
        )}
        {!hasFlag(mask, 'ViewChallenge') && division.challengeConfigs.length === 0 && (
          <Text size="sm" c="orange">
            {t('adminGames.divisions.summary.seesNothing')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
