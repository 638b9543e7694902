import { Text, Title } from '@mantine/core';

/** The title every site-admin page opens with, and the line under it saying what the page is for. */
export function PageHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" size="sm">
        {subtitle}
      </Text>
    </div>
  );
}
