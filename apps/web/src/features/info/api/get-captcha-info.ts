import type { ClientCaptchaInfoModel } from '@flagpole/contract';
import useSWR from 'swr';
import { fetcher } from '@/lib/http';

export const CAPTCHA_INFO_KEY = '/api/captcha';

export function useCaptchaInfo() {
  return useSWR<ClientCaptchaInfoModel>(CAPTCHA_INFO_KEY, fetcher, { refreshInterval: 0 });
}
