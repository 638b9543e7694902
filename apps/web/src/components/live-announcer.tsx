import { useNotifications } from '@mantine/notifications';
import { isValidElement, type ReactNode, useEffect, useRef, useState } from 'react';

/** The words of a toast's title or message: text as is, elements by their text children, the rest left out. */
export function plainText(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(plainText).filter(Boolean).join(' ');
  if (isValidElement<{ children?: ReactNode }>(node)) return plainText(node.props.children);
  return '';
}

/**
 * One polite live region, present from the first render, that reads out every new toast (flag verdicts, game
 * notices, saved and failed actions). A region inserted together with its text is not announced reliably, and
 * Mantine's toasts would otherwise interrupt as `role="alert"`: they are plain containers (theme) and this
 * region speaks for them.
 */
export function LiveAnnouncer() {
  const { notifications } = useNotifications();
  const announced = useRef(new Set<string>());
  const [text, setText] = useState('');

  useEffect(() => {
    const fresh = notifications.filter((notification) => notification.id && !announced.current.has(notification.id));
    if (fresh.length === 0) return;
    for (const notification of fresh) if (notification.id) announced.current.add(notification.id);
    setText(
      fresh
        .map((notification) =>
          [plainText(notification.title), plainText(notification.message)].filter(Boolean).join(': '),
        )
        .join('. '),
    );
  }, [notifications]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="live-announcer">
      {text}
    </div>
  );
}
