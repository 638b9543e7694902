import { describe, expect, it } from 'vitest';
import { parseWebhookFrame } from '@/features/admin-webhooks/components/webhook-alerts';
import { parseHealthFrame } from '@/features/health/components/health-alerts';
import { logsLiveUrl, parseLogFrame } from './live-logs';

const entry = { time: 1, name: 'admin', level: 'Information', ip: '::1', msg: 'hello', status: null };

describe('live log socket', () => {
  it('builds the socket address from the page origin', () => {
    expect(logsLiveUrl({ protocol: 'https:', host: 'ctf.example.org' })).toBe(
      'wss://ctf.example.org/api/admin/logs/live',
    );
    expect(logsLiveUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/api/admin/logs/live');
  });

  it('reads the entry of a log message', () => {
    expect(parseLogFrame(JSON.stringify({ type: 'log', data: entry }))).toEqual(entry);
  });

  it('drops frames that are not log entries, never throwing', () => {
    expect(parseLogFrame('not json')).toBeNull();
    expect(parseLogFrame(JSON.stringify({ type: 'ping' }))).toBeNull();
    expect(parseLogFrame(JSON.stringify(entry))).toBeNull();
    expect(parseLogFrame(JSON.stringify({ type: 'log', data: { ...entry, time: 'yesterday' } }))).toBeNull();
    expect(parseLogFrame(new ArrayBuffer(2))).toBeNull();
  });

  it('leaves health alerts to the health notifications', () => {
    const alert = { gameId: 1, challengeId: 2, title: 'Web', status: 'Failing', failingSince: 5, output: '' };
    const frame = JSON.stringify({ type: 'health', data: alert });
    expect(parseLogFrame(frame)).toBeNull();
    expect(parseHealthFrame(frame)).toEqual(alert);
    expect(parseHealthFrame(JSON.stringify({ type: 'log', data: entry }))).toBeNull();
    expect(parseHealthFrame('not json')).toBeNull();
  });

  it('leaves webhook alerts to the webhook notifications', () => {
    const alert = { webhookId: 3, url: 'https://hooks.example.org/x', reason: 'Deliveries failed for 24 hours' };
    const frame = JSON.stringify({ type: 'webhook', data: alert });
    expect(parseLogFrame(frame)).toBeNull();
    expect(parseHealthFrame(frame)).toBeNull();
    expect(parseWebhookFrame(frame)).toEqual(alert);
    expect(parseWebhookFrame(JSON.stringify({ type: 'webhook', data: { webhookId: 'x' } }))).toBeNull();
  });
});
