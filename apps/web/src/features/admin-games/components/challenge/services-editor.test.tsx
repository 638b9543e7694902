// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../locales/en-US.json';
import type { ChallengeFormValues } from '../../challenge-form';
import { newService, type ServiceFormValue } from '../../service-form';
import { ServicesEditor } from './services-editor';

/* The services section of the challenge editor: the single-image hint when empty, each service's fields, the errors. */
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { translation: en } },
    interpolation: { escapeValue: false },
  });
});

function Editor({ services, errors }: { services: ServiceFormValue[]; errors?: Record<string, string> }) {
  const form = useForm<ChallengeFormValues>({
    initialValues: { services } as ChallengeFormValues,
    initialErrors: errors,
  });
  return <ServicesEditor form={form} />;
}

function render(services: ServiceFormValue[], errors?: Record<string, string>): Document {
  const markup = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <Editor services={services} errors={errors} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return new DOMParser().parseFromString(`<body>${markup}</body>`, 'text/html');
}

const labels = (doc: Document) => [...doc.querySelectorAll('label')].map((label) => label.textContent);

describe('ServicesEditor', () => {
  it('says an empty list is a single image and offers to add a service', () => {
    const doc = render([]);
    expect(doc.body.textContent).toContain(en.adminGames.services.emptyHint);
    expect(doc.querySelector('button')?.textContent).toBe(en.adminGames.services.add);
    expect(doc.querySelectorAll('[role="group"]')).toHaveLength(1);
  });

  it('shows each service with its fields and a remove button', () => {
    const web = { ...newService([]), name: 'web', image: 'w:1', ports: ['8080'], env: [{ name: 'A', value: 'b' }] };
    const doc = render([web, { ...newService([web]), name: 'vault', image: 'v:1' }]);
    expect(doc.body.textContent).toContain(en.adminGames.services.hint);
    expect(
      doc.querySelectorAll(`[aria-label="${en.adminGames.services.remove.replace('{{number}}', '2')}"]`),
    ).toHaveLength(1);
    const seen = labels(doc);
    for (const label of ['name', 'image', 'ports', 'memory', 'cpu', 'pids', 'entry', 'dynamicFlag'] as const) {
      expect(seen.filter((text) => text?.startsWith(en.adminGames.services[label]))).toHaveLength(2);
    }
    expect(doc.querySelector<HTMLInputElement>('input[value="web"]')).not.toBeNull();
    expect(doc.querySelector<HTMLInputElement>(`input[aria-label="${en.adminGames.services.envName}"]`)?.value).toBe(
      'A',
    );
  });

  it('shows the errors of a field and of the list', () => {
    const doc = render([{ ...newService([]), entry: false }], {
      'services.0.name': en.adminGames.services.errors.name,
      services: en.adminGames.services.errors.noEntry,
    });
    expect(doc.body.textContent).toContain(en.adminGames.services.errors.name);
    expect(doc.querySelector('[role="alert"]')?.textContent).toBe(en.adminGames.services.errors.noEntry);
  });
});
