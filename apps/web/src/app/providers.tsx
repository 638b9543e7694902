import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ErrorBoundary } from '@/components/error-boundary';
import { ErrorFallback } from '@/components/error-fallback';
import { PageLoader } from '@/components/page-loader';
import { useClientConfig } from '@/features/info/api/get-client-config';
import { swrCache } from '@/lib/cache/swr-cache';
import { fetcher } from '@/lib/http';
import { createAppTheme, cssVariablesResolver } from '@/lib/theme/create-theme';
import { resolvePrimaryColor } from '@/lib/theme/theme-setting';
import { ThemeSettingProvider, useThemeSetting } from './theme-setting-context';

const swrConfig: SWRConfiguration = {
  provider: () => swrCache,
  fetcher,
  refreshInterval: 10_000,
  revalidateOnFocus: false,
  keepPreviousData: true,
};

function ThemedProviders({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { customTheme } = useClientConfig();
  const { setting } = useThemeSetting();
  const primaryColor = resolvePrimaryColor(setting, customTheme);
  const theme = useMemo(() => createAppTheme(primaryColor), [primaryColor]);
  const { pathname } = useLocation();

  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" cssVariablesResolver={cssVariablesResolver}>
      {/* Toasts (flag verdicts, game notices, saved and failed actions) are read out politely: their containers,
          in the page from the first render, are live logs, and a toast itself is no alert (theme). */}
      <Notifications
        position="bottom-right"
        autoClose={4000}
        limit={5}
        zIndex={5000}
        role="log"
        aria-live="polite"
        aria-relevant="additions text"
      />
      <ModalsProvider
        labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}
        modalProps={{ centered: true, overlayProps: { backgroundOpacity: 0.5, blur: 8 } }}
      >
        <ErrorBoundary resetKey={pathname} fallback={(props) => <ErrorFallback {...props} />}>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </ErrorBoundary>
      </ModalsProvider>
    </MantineProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrConfig}>
      <ThemeSettingProvider>
        <ThemedProviders>{children}</ThemedProviders>
      </ThemeSettingProvider>
    </SWRConfig>
  );
}
