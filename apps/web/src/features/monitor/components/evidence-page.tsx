import { roleRank } from '@flagpole/contract';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBraces, IconFileSpreadsheet, IconRefresh } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '@/features/account/api/get-profile';
import { useGame } from '@/features/games/api/get-game';
import { downloadFile } from '@/lib/download';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useEvidence, useEvidenceActions } from '../api/evidence';
import { monitorKeys } from '../api/keys';
import { splitCases } from '../lib/evidence-cases';
import { EvidenceCaseCard } from './evidence-case-card';
import classes from './feed.module.css';
import { FeedState } from './feed-state';
import { WithGameId } from './monitor-route';
import { MonitorShell } from './monitor-shell';

function ExportButton({
  path,
  fallbackName,
  label,
  json,
}: {
  path: string;
  fallbackName: string;
  label: string;
  json?: boolean;
}) {
  const { trigger, isMutating } = useMutation(() => downloadFile(path, fallbackName));
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={json ? <IconBraces size={16} /> : <IconFileSpreadsheet size={16} />}
      loading={isMutating}
      onClick={() => trigger().catch(showError)}
    >
      {label}
    </Button>
  );
}

function Evidence({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const { user } = useProfile();
  // Suspending and penalising go through the participation and award APIs, which need the Admin role.
  const canPunish = user ? roleRank[user.role] >= roleRank.Admin : false;
  const solo = useGame(gameId).data?.individual === true;
  const { report, error, reload } = useEvidence(gameId);
  const { setDismissed, recompute, reread } = useEvidenceActions(gameId);
  const refresh = useMutation(recompute);
  const { open, dismissed } = useMemo(() => splitCases(report?.cases ?? []), [report]);

  const card = (evidence: (typeof open)[number]) => (
    <EvidenceCaseCard
      key={evidence.key}
      gameId={gameId}
      evidence={evidence}
      solo={solo}
      canPunish={canPunish}
      setDismissed={setDismissed}
      reread={reread}
    />
  );

  return (
    <MonitorShell gameId={gameId} active="evidence">
      <Group justify="space-between" className={classes.toolbar}>
        <Stack gap={0}>
          {report && (
            <>
              <Text size="sm" fw={600}>
                {t('monitor.evidence.summary', { count: open.length })}
              </Text>
              <Text size="xs" c="dimmed">
                {report.computedAt === null
                  ? t('monitor.evidence.notComputed')
                  : t('monitor.evidence.computedAt', { time: dayjs(report.computedAt).format('L LTS') })}
              </Text>
            </>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconRefresh size={16} />}
            loading={refresh.isMutating}
            onClick={() =>
              refresh
                .trigger()
                .then(() => showSuccess(t('monitor.evidence.recomputed')))
                .catch(showError)
            }
          >
            {t('monitor.evidence.recompute')}
          </Button>
          <ExportButton
            path={monitorKeys.evidenceJson(gameId)}
            fallbackName={`evidence-${gameId}.json`}
            label={t('monitor.evidence.exportJson')}
            json
          />
          <ExportButton
            path={monitorKeys.evidenceSheet(gameId)}
            fallbackName={`evidence-${gameId}.xlsx`}
            label={t('monitor.evidence.exportSheet')}
          />
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {solo ? t('monitor.evidence.introSolo') : t('monitor.evidence.intro')}
      </Text>
      {report && open.length > 0 ? (
        <Stack gap="sm">{open.map(card)}</Stack>
      ) : (
        <Card withBorder>
          <FeedState
            error={error}
            loading={!report && !error}
            onRetry={() => reload()}
            emptyText={solo ? t('monitor.evidence.emptySolo') : t('monitor.evidence.empty')}
          />
        </Card>
      )}
      {dismissed.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="evidence-dismissed">
          <Title order={2} size="h5" c="dimmed" id="evidence-dismissed">
            {t('monitor.evidence.dismissedSection', { count: dismissed.length })}
          </Title>
          {dismissed.map(card)}
        </Stack>
      )}
    </MonitorShell>
  );
}

export default function MonitorEvidencePage() {
  return <WithGameId>{(gameId) => <Evidence gameId={gameId} />}</WithGameId>;
}
