import { describe, expect, it } from 'vitest';
import { HubConnection, type HubTransport } from './hub-connection';
import { invocationFrame, negotiateResponse, RECORD_SEPARATOR as RS } from './protocol';

/** A transport that records what the connection writes. */
function fakeTransport(buffered = 0) {
  const sent: string[] = [];
  let ended = 0;
  const transport: HubTransport = {
    name: 'WebSockets',
    send: (text) => sent.push(text),
    end: () => {
      ended++;
    },
    bufferedBytes: () => buffered,
  };
  return { transport, sent, ended: () => ended };
}

const records = (sent: string[]) =>
  sent
    .join('')
    .split(RS)
    .filter((text) => text !== '')
    .map((text) => JSON.parse(text) as Record<string, unknown>);

/** A connection whose hub admits it as soon as the handshake arrives (unless `admit` is false). */
function openConnection(admit = true) {
  const fake = fakeTransport();
  const connection = new HubConnection(fake.transport, 0);
  let handshakes = 0;
  let closes = 0;
  connection.on('handshake', () => {
    handshakes++;
    if (admit) connection.admit();
  });
  connection.on('close', () => closes++);
  return { ...fake, connection, handshakes: () => handshakes, closes: () => closes };
}

describe('a hub connection', () => {
  it('answers a JSON handshake, even when it arrives in pieces, and only then takes messages', () => {
    const c = openConnection();
    c.connection.sendFrame(invocationFrame('Early', 1));
    c.connection.receive('{"protocol":"json",', 1);
    expect(c.sent).toEqual([]);
    c.connection.receive(`"version":1}${RS}{"type":6}${RS}`, 2);
    expect(c.sent).toEqual([`{}${RS}`]);
    expect(c.handshakes()).toBe(1);
    expect(c.connection.isOpen).toBe(true);
    expect(c.connection.lastReceivedAt).toBe(2);
    c.connection.sendFrame(invocationFrame('ReceivedGameNotice', { id: 1 }));
    expect(records(c.sent)).toEqual([{}, { type: 1, target: 'ReceivedGameNotice', arguments: [{ id: 1 }] }]);
  });

  it('answers the handshake only once the hub decides; a refusal comes with it, in one write', () => {
    const c = openConnection(false);
    c.connection.receive(`{"protocol":"json","version":1}${RS}`, 1);
    expect(c.handshakes()).toBe(1);
    expect(c.connection.isAdmitting).toBe(true);
    expect(c.sent).toEqual([]);
    c.connection.fail('Game not found.');
    expect(c.sent).toEqual([`{}${RS}{"type":7,"error":"Game not found."}${RS}`]);
    expect(c.ended()).toBe(1);
    expect(c.closes()).toBe(1);
  });

  it('refuses another protocol in the handshake response and ends the transport', () => {
    const c = openConnection();
    c.connection.receive(`{"protocol":"messagepack","version":1}${RS}`, 1);
    expect(records(c.sent)).toEqual([{ error: "Requested protocol 'messagepack' is not available." }]);
    expect(c.ended()).toBe(1);
    expect(c.handshakes()).toBe(0);
    expect(c.closes()).toBe(1);
  });

  it('answers a blocking invocation with an error, ignores pings and closes on a close message', () => {
    const c = openConnection();
    c.connection.receive(`{"protocol":"json","version":1}${RS}`, 1);
    c.connection.receive(`{"type":1,"invocationId":"7","target":"Hack","arguments":[]}${RS}`, 2);
    c.connection.receive(`{"type":1,"target":"Quiet","arguments":[]}${RS}{"type":6}${RS}`, 3);
    const [, completion, ...rest] = records(c.sent);
    expect(completion).toMatchObject({ type: 3, invocationId: '7' });
    expect(completion?.error).toContain('Hack');
    expect(rest).toEqual([]);
    c.connection.receive(`{"type":7}${RS}`, 4);
    expect(c.ended()).toBe(1);
    expect(c.closes()).toBe(1);
  });

  it('closes with an error on a malformed message, and sends nothing after closing', () => {
    const c = openConnection();
    c.connection.receive(`{"protocol":"json","version":1}${RS}`, 1);
    c.connection.receive(`not json${RS}`, 2);
    expect(records(c.sent).at(-1)).toMatchObject({ type: 7, error: expect.stringContaining('malformed') });
    c.connection.sendFrame(invocationFrame('Late', 1));
    c.connection.ping();
    expect(records(c.sent)).toHaveLength(2);
    expect(c.closes()).toBe(1);
  });

  it('sends the close message with allowReconnect when the credentials watcher ends it', () => {
    const c = openConnection();
    c.connection.receive(`{"protocol":"json","version":1}${RS}`, 1);
    c.connection.close(4401, 'signed out');
    expect(records(c.sent).at(-1)).toEqual({
      type: 7,
      error: 'Credentials changed (signed out).',
      allowReconnect: true,
    });
    c.connection.transportClosed();
    expect(c.closes()).toBe(1);
  });

  it('drops a client that stopped reading instead of buffering without bound', () => {
    const fake = fakeTransport(5 * 1024 * 1024);
    const connection = new HubConnection(fake.transport, 0);
    connection.receive(`{"protocol":"json","version":1}${RS}`, 1);
    connection.admit();
    connection.sendFrame(invocationFrame('ReceivedLog', {}));
    expect(fake.ended()).toBe(1);
    expect(records(fake.sent)).toEqual([{}]);
  });

  it('refuses a record that never ends', () => {
    const c = openConnection();
    c.connection.receive('x'.repeat(70 * 1024), 1);
    expect(c.ended()).toBe(1);
  });
});

describe('negotiate', () => {
  it('answers version 1 with a separate token, and version 0 with the token as the connection id', () => {
    expect(negotiateResponse(1, 'public', 'secret')).toEqual({
      negotiateVersion: 1,
      connectionId: 'public',
      connectionToken: 'secret',
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text'] },
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
      ],
    });
    expect(negotiateResponse(0, 'public', 'secret')).toMatchObject({ negotiateVersion: 0, connectionId: 'secret' });
    expect(negotiateResponse(0, 'public', 'secret')).not.toHaveProperty('connectionToken');
    expect(negotiateResponse(5, 'public', 'secret').negotiateVersion).toBe(1);
  });
});
