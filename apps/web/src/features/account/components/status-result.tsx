import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMailForward, IconUserCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const ICONS = {
  success: { icon: IconCircleCheck, color: 'teal' },
  error: { icon: IconAlertTriangle, color: 'alert' },
  mail: { icon: IconMailForward, color: undefined },
  waiting: { icon: IconUserCheck, color: 'yellow' },
} as const;

export interface StatusAction {
  label: string;
  onClick: () => void;
}

interface StatusResultProps {
  kind: keyof typeof ICONS;
  title: string;
  children?: ReactNode;
  action?: StatusAction;
}

/** A finished step: icon, what happened, and what to do next. */
export function StatusResult({ kind, title, children, action }: StatusResultProps) {
  const { icon: Icon, color } = ICONS[kind];
  return (
    <Stack align="center" ta="center" gap="sm" role="status">
      <ThemeIcon size={56} radius="xl" variant="light" color={color}>
        <Icon size={30} />
      </ThemeIcon>
      <Text fw={700} size="lg">
        {title}
      </Text>
      {children && (
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      )}
      {action && (
        <Button mt="xs" onClick={action.onClick} fullWidth>
          {action.label}
        </Button>
      )}
    </Stack>
  );
}
