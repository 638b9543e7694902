import { Anchor, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Markdown } from '@/components/markdown';
import { CONTENT_WIDTH } from '@/components/page-container';
import { DEFAULT_CLIENT_CONFIG, useClientConfig } from '@/features/info/api/get-client-config';
import classes from './app-layout.module.css';

export function AppFooter() {
  const { t } = useTranslation();
  const { footerInfo, title } = useClientConfig();
  // "© Flagpole · Powered by Flagpole" says the same thing twice: a platform under its default name links to About.
  const ownTitle = title.trim() !== DEFAULT_CLIENT_CONFIG.title;
  return (
    <footer className={classes.footer}>
      <Container size={CONTENT_WIDTH} px={{ base: 'sm', sm: 'lg' }}>
        <Divider mb="md" />
        <Stack gap={6} align="center" ta="center">
          {footerInfo && <Markdown source={footerInfo} inline className={classes.footerInfo} />}
          <Group gap="xs" justify="center">
            <Text size="xs" c="dimmed">
              © {new Date().getFullYear()} {title}
            </Text>
            <Text size="xs" c="dimmed">
              ·
            </Text>
            <Anchor component={Link} to="/about" size="xs" c="dimmed">
              {ownTitle ? t('footer.poweredBy') : t('nav.about')}
            </Anchor>
          </Group>
        </Stack>
      </Container>
    </footer>
  );
}
