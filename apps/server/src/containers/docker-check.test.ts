import { describe, expect, it } from 'vitest';
import { CHECK_COMMAND, CHECK_UNTIL_LABEL, checkFileName, dockerCheckBody } from './docker-check';
import type { CheckSpec } from './types';

const spec: CheckSpec = {
  checkId: 'c1',
  image: 'solver:1',
  script: 'echo hi',
  files: [],
  env: { FLAGPOLE_ATTACHMENT: '/flagpole-check/a.txt' },
  target: { instanceId: 'i1', port: 8080 },
  network: false,
  timeoutMs: 20_000,
  labels: { 'flagpole.platform': 'fp', 'flagpole.check': 'true' },
};

describe('dockerCheckBody', () => {
  it("joins the instance's network namespace and tells the script where it is", () => {
    const body = dockerCheckBody(spec, (id) => `flagpole-${id}`);
    expect(body.HostConfig.NetworkMode).toBe('container:flagpole-i1');
    expect(body.Env).toEqual(
      expect.arrayContaining([
        'FLAGPOLE_TARGET=127.0.0.1:8080',
        'FLAGPOLE_TARGET_HOST=127.0.0.1',
        'FLAGPOLE_TARGET_PORT=8080',
        'FLAGPOLE_ATTACHMENT=/flagpole-check/a.txt',
      ]),
    );
    expect(body.Cmd).toBe(CHECK_COMMAND);
    expect(Number(body.Labels[CHECK_UNTIL_LABEL])).toBeGreaterThan(Date.now());
  });

  it('runs without privileges, and without any network unless a remote attachment must be fetched', () => {
    const alone = dockerCheckBody({ ...spec, target: null }, (id) => id);
    expect(alone.HostConfig).toMatchObject({
      NetworkMode: 'none',
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      Privileged: false,
    });
    expect(alone.Env.some((e) => e.startsWith('FLAGPOLE_TARGET'))).toBe(false);
    expect(dockerCheckBody({ ...spec, target: null, network: true }, (id) => id).HostConfig.NetworkMode).toBe('bridge');
  });
});

describe('checkFileName', () => {
  it('keeps a file inside the check folder under a plain name', () => {
    expect(checkFileName('../../etc/passwd')).toBe('__.._etc_passwd');
    expect(checkFileName('.hidden')).toBe('_hidden');
    expect(checkFileName('crypto task.zip')).toBe('crypto_task.zip');
    expect(checkFileName('')).toBe('attachment');
    expect(checkFileName(`${'a'.repeat(200)}.zip`)).toHaveLength(90);
  });
});
