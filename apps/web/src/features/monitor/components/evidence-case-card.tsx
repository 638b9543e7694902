import type { EvidenceCase, EvidenceSignal } from '@flagpole/contract';
import { Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconEyeOff } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { signalTimes, sortSignals, strengthColor, strengthPercent, teamsLabel } from '../lib/evidence-cases';
import { EvidenceTeamActions } from './evidence-team-actions';
import classes from './feed.module.css';
import { TimeCell } from './time-cell';

/** What a signal means in words; `detail` is the shared value (answer, address, browser) or the rule's count. */
function signalText(t: TFunction, signal: EvidenceSignal): string {
  switch (signal.kind) {
    case 'WrongTeamFlag':
      return t('monitor.evidence.details.WrongTeamFlag');
    case 'SolveBeforeAccess':
      return signal.detail === 'never'
        ? t('monitor.evidence.details.SolveBeforeAccessNever')
        : t('monitor.evidence.details.SolveBeforeAccess');
    case 'SameWrongAnswer':
      return t('monitor.evidence.details.SameWrongAnswer');
    case 'SharedAddress':
      return t('monitor.evidence.details.SharedAddress');
    case 'SharedFingerprint':
      return t('monitor.evidence.details.SharedFingerprint');
    case 'CloseSolveSequence':
      return t('monitor.evidence.details.CloseSolveSequence', { count: Number(signal.detail) || 0 });
  }
}

/** The shared value worth showing verbatim (the answer, the address, the browser); none for the others. */
const SHOWS_VALUE = new Set<EvidenceSignal['kind']>([
  'WrongTeamFlag',
  'SameWrongAnswer',
  'SharedAddress',
  'SharedFingerprint',
]);

function StrengthBadge({ strength }: { strength: number }) {
  const { t } = useTranslation();
  const percent = strengthPercent(strength);
  return (
    <Badge color={strengthColor(strength)} variant="filled" size="lg" style={{ flexShrink: 0 }}>
      {t('monitor.evidence.strength', { percent })}
    </Badge>
  );
}

function SignalRow({ signal }: { signal: EvidenceSignal }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} component="li">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Badge variant="light" color={strengthColor(signal.strength)}>
            {t(`monitor.evidence.kinds.${signal.kind}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('monitor.evidence.strength', { percent: strengthPercent(signal.strength) })}
          </Text>
          {signal.challenge && (
            <Text size="sm" fw={600}>
              {signal.challenge}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          {signalTimes(signal).map((time) => (
            <TimeCell key={time} time={time} />
          ))}
        </Group>
      </Group>
      <Text size="sm">{signalText(t, signal)}</Text>
      {SHOWS_VALUE.has(signal.kind) && signal.detail && <span className={classes.answer}>{signal.detail}</span>}
    </Stack>
  );
}

interface EvidenceCaseCardProps {
  gameId: number;
  evidence: EvidenceCase;
  solo: boolean;
  canPunish: boolean;
  setDismissed: (key: string, dismissed: boolean) => Promise<unknown>;
  reread: () => unknown;
}

/** One suspicious pair (or one team alone): its strength, its signals with their times, and what can be done. */
export function EvidenceCaseCard({ gameId, evidence, solo, canPunish, setDismissed, reread }: EvidenceCaseCardProps) {
  const { t } = useTranslation();
  const dismiss = useMutation(() => setDismissed(evidence.key, !evidence.dismissed));
  const toggle = () =>
    dismiss
      .trigger()
      .then(() =>
        showSuccess(evidence.dismissed ? t('monitor.evidence.restored') : t('monitor.evidence.dismissedDone')),
      )
      .catch(showError);
  const percent = strengthPercent(evidence.strength);
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      aria-label={teamsLabel(evidence)}
      style={evidence.dismissed ? { opacity: 0.6 } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {teamsLabel(evidence) || t('monitor.evidence.unknownTeams')}
            </Title>
            <Group gap={6}>
              {evidence.teams.map((team) => (
                <Badge
                  key={team.participationId}
                  size="xs"
                  variant="outline"
                  color={team.status === 'Accepted' ? 'gray' : 'orange'}
                >
                  {team.name}: {t(`monitor.participation.${team.status}`)}
                </Badge>
              ))}
              {evidence.teams.length === 1 && (
                <Text size="xs" c="dimmed">
                  {solo ? t('monitor.evidence.alonePlayer') : t('monitor.evidence.aloneTeam')}
                </Text>
              )}
            </Group>
          </Stack>
          <StrengthBadge strength={evidence.strength} />
        </Group>
        <Progress
          value={percent}
          color={strengthColor(evidence.strength)}
          size="sm"
          aria-label={t('monitor.evidence.strength', { percent })}
        />
        <Text size="xs" c="dimmed">
          {t('monitor.evidence.signals', { count: evidence.signals.length })}
        </Text>
        <Stack gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {sortSignals(evidence.signals).map((signal) => (
            <SignalRow
              key={`${signal.kind}-${signal.challengeId}-${signal.detail}-${signal.times.join(',')}`}
              signal={signal}
            />
          ))}
        </Stack>
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            {canPunish &&
              !evidence.dismissed &&
              evidence.teams.map((team) => (
                <EvidenceTeamActions
                  key={team.participationId}
                  gameId={gameId}
                  team={team}
                  caseKey={evidence.key}
                  solo={solo}
                  onDone={reread}
                />
              ))}
          </Group>
          <Button
            size="xs"
            variant="default"
            loading={dismiss.isMutating}
            leftSection={evidence.dismissed ? <IconArrowBackUp size={14} /> : <IconEyeOff size={14} />}
            onClick={toggle}
          >
            {evidence.dismissed ? t('monitor.evidence.restore') : t('monitor.evidence.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
