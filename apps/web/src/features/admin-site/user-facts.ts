import type { ProfileUserInfoModel, UserInfoModel } from '@flagpole/contract';
import dayjs from 'dayjs';

/** A time from the user list, or a dash for "never" (the server sends 0). */
export const formatUserTime = (ms: number) => (ms > 0 ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : '—');

export type UserFactLabel = 'id' | 'email' | 'realName' | 'stdNumber' | 'phone' | 'registered' | 'lastSeen';

export interface UserFact {
  label: UserFactLabel;
  value: string;
  /** Identifiers and times read better in the monospace font. */
  mono: boolean;
}

const shown = (value: string | null) => (value?.trim() ? value : '—');

/**
 * The rows of the user view: the profile as `GET /api/admin/users/{id}` gives it (fresh, so an edit made elsewhere
 * shows), then the activity only the list row carries (registration, last visit and address).
 */
export function userFacts(profile: ProfileUserInfoModel, activity: UserInfoModel | null): UserFact[] {
  const facts: UserFact[] = [
    { label: 'id', value: profile.userId, mono: true },
    { label: 'email', value: shown(profile.email), mono: false },
    { label: 'realName', value: shown(profile.realName), mono: false },
    { label: 'stdNumber', value: shown(profile.stdNumber), mono: true },
    { label: 'phone', value: shown(profile.phone), mono: true },
  ];
  if (activity) {
    facts.push(
      { label: 'registered', value: formatUserTime(activity.registerTimeUtc), mono: true },
      {
        label: 'lastSeen',
        value: `${formatUserTime(activity.lastVisitedUtc)} · ${activity.ip || '—'}`,
        mono: true,
      },
    );
  }
  return facts;
}
