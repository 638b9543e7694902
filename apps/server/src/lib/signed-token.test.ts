import { describe, expect, it } from 'vitest';
import { createTokenSigner, generateSigningKeyPair } from './signed-token';

const claims = { jti: '0b7f6a44-2f4e-4a57-9d0a-4c1d3c7e9b11', iat: 1_900_000_000, exp: 1_900_086_400 };

describe('signed API token strings', () => {
  const signer = createTokenSigner(generateSigningKeyPair());

  it('reads back the claims it signed, in the contract format', () => {
    const token = signer.sign(claims);
    const [body, signature] = token.split('.');
    expect(JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8'))).toEqual(claims);
    expect(Buffer.from(signature ?? '', 'base64url')).toHaveLength(64);
    expect(signer.verify(token)).toEqual(claims);
  });

  it('refuses altered claims, signatures of another key and malformed strings', () => {
    const token = signer.sign(claims);
    const [, signature] = token.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ ...claims, exp: undefined }), 'utf8').toString('base64url');
    expect(signer.verify(`${forgedBody}.${signature}`)).toBeNull();
    expect(createTokenSigner(generateSigningKeyPair()).verify(token)).toBeNull();
    for (const bad of ['', '.', 'abc', `${token}.x`, token.replace('.', ''), `${token}A`, `é.${signature}`]) {
      expect(signer.verify(bad)).toBeNull();
    }
  });

  it('refuses a genuine signature over claims of the wrong shape', () => {
    expect(signer.verify(signer.sign({ ...claims, jti: 'not-a-uuid' }))).toBeNull();
  });
});
