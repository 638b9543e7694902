/**
 * Who is at the soak event at each moment: players signing in and out (argon2 sign-ins through the API, sign-outs
 * through `POST /api/account/logout`), each signed-in player with a tab holding the game's live websocket
 * (`/api/game/{id}/live`), some churn every simulated minute (tabs closed and opened, players leaving and coming back)
 * and reconnect storms in which every socket drops at once and every client reconnects at once.
 */
import WebSocket from 'ws';
import { type Player, signIn } from './game-load-submissions';

export interface SoakPlayer {
  userName: string;
  team: number;
  /** The signed-in session, or undefined while signed out. */
  session: Player | undefined;
  /** A request of this player is in flight: not signed out under it. */
  busy: number;
  socket: WebSocket | undefined;
}

export interface PopulationCounts {
  signIns: number;
  signOuts: number;
  signInFailures: number;
  socketsOpened: number;
  socketOpenFailures: number;
  /** Sockets the server closed (not the client): close codes and how often. */
  serverCloses: Map<number, number>;
  liveMessages: number;
  liveBytes: number;
  storms: number;
  /** Longest time from a storm's drop until every socket of it was open again, ms. */
  slowestStormMs: number;
}

export class Population {
  readonly players: SoakPlayer[];
  readonly counts: PopulationCounts = {
    signIns: 0,
    signOuts: 0,
    signInFailures: 0,
    socketsOpened: 0,
    socketOpenFailures: 0,
    serverCloses: new Map(),
    liveMessages: 0,
    liveBytes: 0,
    storms: 0,
    slowestStormMs: 0,
  };
  /** Signed-in players, for picking a sender fast. */
  readonly signedIn: SoakPlayer[] = [];
  private changing = false;
  /** Settles the open of a socket still connecting, when the client gives up on it (closed before it opened). */
  private readonly opening = new WeakMap<WebSocket, () => void>();

  constructor(
    private readonly base: string,
    private readonly gameId: number,
    private readonly password: string,
    teams: string[][],
  ) {
    this.players = teams.flatMap((members, team) =>
      members.map((userName) => ({ userName, team, session: undefined, busy: 0, socket: undefined })),
    );
  }

  get liveSockets(): number {
    return this.signedIn.reduce((open, player) => open + (player.socket ? 1 : 0), 0);
  }

  /** A random signed-in player, or undefined if nobody is. */
  pick(random: () => number): SoakPlayer | undefined {
    return this.signedIn[Math.floor(random() * this.signedIn.length)];
  }

  /**
   * One simulated minute's changes toward `target` players signed in: sign-ins or sign-outs (at most `maxStep`),
   * plus `churn` of the signed-in players leaving and as many others arriving, and `tabChurn` of the sockets closed
   * and opened again. Skipped while the previous step is still running (sign-ins are slow on purpose).
   */
  async step(target: number, random: () => number, options: { maxStep: number; churn: number; tabChurn: number }) {
    if (this.changing) return;
    this.changing = true;
    try {
      const churn = Math.round(this.signedIn.length * options.churn);
      const leaving = Math.max(0, this.signedIn.length - target) + churn;
      const arriving = Math.min(options.maxStep, Math.max(0, target - this.signedIn.length) + churn);
      const signedOut = this.players.filter((player) => player.session === undefined);
      const comers = pickSome(signedOut, arriving, random);
      const goers = pickSome(
        this.signedIn.filter((player) => player.busy === 0),
        Math.min(leaving, options.maxStep),
        random,
      );
      await Promise.all(goers.map((player) => this.signOut(player)));
      // The server verifies two passwords at a time on this machine; eight in flight keep its queue full.
      await runLimited(comers, 8, (player) => this.signIn(player));
      const tabs = pickSome(
        this.signedIn.filter((player) => player.socket),
        Math.round(this.signedIn.length * options.tabChurn),
        random,
      );
      for (const player of tabs) this.closeSocket(player);
      await Promise.all(tabs.map((player) => this.openSocket(player)));
    } finally {
      this.changing = false;
    }
  }

  /** Every socket dropped at once (as a proxy restart or a network blip does), then every tab reconnects at once. */
  async storm(): Promise<void> {
    const holders = this.signedIn.filter((player) => player.socket);
    for (const player of holders) this.closeSocket(player, 'drop');
    const started = performance.now();
    await Promise.all(holders.map((player) => this.openSocket(player)));
    this.counts.storms += 1;
    this.counts.slowestStormMs = Math.max(this.counts.slowestStormMs, performance.now() - started);
  }

  /** Everyone signs out and closes their tab (end of the run). */
  async leaveAll(): Promise<void> {
    const everyone = [...this.signedIn];
    await runLimited(everyone, 16, (player) => this.signOut(player));
  }

  private async signIn(player: SoakPlayer): Promise<void> {
    try {
      player.session = await signIn(this.base, player.userName, this.password, []);
    } catch {
      this.counts.signInFailures += 1;
      return;
    }
    this.counts.signIns += 1;
    this.signedIn.push(player);
    await this.openSocket(player);
  }

  private async signOut(player: SoakPlayer): Promise<void> {
    const session = player.session;
    if (!session) return;
    player.session = undefined;
    const at = this.signedIn.indexOf(player);
    if (at >= 0) this.signedIn.splice(at, 1);
    this.closeSocket(player);
    const response = await fetch(`${this.base}/api/account/logout`, { method: 'POST', headers: session.headers });
    await response.arrayBuffer();
    if (response.ok) this.counts.signOuts += 1;
  }

  /** Closes the player's tab: politely (close frame) or dropped (the connection cut, no close frame). */
  private closeSocket(player: SoakPlayer, how: 'close' | 'drop' = 'close'): void {
    const socket = player.socket;
    player.socket = undefined;
    if (socket) {
      this.opening.get(socket)?.();
      socket.removeAllListeners('close');
      socket.removeAllListeners('error');
      socket.on('error', () => undefined);
      if (how === 'drop') socket.terminate();
      else socket.close(1000);
    }
  }

  /** Opens the player's live tab; resolves when it is open or has failed (failures are counted, not thrown). */
  private openSocket(player: SoakPlayer): Promise<void> {
    const url = `${this.base.replace('http://', 'ws://')}/api/game/${this.gameId}/live`;
    const socket = new WebSocket(url, {
      perMessageDeflate: false,
      headers: { cookie: player.session?.headers.cookie ?? '' },
    });
    player.socket = socket;
    socket.on('message', (data: Buffer) => {
      this.counts.liveMessages += 1;
      this.counts.liveBytes += data.length;
    });
    return new Promise((resolve) => {
      let settled = false;
      const settle = () => {
        if (settled) return;
        settled = true;
        this.opening.delete(socket);
        resolve();
      };
      this.opening.set(socket, settle);
      socket.once('open', () => {
        this.counts.socketsOpened += 1;
        socket.removeAllListeners('error');
        socket.on('error', () => undefined);
        socket.on('close', (code) => {
          this.counts.serverCloses.set(code, (this.counts.serverCloses.get(code) ?? 0) + 1);
          if (player.socket === socket) player.socket = undefined;
        });
        settle();
      });
      socket.once('error', () => {
        this.counts.socketOpenFailures += 1;
        if (player.socket === socket) player.socket = undefined;
        settle();
      });
    });
  }
}

/** `count` distinct random elements of `from` (fewer if it has fewer). */
function pickSome<T>(from: T[], count: number, random: () => number): T[] {
  const pool = [...from];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) {
    const at = Math.floor(random() * pool.length);
    picked.push(pool[at] as T);
    pool[at] = pool[pool.length - 1] as T;
    pool.pop();
  }
  return picked;
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function runLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let item = items[next++]; item !== undefined; item = items[next++]) await work(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
