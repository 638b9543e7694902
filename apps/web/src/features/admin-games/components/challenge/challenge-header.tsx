import type { ChallengeEditDetailModel } from '@flagpole/contract';
import { Anchor, Badge, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconFlag, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LinkTabs } from '@/components/link-tabs';

/** Back link to the challenge list, the challenge title and its two sub-pages. */
export function ChallengeHeader({
  gameId,
  challenge,
}: {
  gameId: number;
  challenge: ChallengeEditDetailModel | undefined;
}) {
  const { t } = useTranslation();
  const path = useLocation().pathname.toLowerCase();
  const list = `/admin/games/${gameId}/challenges`;
  const base = challenge ? `${list}/${challenge.id}` : list;
  const tabs = [
    { to: base, label: t('adminGames.challenge.settingsTab'), icon: IconSettings, active: !path.endsWith('/flags') },
    { to: `${base}/flags`, label: t('adminGames.challenge.flagsTab'), icon: IconFlag, active: path.endsWith('/flags') },
  ];
  return (
    <Stack gap="xs">
      <Anchor component={Link} to={list} size="sm" c="dimmed">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t('adminGames.challenge.back')}
        </Group>
      </Anchor>
      {challenge && (
        <Group gap="xs">
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {challenge.title}
          </Title>
          <Badge variant="light">{t(`adminGames.type.${challenge.type}`)}</Badge>
          <Badge variant="light" color={challenge.isEnabled ? 'teal' : 'gray'}>
            {challenge.isEnabled ? t('adminGames.challenges.on') : t('adminGames.challenges.off')}
          </Badge>
          <Badge variant="outline" color="gray">
            {t('adminGames.challenge.solves', { count: challenge.acceptedCount })}
          </Badge>
        </Group>
      )}
      <LinkTabs tabs={tabs} label={t('adminGames.challenge.tabsLabel')} />
    </Stack>
  );
}
