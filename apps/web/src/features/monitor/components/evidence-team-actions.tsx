import { type EvidenceTeam, hintLimits } from '@flagpole/contract';
import { Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan, IconMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGiveAward } from '@/features/admin-games/api/awards';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useSetParticipationStatus } from '../api/set-participation-status';

interface TeamActionProps {
  gameId: number;
  team: EvidenceTeam;
  caseKey: string;
  solo: boolean;
  /** Rereads the cases, whose team status has changed. */
  onDone: () => unknown;
}

/** Suspends the team (or player) after a confirmation; a team already suspended shows nothing. */
function SuspendButton({ gameId, team, solo, onDone }: Omit<TeamActionProps, 'caseKey'>) {
  const { t } = useTranslation();
  const setStatus = useSetParticipationStatus(gameId);
  const { trigger, isMutating } = useMutation(async () => {
    await setStatus({ id: team.participationId, divisionId: team.divisionId }, 'Suspended');
    await onDone();
  });
  if (team.status !== 'Accepted') return null;
  const name = team.name;
  const confirm = () =>
    modals.openConfirmModal({
      title: t('monitor.cheat.suspendTitle', { team: name }),
      children: (
        <Text size="sm">
          {solo ? t('monitor.evidence.suspendTextSolo', { name }) : t('monitor.cheat.suspendText', { team: name })}
        </Text>
      ),
      labels: {
        confirm: solo ? t('monitor.evidence.suspendConfirmSolo') : t('monitor.cheat.suspendConfirm'),
        cancel: t('common.cancel'),
      },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        trigger()
          .then(() => showSuccess(t('monitor.cheat.suspended', { team: name })))
          .catch(showError),
    });
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      loading={isMutating}
      leftSection={<IconBan size={14} />}
      onClick={confirm}
    >
      {t('monitor.cheat.suspend', { team: name })}
    </Button>
  );
}

/** The penalty form: points to deduct (sent as a negative award) and the reason the team will read. */
function PenaltyForm({ gameId, team, caseKey, onDone }: Omit<TeamActionProps, 'solo'>) {
  const { t } = useTranslation();
  const give = useGiveAward();
  const [points, setPoints] = useState<number | string>(100);
  const [reason, setReason] = useState(t('monitor.evidence.penaltyReason', { key: caseKey }));
  const { trigger, isMutating } = useMutation(async () => {
    const amount = Math.trunc(Number(points));
    await give(gameId, { teamId: team.teamId, points: -amount, reason: reason.trim(), countsForTieBreak: false });
    await onDone();
    return amount;
  });
  const valid = Number(points) >= 1 && reason.trim().length > 0;
  const submit = () =>
    trigger()
      .then((amount) => {
        showSuccess(t('monitor.evidence.penalised', { count: amount, name: team.name }));
        modals.closeAll();
      })
      .catch(showError);
  return (
    <Stack gap="sm">
      <NumberInput
        label={t('monitor.evidence.penaltyPoints')}
        min={1}
        max={hintLimits.award.max}
        allowDecimal={false}
        allowNegative={false}
        value={points}
        onChange={setPoints}
        data-autofocus
      />
      <TextInput
        label={t('monitor.evidence.penaltyReasonLabel')}
        description={t('monitor.evidence.penaltyReasonHint')}
        maxLength={hintLimits.reason.max}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={() => modals.closeAll()}>
          {t('common.cancel')}
        </Button>
        <Button color="red" loading={isMutating} disabled={!valid} onClick={submit}>
          {t('monitor.evidence.penaltyConfirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Suspend and penalise: shown to Admins only, as both calls need that role. */
export function EvidenceTeamActions(props: TeamActionProps) {
  const { t } = useTranslation();
  const penalise = () =>
    modals.open({
      title: t('monitor.evidence.penaltyTitle', { name: props.team.name }),
      children: <PenaltyForm {...props} />,
    });
  return (
    <Group gap="xs">
      <SuspendButton {...props} />
      <Button size="xs" variant="light" color="orange" leftSection={<IconMinus size={14} />} onClick={penalise}>
        {t('monitor.evidence.penalise', { name: props.team.name })}
      </Button>
    </Group>
  );
}
