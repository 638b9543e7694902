import '@fontsource-variable/inter';
import '@fontsource-variable/jetbrains-mono';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startCachePersistence } from './lib/cache/swr-cache';
import { initI18n } from './lib/i18n';

/** Stored cache is a head start, not a requirement: never hold the first render for long. */
const CACHE_WAIT_MS = 1_500;

async function start(): Promise<void> {
  const cacheReady = startCachePersistence().catch(() => undefined);
  const cacheWait = new Promise<void>((resolve) => setTimeout(resolve, CACHE_WAIT_MS));
  await Promise.all([initI18n(), Promise.race([cacheReady, cacheWait])]);
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
