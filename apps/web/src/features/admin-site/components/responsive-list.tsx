import { Card, Group, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** Both layouts are rendered and the breakpoint shows one: a table on wide screens, a card per row on phones. */
export function ResponsiveList({ minWidth, table, cards }: { minWidth: number; table: ReactNode; cards: ReactNode }) {
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} visibleFrom="sm">
        {table}
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm">
        {cards}
      </Stack>
    </>
  );
}

/** One row as a phone card: `heading` and `aside` share the top line, `children` go below. */
export function ListCard({ heading, aside, children }: { heading: ReactNode; aside: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder p="sm">
      <Group justify="space-between" wrap="nowrap">
        {heading}
        {aside}
      </Group>
      {children}
    </Card>
  );
}
