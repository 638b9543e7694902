import { Button, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

interface AccountFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  isSubmitting: boolean;
  children: ReactNode;
}

/** The one-column form inside an account card, ending in a submit button as wide as the card. */
export function AccountForm({ onSubmit, submitLabel, isSubmitting, children }: AccountFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {children}
        <Button type="submit" loading={isSubmitting} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
