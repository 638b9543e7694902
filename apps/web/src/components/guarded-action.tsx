import { Tooltip } from '@mantine/core';
import { cloneElement, type MouseEvent, type ReactElement } from 'react';

interface GuardedProps {
  'data-disabled'?: boolean;
  'aria-disabled'?: boolean;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
}

/**
 * Shows an action that is not allowed right now: it stays focusable, does nothing when clicked, and a tooltip
 * says why. Without a reason the child is rendered unchanged.
 */
export function GuardedAction({ reason, children }: { reason: string | null; children: ReactElement<GuardedProps> }) {
  if (!reason) return children;
  return (
    <Tooltip label={reason} multiline maw={280} withArrow events={{ hover: true, focus: true, touch: true }}>
      {cloneElement(children, {
        'data-disabled': true,
        'aria-disabled': true,
        onClick: (event: MouseEvent<HTMLElement>) => event.preventDefault(),
      })}
    </Tooltip>
  );
}
