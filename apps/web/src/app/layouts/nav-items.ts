import { IconFlag3, IconHome, IconInfoCircle, IconNews, IconUsersGroup } from '@tabler/icons-react';

export const NAV_ITEMS = [
  { to: '/', labelKey: 'nav.home', icon: IconHome },
  { to: '/posts', labelKey: 'nav.posts', icon: IconNews },
  { to: '/games', labelKey: 'nav.games', icon: IconFlag3 },
  { to: '/teams', labelKey: 'nav.teams', icon: IconUsersGroup },
  { to: '/about', labelKey: 'nav.about', icon: IconInfoCircle },
] as const;

export function isActivePath(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  return to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`);
}
