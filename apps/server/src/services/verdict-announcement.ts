import type { GameEvent, LogLevel, Submission, TaskStatus } from '@flagpole/contract';
import type { EventBus } from '../lib/event-bus';
import { publishLive } from '../realtime/live-channel';
import type { Verdict } from '../repositories/judge.repository';
import type { WebhookEmitter } from '../webhooks/webhook-queue';
import type { AuditLog } from './audit-log';

/** Where a committed verdict is told: the event bus (live channels, hubs) and the audit trail. */
export interface VerdictAnnouncer {
  events: EventBus;
  audit?: AuditLog;
  /** Solves and cheat detections as webhook events. */
  webhooks?: WebhookEmitter;
}

/** How a verdict reads in the audit trail. */
const VERDICT_OUTCOMES: Record<Verdict['status'], { status: TaskStatus; level: LogLevel }> = {
  Accepted: { status: 'Success', level: 'Information' },
  WrongAnswer: { status: 'Failed', level: 'Information' },
  NotFound: { status: 'NotFound', level: 'Information' },
  CheatDetected: { status: 'Denied', level: 'Warning' },
};

/** The verdict in the audit trail: who, from where, which challenge, the result; never the answer. */
function auditVerdict(audit: AuditLog | undefined, v: Verdict): void {
  const s = v.submission;
  audit?.record({
    action: 'flag.verdict',
    user: s.userName,
    ip: s.ip ?? null,
    ...VERDICT_OUTCOMES[v.status],
    detail: `${v.status}: game ${s.gameId}, challenge ${s.challengeId} "${s.challengeTitle}", team "${s.teamName}", submission ${s.id}`,
  });
}

/** Live messages for one committed verdict: the FlagSubmit event, a CheatDetected event, the submission. */
export async function announceVerdict(to: VerdictAnnouncer, v: Verdict, time: number): Promise<void> {
  auditVerdict(to.audit, v);
  const s = v.submission;
  const event: GameEvent = {
    time,
    user: s.userName ?? '',
    team: s.teamName,
    type: 'FlagSubmit',
    values: [v.status, s.answer, s.challengeTitle, String(s.challengeId)],
  };
  const submission: Submission = {
    answer: s.answer,
    status: v.status,
    time: s.submittedAt.getTime(),
    user: s.userName ?? '',
    team: s.teamName,
    challenge: s.challengeTitle,
  };
  await publishLive(to.events, s.gameId, { type: 'event', data: event });
  if (v.status === 'CheatDetected') {
    await publishLive(to.events, s.gameId, {
      type: 'event',
      data: {
        time,
        user: s.userName ?? '',
        team: s.teamName,
        type: 'CheatDetected',
        values: [s.challengeTitle, s.teamName, v.source?.teamName ?? ''],
      },
    });
  }
  await publishLive(to.events, s.gameId, { type: 'submission', data: submission });
  emitWebhook(to.webhooks, v);
}

/** The webhook event of a verdict: a solve (held by the queue while a freeze hides it) or a cheat detection. */
function emitWebhook(webhooks: WebhookEmitter | undefined, v: Verdict): void {
  if (!webhooks || (v.status !== 'Accepted' && v.status !== 'CheatDetected')) return;
  const s = v.submission;
  const common = {
    gameId: s.gameId,
    at: s.submittedAt,
  };
  const data = {
    challenge: { id: s.challengeId, name: s.challengeTitle },
    team: { id: s.teamId, name: s.teamName },
    user: s.userName ?? undefined,
    submittedAt: s.submittedAt.toISOString(),
  };
  if (v.status === 'Accepted') void webhooks.emit({ ...common, type: 'solve', key: `solve:${s.id}`, data });
  else {
    const sourceTeam = v.source ? { name: v.source.teamName } : undefined;
    void webhooks.emit({ ...common, type: 'cheat.detected', key: `cheat:${s.id}`, data: { ...data, sourceTeam } });
  }
}
