import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useCaptchaInfo } from '../../info/api/get-captcha-info';
import { discardPowChallenge } from '../pow-challenge-store';
import { HashPowField } from './hash-pow-field';
import { TurnstileWidget } from './turnstile-widget';
import { useHashPow } from './use-hash-pow';

export interface CaptchaControl {
  /** The field to put in the form (null when the platform uses no captcha). */
  field: ReactNode;
  /**
   * The `challenge` value for the request body: undefined when no captcha is needed,
   * null when the captcha is not complete (the form should not submit).
   */
  getChallenge: () => Promise<string | null | undefined>;
  /** Call after a failed submit: the answer is used up or was rejected, so a new one is needed. */
  renew: () => void;
  /** Call after a successful submit, so the used answer is not offered again. */
  consumed: () => void;
  isLoading: boolean;
}

/** The captcha the server asks for (None, HashPow or Cloudflare Turnstile) for one form. */
export function useCaptcha(action: 'login' | 'register' | 'recovery'): CaptchaControl {
  const { data: info, isLoading } = useCaptchaInfo();
  const type = info?.type ?? 'None';
  const pow = useHashPow(type === 'HashPow');
  const turnstileToken = useRef<string | null>(null);
  const [turnstileReset, setTurnstileReset] = useState(0);
  const onTurnstileToken = useCallback((token: string | null) => {
    turnstileToken.current = token;
  }, []);
  const { getAnswer, renew: renewPow } = pow;

  const getChallenge = useCallback(async () => {
    if (type === 'HashPow') return getAnswer();
    if (type === 'CloudflareTurnstile') return turnstileToken.current;
    return undefined;
  }, [type, getAnswer]);

  const renew = useCallback(() => {
    if (type === 'HashPow') renewPow();
    if (type === 'CloudflareTurnstile') setTurnstileReset((value) => value + 1);
  }, [type, renewPow]);

  let field: ReactNode = null;
  if (type === 'HashPow') field = <HashPowField state={pow.state} />;
  if (type === 'CloudflareTurnstile' && info) {
    field = (
      <TurnstileWidget siteKey={info.siteKey} action={action} onToken={onTurnstileToken} resetSignal={turnstileReset} />
    );
  }

  return { field, getChallenge, renew, consumed: discardPowChallenge, isLoading };
}
