// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en-US.json';
import type { SubmitState } from '../lib/submit-flow';
import { FlagSubmitForm } from './flag-submit-form';

/*
 * What a screen reader hears from the flag form: the judging state in a polite live region; the verdict shown but
 * not announced a second time (its toast, in the page's polite live log, announces it: e2e/tests/keyboard.test.ts)
 * and never as an interrupting alert.
 */
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { translation: en } },
    interpolation: { escapeValue: false },
  });
});

function form(state: SubmitState): Document {
  const markup = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <FlagSubmitForm
          flag="flag{x}"
          onFlagChange={() => undefined}
          onSubmit={() => undefined}
          state={state}
          allowed
          closed={false}
          atLimit={false}
          retrySeconds={0}
          flagFormat={null}
        />
      </MantineProvider>
    </I18nextProvider>,
  );
  return new DOMParser().parseFromString(`<body>${markup}</body>`, 'text/html');
}

describe('FlagSubmitForm', () => {
  it('has a labelled flag input and a submit button', () => {
    const doc = form({ phase: 'idle' });
    const input = doc.querySelector('input');
    expect(doc.querySelector(`label[for="${input?.id}"]`)?.textContent).toBe(en.challenges.submit.flag);
    expect(doc.querySelector('button[type="submit"]')?.textContent).toBe(en.challenges.submit.button);
  });

  it('announces judging politely', () => {
    const live = form({ phase: 'judging', submissionId: 1 }).querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe(en.challenges.submit.judging);
  });

  it('shows the verdict without a second announcement or an alert', () => {
    const doc = form({ phase: 'done', verdict: 'WrongAnswer' });
    expect(doc.body.textContent).toContain(en.challenges.submit.result.WrongAnswer.title);
    expect(doc.querySelector('[aria-live="polite"]')?.textContent).toBe('');
    expect(doc.querySelector('[role="alert"]')).toBeNull();
  });
});
