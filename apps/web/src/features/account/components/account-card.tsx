import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { useClientConfig } from '@/features/info/api/get-client-config';

interface AccountCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card every account page (sign-in, registration, mail links) is built on. */
export function AccountCard({ title, subtitle, children, footer }: AccountCardProps) {
  const { logoUrl, title: platform } = useClientConfig();
  return (
    <Center px="md" py={{ base: 'xl', sm: 60 }}>
      <Stack w="100%" maw={440} gap="lg">
        <Stack align="center" gap="xs">
          <Anchor component={Link} to="/" c="inherit" aria-label={platform}>
            <Logo size={48} url={logoUrl} />
          </Anchor>
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm" ta="center">
              {subtitle}
            </Text>
          )}
        </Stack>
        <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }}>
          {children}
        </Paper>
        {footer && (
          <Text size="sm" ta="center" c="dimmed">
            {footer}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
