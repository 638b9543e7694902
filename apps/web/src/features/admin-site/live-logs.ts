import { AdminLiveMessage, type LogMessageModel } from '@flagpole/contract';

/** The admins' live log socket, on the page's own origin. */
export function logsLiveUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/admin/logs/live`;
}

/** The log entry of a socket frame `{ type: 'log', data }`, or null for anything else (health alerts too; never throws). */
export function parseLogFrame(raw: unknown): LogMessageModel | null {
  if (typeof raw !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = AdminLiveMessage.safeParse(json);
  return parsed.success && parsed.data.type === 'log' ? parsed.data.data : null;
}
