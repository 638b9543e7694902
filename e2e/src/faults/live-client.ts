import WebSocket from 'ws';

/**
 * A player's live channel as the web client keeps it: pushed notices are recorded; a closed socket is opened
 * again after a short pause, and every (re)opening reads the notice list, which is how a client gets what was
 * pushed while it was away. Records every close code, so a test can tell "told to reload" (4000) and
 * "server going away" (1001) from failures.
 */
export function followGame(target: () => string, gameId: number, headers: Record<string, string>) {
  const pushed = new Set<number>();
  const fetched = new Set<number>();
  const closeCodes: number[] = [];
  let opens = 0;
  let socket: WebSocket | undefined;
  let stopped = false;

  async function readNotices(): Promise<void> {
    try {
      const response = await fetch(`${target()}/api/game/${gameId}/notices`, { headers });
      if (!response.ok) return;
      for (const notice of (await response.json()) as Array<{ id: number }>) fetched.add(notice.id);
    } catch {
      // Read again at the next opening.
    }
  }

  function open(): void {
    if (stopped) return;
    const url = `${target().replace(/^http/, 'ws')}/api/game/${gameId}/live`;
    const current = new WebSocket(url, { headers });
    socket = current;
    current.on('open', () => {
      opens += 1;
      void readNotices();
    });
    current.on('message', (data) => {
      try {
        const message = JSON.parse(String(data)) as { type?: string; data?: { id?: number } };
        if (message.type === 'notice' && typeof message.data?.id === 'number') pushed.add(message.data.id);
      } catch {
        // not ours
      }
    });
    current.on('error', () => undefined);
    current.on('close', (code) => {
      closeCodes.push(code);
      if (!stopped) setTimeout(open, 300);
    });
  }
  open();

  return {
    pushed,
    fetched,
    closeCodes,
    get opens() {
      return opens;
    },
    get connected() {
      return socket?.readyState === WebSocket.OPEN;
    },
    /** Every notice this client knows of, pushed or read. */
    seen(): Set<number> {
      return new Set([...pushed, ...fetched]);
    },
    /** Reads the list once more (as a page does when it is shown again), then stops. */
    async stop(): Promise<void> {
      await readNotices();
      stopped = true;
      socket?.close();
    },
  };
}
export type GameFollower = ReturnType<typeof followGame>;
