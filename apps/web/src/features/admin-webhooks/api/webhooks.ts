import type {
  ArrayResponseOfWebhookDelivery,
  GameInfoModel,
  WebhookAttemptModel,
  WebhookCreatedModel,
  WebhookEditModel,
  WebhookModel,
} from '@flagpole/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { http } from '@/lib/http';

export const webhooksKey = '/api/admin/webhooks';
const deliveriesKey = (id: number, page: number, size: number) =>
  `${webhooksKey}/${id}/deliveries?count=${size}&skip=${(page - 1) * size}`;

/** What a test message's receiver answered. */
export interface WebhookTestResult {
  statusCode: number | null;
  latencyMs: number;
  excerpt: string | null;
  error: string | null;
}

export function useWebhooks() {
  const { data, error } = useSWR(webhooksKey, (path: string) => http.get<WebhookModel[]>(path));
  return { webhooks: data, error: error as unknown };
}

/** Games for the game filter (the newest hundred, hidden ones included). */
export function useGameChoices() {
  const { data } = useSWR('/api/edit/games?count=100&skip=0&order=newest', (path: string) =>
    http.get<{ data: GameInfoModel[] }>(path),
  );
  return data?.data ?? [];
}

export function useDeliveries(id: number | null, page: number, size: number) {
  const { data, error, mutate } = useSWR(id === null ? null : deliveriesKey(id, page, size), (path: string) =>
    http.get<ArrayResponseOfWebhookDelivery>(path),
  );
  return { deliveries: data, error: error as unknown, reload: mutate };
}

/** Every attempt at one delivery, oldest first; fetched when its row is opened (null: closed). */
export function useAttempts(id: number, deliveryId: number | null) {
  const { data, error } = useSWR(
    deliveryId === null ? null : `${webhooksKey}/${id}/deliveries/${deliveryId}/attempts`,
    (path: string) => http.get<WebhookAttemptModel[]>(path),
  );
  return { attempts: data, error: error as unknown };
}

function useRevalidate() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate((key) => typeof key === 'string' && key.startsWith(webhooksKey)), [mutate]);
}

export function useWebhookActions() {
  const revalidate = useRevalidate();
  return {
    /** Answers the signing secret, shown once. */
    create: useCallback(
      async (model: WebhookEditModel) => {
        const created = await http.post<WebhookCreatedModel>(webhooksKey, model);
        await revalidate();
        return created;
      },
      [revalidate],
    ),
    update: useCallback(
      async (id: number, model: WebhookEditModel) => {
        await http.put<WebhookModel>(`${webhooksKey}/${id}`, model);
        await revalidate();
      },
      [revalidate],
    ),
    remove: useCallback(
      async (id: number) => {
        await http.delete(`${webhooksKey}/${id}`);
        await revalidate();
      },
      [revalidate],
    ),
    test: useCallback(
      async (id: number) => {
        const result = await http.post<WebhookTestResult>(`${webhooksKey}/${id}/test`);
        await revalidate();
        return result;
      },
      [revalidate],
    ),
    retry: useCallback(
      async (id: number, deliveryId: number) => {
        await http.post(`${webhooksKey}/${id}/deliveries/${deliveryId}/retry`);
        await revalidate();
      },
      [revalidate],
    ),
  };
}
