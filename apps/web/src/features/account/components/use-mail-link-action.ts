import type { AccountVerifyModel } from '@flagpole/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useProfile } from '../api/get-profile';
import { mailLinkParams } from '../validation';

export type MailLinkState =
  | { status: 'invalid' }
  | { status: 'pending' }
  | { status: 'done' }
  | { status: 'failed'; error: unknown };

/** Sends the token and e-mail of a mail link to the server once, when the page opens. */
export function useMailLinkAction(action: (body: AccountVerifyModel) => Promise<void>): MailLinkState {
  const { search } = useLocation();
  const link = mailLinkParams(search);
  const { refresh } = useProfile();
  const [state, setState] = useState<MailLinkState>(link ? { status: 'pending' } : { status: 'invalid' });
  const startedFor = useRef<string | null>(null);
  const actionRef = useRef(action);
  actionRef.current = action;

  useEffect(() => {
    const current = mailLinkParams(search);
    // StrictMode runs effects twice; a token is single-use, so it must be sent only once.
    if (!current || startedFor.current === search) return;
    startedFor.current = search;
    setState({ status: 'pending' });
    actionRef.current(current).then(
      () => setState({ status: 'done' }),
      (error: unknown) => setState({ status: 'failed', error }),
    );
  }, [search]);

  useEffect(() => {
    // A verified account is signed in by the server and a confirmed change has a new e-mail: the profile is stale.
    if (state.status === 'done') void refresh();
  }, [state.status, refresh]);

  return state;
}
