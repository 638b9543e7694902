import {
  AppShell,
  Burger,
  Button,
  Container,
  Group,
  NavLink,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2, IconUserPlus } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { ColorSchemeToggle } from '@/components/color-scheme-toggle';
import { LanguagePicker } from '@/components/language-picker';
import { Logo } from '@/components/logo';
import { CONTENT_WIDTH } from '@/components/page-container';
import { PageLoader } from '@/components/page-loader';
import { useProfile } from '@/features/account/api/get-profile';
import { WsrxManager } from '@/features/containers/components/wsrx-manager';
import { useClientConfig } from '@/features/info/api/get-client-config';
import { AppFooter } from './app-footer';
import classes from './app-layout.module.css';
import { isActivePath, NAV_ITEMS } from './nav-items';
import { UserMenu } from './user-menu';

function signInTarget(pathname: string): string {
  return pathname.toLowerCase().startsWith('/account/')
    ? '/account/login'
    : `/account/login?from=${encodeURIComponent(pathname)}`;
}

export function AppLayout() {
  const { t } = useTranslation();
  const [navOpened, nav] = useDisclosure(false);
  const { pathname } = useLocation();
  const { title, logoUrl, passwordSignIn } = useClientConfig();
  const { user, isLoading } = useProfile();

  // Leaving a page closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => nav.close(), [pathname]);

  const authButtons = (vertical: boolean) => (
    <>
      <Button
        component={Link}
        to={signInTarget(pathname)}
        variant="default"
        leftSection={<IconLogin2 size={16} />}
        fullWidth={vertical}
      >
        {t('nav.signIn')}
      </Button>
      {/* Under OIDC_ONLY accounts are made by signing in with a provider. */}
      {passwordSignIn && (
        <Button component={Link} to="/account/register" leftSection={<IconUserPlus size={16} />} fullWidth={vertical}>
          {t('nav.register')}
        </Button>
      )}
    </>
  );

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !navOpened, desktop: true } }}
      padding={0}
    >
      {/* Following the link moves focus to the main region (it is focusable by script, tabindex -1). */}
      <a href="#main-content" className="skip-link">
        {t('nav.skipToContent')}
      </a>
      <AppShell.Header className={classes.header}>
        <Container size={CONTENT_WIDTH} h="100%" px={{ base: 'sm', sm: 'lg' }}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={navOpened}
                onClick={nav.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('nav.toggleMenu')}
              />
              {/* The name starts with the title it shows (speech input users say what they see), then says where it goes. */}
              <UnstyledButton
                component={Link}
                to="/"
                className={classes.brand}
                aria-label={t('nav.brandHome', { title })}
              >
                <Logo size={30} url={logoUrl} />
                <Text fw={800} size="lg" className={classes.brandTitle} truncate>
                  {title}
                </Text>
              </UnstyledButton>
              <Group gap={4} visibleFrom="sm" ml="md" component="nav" aria-label={t('nav.main')}>
                {NAV_ITEMS.map((item) => (
                  <Link
                    key={item.to}
                    to={item.to}
                    className={classes.navLink}
                    data-active={isActivePath(pathname, item.to) || undefined}
                  >
                    {t(item.labelKey)}
                  </Link>
                ))}
              </Group>
            </Group>
            <Group gap={6} wrap="nowrap">
              {user && <WsrxManager />}
              <LanguagePicker />
              <ColorSchemeToggle />
              {isLoading ? (
                <Skeleton circle height={36} />
              ) : user ? (
                <UserMenu user={user} />
              ) : (
                <>
                  <Group gap="xs" visibleFrom="sm" wrap="nowrap">
                    {authButtons(false)}
                  </Group>
                  <Button component={Link} to={signInTarget(pathname)} size="xs" variant="default" hiddenFrom="sm">
                    {t('nav.signIn')}
                  </Button>
                </>
              )}
            </Group>
          </Group>
        </Container>
      </AppShell.Header>

      <AppShell.Navbar p="md" aria-label={t('nav.main')}>
        <Stack gap={4}>
          {NAV_ITEMS.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={t(item.labelKey)}
              leftSection={<item.icon size={18} />}
              active={isActivePath(pathname, item.to)}
              variant="light"
              className={classes.mobileNavLink}
            />
          ))}
        </Stack>
        {!isLoading && !user && (
          <Stack gap="xs" mt="xl">
            {authButtons(true)}
          </Stack>
        )}
      </AppShell.Navbar>

      <AppShell.Main className={classes.main} id="main-content" tabIndex={-1}>
        <div className={classes.content}>
          {/* Page modules load lazily; the shell stays visible meanwhile. */}
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </div>
        <AppFooter />
      </AppShell.Main>
    </AppShell>
  );
}
