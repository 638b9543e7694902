// @vitest-environment jsdom
import { notifications } from '@mantine/notifications';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LiveAnnouncer, plainText } from './live-announcer';

let root: Root | undefined;
let container: HTMLElement;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  notifications.clean();
});

function region(): HTMLElement {
  const found = container.querySelector<HTMLElement>('[role="status"]');
  if (!found) throw new Error('no live region');
  return found;
}

describe('LiveAnnouncer', () => {
  it('is a polite region from the first render and reads out each new toast once', () => {
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
    act(() => root?.render(<LiveAnnouncer />));
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().textContent).toBe('');

    act(() => {
      notifications.show({ title: 'Flag accepted', message: <b>Warmup is solved</b> });
    });
    expect(region().textContent).toBe('Flag accepted: Warmup is solved');

    act(() => {
      notifications.show({ message: 'New hint for Warmup' });
    });
    expect(region().textContent).toBe('New hint for Warmup');
  });
});

describe('plainText', () => {
  it('keeps the words of nested elements and drops what has none', () => {
    expect(plainText(['Team ', <b key="b">Red</b>, null, 3])).toBe('Team  Red 3');
  });
});
