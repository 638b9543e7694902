import { Box, Text, useComputedColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let scriptPromise: Promise<TurnstileApi> | undefined;

function loadTurnstile(): Promise<TurnstileApi> {
  scriptPromise ??= new Promise<TurnstileApi>((resolve, reject) => {
    if (window.turnstile) return resolve(window.turnstile);
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile missing')));
    script.onerror = () => {
      scriptPromise = undefined;
      reject(new Error('Turnstile could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

interface TurnstileWidgetProps {
  siteKey: string;
  action: string;
  onToken: (token: string | null) => void;
  /** Increment to reset the widget after a failed submit. */
  resetSignal: number;
}

export function TurnstileWidget({ siteKey, action, onToken, resetSignal }: TurnstileWidgetProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<{ api: TurnstileApi; id: string } | null>(null);
  const colorScheme = useComputedColorScheme('dark');
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  useEffect(() => {
    let removed = false;
    loadTurnstile().then(
      (api) => {
        if (removed || !containerRef.current) return;
        const id = api.render(containerRef.current, {
          sitekey: siteKey,
          action,
          theme: colorScheme,
          callback: (token: string) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(null),
          'error-callback': () => onTokenRef.current(null),
        });
        widgetRef.current = { api, id };
      },
      () => onTokenRef.current(null),
    );
    return () => {
      removed = true;
      if (widgetRef.current) widgetRef.current.api.remove(widgetRef.current.id);
      widgetRef.current = null;
    };
  }, [siteKey, action, colorScheme]);

  useEffect(() => {
    if (resetSignal === 0 || !widgetRef.current) return;
    onTokenRef.current(null);
    widgetRef.current.api.reset(widgetRef.current.id);
  }, [resetSignal]);

  return (
    <Box>
      <div ref={containerRef} />
      <Text size="xs" c="dimmed" mt={4}>
        {t('captcha.turnstile.hint')}
      </Text>
    </Box>
  );
}
