import { useTranslation } from 'react-i18next';
import { useCaptcha } from '@/features/captcha/components/use-captcha';
import { showError } from '@/lib/notify';

/**
 * The captcha of a public account form and the way to send a request with it. An unfinished captcha sends nothing;
 * a failed request needs a fresh answer, because the old one is used up or was rejected.
 */
export function useCaptchaRequest(
  action: Parameters<typeof useCaptcha>[0],
  /** What failed, as the title of a refusal ("Sign-in failed"). */
  failedTitle?: string,
) {
  const { t } = useTranslation();
  const captcha = useCaptcha(action);

  async function send<T>(request: (challenge: string | undefined) => Promise<T>, onSent: (result: T) => unknown) {
    const challenge = await captcha.getChallenge();
    if (challenge === null) {
      showError(t('captcha.incomplete'), { title: failedTitle });
      captcha.renew();
      return;
    }
    try {
      const result = await request(challenge);
      captcha.consumed();
      await onSent(result);
    } catch (error) {
      showError(error, { title: failedTitle, retry: () => void send(request, onSent) });
      captcha.renew();
    }
  }

  return { field: captcha.field, send };
}
