import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';

/**
 * Team tokens: `<teamId>:<Base64 Ed25519 signature of "FLAGPOLE_TEAM_<teamId>">`, signed with the
 * game's private key. Anyone holding the game's public key can check that a token is genuine.
 */
export const TEAM_TOKEN_PREFIX = 'FLAGPOLE_TEAM_';

export interface GameKeyPair {
  /** Base64 of the raw 32-byte Ed25519 public key (what clients receive). */
  publicKey: string;
  /** Base64 of the PKCS#8 DER private key; never leaves the server. */
  privateKey: string;
}

export function generateGameKeyPair(): GameKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('Ed25519 key without x');
  return {
    publicKey: Buffer.from(jwk.x, 'base64url').toString('base64'),
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
}

const message = (teamId: number) => Buffer.from(`${TEAM_TOKEN_PREFIX}${teamId}`, 'utf8');

/** The team token of a team in a game, as shown to its members. */
export function signTeamToken(privateKeyBase64: string, teamId: number): string {
  const key = createPrivateKey({ key: Buffer.from(privateKeyBase64, 'base64'), format: 'der', type: 'pkcs8' });
  return `${teamId}:${sign(null, message(teamId), key).toString('base64')}`;
}

export type TeamTokenCheck = 'valid' | 'invalid' | 'malformed';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function decodeBase64(value: string, bytes: number): Buffer | null {
  const trimmed = value.trim();
  if (!BASE64.test(trimmed)) return null;
  const decoded = Buffer.from(trimmed, 'base64');
  return decoded.length === bytes ? decoded : null;
}

/** Checks a team token against a game's Base64 public key. */
export function verifyTeamToken(teamToken: string, publicKeyBase64: string): TeamTokenCheck {
  const match = /^(\d{1,10}):(.+)$/.exec(teamToken.trim());
  if (!match?.[1] || !match[2]) return 'malformed';
  const teamId = Number(match[1]);
  const signature = decodeBase64(match[2], 64);
  const rawKey = decodeBase64(publicKeyBase64, 32);
  if (!Number.isSafeInteger(teamId) || !signature || !rawKey) return 'malformed';
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: rawKey.toString('base64url') },
      format: 'jwk',
    });
    return verify(null, message(teamId), key, signature) ? 'valid' : 'invalid';
  } catch {
    return 'malformed';
  }
}
