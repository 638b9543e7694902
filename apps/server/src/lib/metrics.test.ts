import { describe, expect, it, vi } from 'vitest';
import { createMetrics } from './metrics';

// Counts how often the Prometheus client package is loaded; the real package is handed through.
const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('prom-client', async (importOriginal) => {
  loaded.count++;
  return importOriginal();
});

describe('createMetrics', () => {
  it('does not load the Prometheus client while metrics are off', async () => {
    const metrics = await createMetrics({ enabled: false });
    expect(metrics.enabled).toBe(false);
    expect(loaded.count).toBe(0);
  });

  it('loads it when metrics are served, and the registry answers a scrape', async () => {
    const metrics = await createMetrics({ enabled: true });
    expect(loaded.count).toBe(1);
    if (!metrics.enabled) throw new Error('metrics should be on');
    metrics.play.verdict('Accepted');
    const { body } = await metrics.scrape();
    expect(body).toContain('flagpole_submissions_total{verdict="Accepted"} 1');
  });
});
