// @vitest-environment jsdom
import type { ContainerServiceState } from '@flagpole/contract';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { SWRConfig } from 'swr';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en-US.json';
import { containerKeys } from '../api/keys';
import { fetchTestServices } from '../api/test-services';
import { TestInstanceServices } from './test-instance-services';

/* The services of an organiser's test instance: state, exit code, logs; nothing when the route answers 404. */
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { translation: en } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => vi.unstubAllGlobals());

const key = containerKeys.testServices(1, 2);

function render(data: ContainerServiceState[] | null): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <SWRConfig value={{ provider: () => new Map(), fallback: { [key]: data } }}>
          <TestInstanceServices gameId={1} challengeId={2} />
        </SWRConfig>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('TestInstanceServices', () => {
  it('shows each service, its state and its exit code', () => {
    const doc = new DOMParser().parseFromString(
      render([
        { name: 'web', entry: true, state: 'Running', exitCode: null, logs: 'listening on 8080' },
        { name: 'vault', entry: false, state: 'Exited', exitCode: 3, logs: 'no flag' },
      ]),
      'text/html',
    );
    const text = doc.body.textContent;
    expect(text).toContain('web');
    expect(text).toContain(en.containers.test.services.state.Running);
    expect(text).toContain(en.containers.test.services.state.Exited);
    expect(text).toContain(en.containers.test.services.exitCode.replace('{{code}}', '3'));
    expect(doc.querySelector(`button[aria-label="${en.containers.test.services.refresh}"]`)).not.toBeNull();
  });

  it('shows nothing when the server has no such route', () => {
    const doc = new DOMParser().parseFromString(render(null), 'text/html');
    expect(doc.querySelector('[data-testid="test-instance-services"]')).toBeNull();
    expect(doc.body.textContent?.trim()).not.toContain(en.containers.test.services.title);
  });

  it('reads a 404 as no services, and other failures as errors', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ title: 'Not found', status: 404 }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(fetchTestServices(key)).resolves.toBeNull();
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ title: 'No', status: 403 }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    );
    await expect(fetchTestServices(key)).rejects.toMatchObject({ httpStatus: 403 });
  });
});
