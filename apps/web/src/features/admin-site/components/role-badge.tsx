import type { Role } from '@flagpole/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const ROLE_COLORS: Record<Role, string> = { Banned: 'red', User: 'gray', Monitor: 'cyan', Admin: 'violet' };

export function RoleBadge({ role }: { role: Role | null }) {
  const { t } = useTranslation();
  const shown = role ?? 'User';
  return (
    <Badge color={ROLE_COLORS[shown]} variant={shown === 'User' ? 'outline' : 'light'}>
      {t(`roles.${shown}`)}
    </Badge>
  );
}
