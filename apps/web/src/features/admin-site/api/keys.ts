/** SWR keys of the admin API; mutations revalidate by these. */
export const adminKeys = {
  usersPrefix: '/api/admin/users',
  teamsPrefix: '/api/admin/teams',
  logsPrefix: '/api/admin/logs',
  filesPrefix: '/api/admin/files',
  config: '/api/admin/config',
  tokens: '/api/tokens',
  user: (userId: string) => `/api/admin/users/${userId}`,
} as const;

export const ADMIN_PAGE_SIZE = 20;

/** The query string of one page of `size` items (pages count from 1). */
export function pageQuery(page: number, size: number = ADMIN_PAGE_SIZE): string {
  return `count=${size}&skip=${(Math.max(1, page) - 1) * size}`;
}

/** Matches every cached page or search of a list whose keys start with `prefix`. */
export function isListKey(prefix: string) {
  return (key: unknown) =>
    (typeof key === 'string' && key.startsWith(`${prefix}?`)) ||
    (Array.isArray(key) && key[0] === prefix && key[1] === 'search');
}
