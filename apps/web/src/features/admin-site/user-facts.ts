import type { ProfileUserInfoModel, UserInfoModel } from '@flagpole/contract';
import dayjs from 'dayjs';

const EMPTY = '—';

/** A time from the user list, or a dash for "never" (the server sends 0). */
export const formatUserTime = (ms: number) => (ms > 0 ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : EMPTY);

export type UserFactLabel = 'id' | 'email' | 'realName' | 'stdNumber' | 'phone' | 'registered' | 'lastSeen';

export interface UserFact {
  label: UserFactLabel;
  value: string;
  /** Identifiers and times read better in the monospace font; the dash of an empty field stays in the text font. */
  mono: boolean;
}

/** A fact whose empty value is shown as a dash. */
function fact(label: UserFactLabel, value: string | null, mono: boolean): UserFact {
  return value?.trim() ? { label, value, mono } : { label, value: EMPTY, mono: false };
}

/**
 * The rows of the user view: the profile as `GET /api/admin/users/{id}` gives it (fresh, so an edit made elsewhere
 * shows), then the activity only the list row carries (registration, last visit and address).
 */
export function userFacts(profile: ProfileUserInfoModel, activity: UserInfoModel | null): UserFact[] {
  const facts = [
    fact('id', profile.userId, true),
    fact('email', profile.email, false),
    fact('realName', profile.realName, false),
    fact('stdNumber', profile.stdNumber, true),
    fact('phone', profile.phone, true),
  ];
  if (activity) {
    facts.push(
      fact('registered', formatUserTime(activity.registerTimeUtc), true),
      fact('lastSeen', `${formatUserTime(activity.lastVisitedUtc)} · ${activity.ip || EMPTY}`, true),
    );
  }
  return facts;
}
