import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import { z } from 'zod';

/**
 * API token strings: `<base64url(JSON claims)>.<base64url(Ed25519 signature of the first part)>`.
 * The claims name the stored token (`jti`); the signature proves the platform issued them, so a
 * forged or altered string is refused before any lookup.
 */
export interface TokenClaims {
  /** The stored token's id. */
  jti: string;
  /** Issued at, Unix seconds. */
  iat: number;
  /** Expires at, Unix seconds; absent for a token that never expires. */
  exp?: number;
}

const Claims = z.strictObject({
  jti: z.uuid(),
  iat: z.number().int().min(0),
  exp: z.number().int().min(0).optional(),
});

/** Ed25519 signatures are 64 bytes: 86 base64url characters without padding. */
const TOKEN = /^([A-Za-z0-9_-]{1,512})\.([A-Za-z0-9_-]{86})$/;

export interface SigningKeyPair {
  /** Base64 SPKI DER. */
  publicKey: string;
  /** Base64 PKCS#8 DER; never leaves the server. */
  privateKey: string;
}

export function generateSigningKeyPair(): SigningKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
}

export interface TokenSigner {
  sign(claims: TokenClaims): string;
  /** The claims of a genuine token string, or null when it is malformed or its signature does not verify. */
  verify(token: string): TokenClaims | null;
}

export function createTokenSigner(keys: SigningKeyPair): TokenSigner {
  const privateKey: KeyObject = createPrivateKey({
    key: Buffer.from(keys.privateKey, 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey: KeyObject = createPublicKey({
    key: Buffer.from(keys.publicKey, 'base64'),
    format: 'der',
    type: 'spki',
  });
  return {
    sign(claims) {
      const body = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
      return `${body}.${sign(null, Buffer.from(body, 'ascii'), privateKey).toString('base64url')}`;
    },
    verify(token) {
      const match = TOKEN.exec(token);
      if (!match?.[1] || !match[2]) return null;
      const [, body, signature] = match;
      if (!verify(null, Buffer.from(body, 'ascii'), publicKey, Buffer.from(signature, 'base64url'))) return null;
      try {
        const parsed = Claims.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
