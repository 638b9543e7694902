import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from './harness';

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('captcha defaults', () => {
  it('are off without a provider', async () => {
    ctx = await createTestContext();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/captcha' });
    expect(json(response)).toMatchObject({ type: 'None' });
  });

  it('turn on when the operator configures a provider, until an administrator turns them off', async () => {
    ctx = await createTestContext({ CAPTCHA_PROVIDER: 'HashPow' });
    const before = await ctx.app.inject({ method: 'GET', url: '/api/captcha' });
    expect(json(before)).toMatchObject({ type: 'HashPow' });
    await ctx.app.services.settings.update('accountPolicy', { useCaptcha: false });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/captcha' });
    expect(json(after)).toMatchObject({ type: 'None' });
  });
});
