import { AdminLiveMessage, type LogMessageModel } from '@flagpole/contract';

/** The admins' live log socket, on the page's own origin. */
export function logsLiveUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/admin/logs/live`;
}

/** A frame of the admin live channel, checked against the contract, or null for garbage (never throws). */
export function parseAdminLiveFrame(raw: unknown): AdminLiveMessage | null {
  if (typeof raw !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = AdminLiveMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** The log entry of a socket frame `{ type: 'log', data }`, or null for anything else (health alerts too; never throws). */
export function parseLogFrame(raw: unknown): LogMessageModel | null {
  const frame = parseAdminLiveFrame(raw);
  return frame?.type === 'log' ? frame.data : null;
}
