import type { GameEvent, LiveMessage, LogLevel, Submission, TaskStatus } from '@flagpole/contract';
import type { Verdict } from '../repositories/judge.repository';
import type { WebhookEmitter } from '../webhooks/webhook-queue';
import type { AuditLog } from './audit-log';

/** Where a committed verdict is recorded besides the live channels: the audit trail and webhooks. */
export interface VerdictAnnouncer {
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

/**
 * Records one committed verdict (audit trail, webhook) and returns its live messages for the game's channel, in
 * order: the FlagSubmit event, a CheatDetected event, the submission. They reach every process in the verdicts'
 * shared message (verdict-sharing.ts), not one bus message each.
 */
export function announceVerdict(to: VerdictAnnouncer, v: Verdict, time: number): LiveMessage[] {
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
  const messages: LiveMessage[] = [{ type: 'event', data: event }];
  if (v.status === 'CheatDetected') {
    messages.push({
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
  messages.push({ type: 'submission', data: submission });
  emitWebhook(to.webhooks, v);
  return messages;
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
