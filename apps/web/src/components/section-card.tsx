import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card grouping related fields; `compact` suits dense organiser forms. */
export function SectionCard({
  title,
  description,
  compact = false,
  children,
}: {
  title: string;
  description?: string;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <Card withBorder={compact} p="lg" component="section" aria-label={title}>
      <Stack gap={compact ? 'sm' : 'md'}>
        <div>
          <Title order={2} size={compact ? 'h5' : 'h4'}>
            {title}
          </Title>
          {description && (
            <Text size={compact ? 'xs' : 'sm'} c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
