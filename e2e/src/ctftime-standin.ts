import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A stand-in of oauth.ctftime.org on loopback, as CTFtime documents it: /authorize sends the browser straight back
 * with a one-time code for the CTFtime user signed in there (CTFtime remembers its user and the approval), /token
 * checks the event's id and secret and the code, /user answers the user and their team.
 */

export interface CtftimeUser {
  id: number;
  name: string;
  team?: { id: number; name: string; country: string; logo: string };
}

export interface CtftimeStandIn {
  /** CTFTIME_OAUTH_URL for the platform. */
  url: string;
  eventId: string;
  secret: string;
  /** The CTFtime user the next /authorize signs in. */
  signInAs(user: CtftimeUser): void;
  close(): Promise<void>;
}

export async function startCtftimeStandIn(): Promise<CtftimeStandIn> {
  const eventId = '3141';
  const secret = 'ctftime-e2e-secret-7d2f';
  let current: CtftimeUser | undefined;
  const codes = new Map<string, CtftimeUser>();
  const tokens = new Map<string, CtftimeUser>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/authorize' && current) {
      const code = `code-${codes.size}-${Math.random()}`;
      codes.set(code, current);
      const back = new URL(String(url.searchParams.get('redirect_uri')));
      back.search = new URLSearchParams({ code, state: String(url.searchParams.get('state')) }).toString();
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const user = codes.get(String(form.get('code')));
      codes.delete(String(form.get('code')));
      if (form.get('client_id') !== eventId || form.get('client_secret') !== secret || !user) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}');
        return;
      }
      const token = `token-${Math.random()}`;
      tokens.set(token, user);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: 3600 }));
      return;
    }
    const user = tokens.get(String(req.headers.authorization).replace(/^Bearer /, ''));
    if (url.pathname === '/user' && user) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(user));
      return;
    }
    res.writeHead(401).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    eventId,
    secret,
    signInAs: (user) => {
      current = user;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
