/**
 * A 48-hour event, compressed (issue 23): 2,000 players in 500 teams on the built server with the local PostgreSQL
 * server and Redis, played over `--minutes` of real time (soak-schedule.ts): players signing in and out, each with
 * the game's live websocket open, tabs reloading and reconnect storms (soak-population.ts); ~1,000,000 submissions,
 * mostly wrong, about 1.5 % a team's correct flag; board, challenge, details and notice reads; an administrator's
 * rounds every simulated hour (soak-traffic.ts). The server's RSS, heap, descriptors, event-loop delay p99, database
 * size and log bytes (LOG_LEVEL=info) are sampled every `--sample-seconds` (soak-sampler.ts), fitted and plotted
 * (soak-report.ts, soak-plot.ts). At the end every acknowledged submission is looked up in the database.
 * With a Docker daemon, players also start container instances (soak-instances.ts: a start every few seconds,
 * a third destroyed by hand, the rest left to expire after the one-minute lifetime); without one it says so.
 *
 *   node --import tsx bench/scenarios/soak.ts [--minutes 30] [--submissions N] [--sample-seconds 5] [--write]
 *   node --import tsx bench/scenarios/soak.ts --quick          # 3 minutes, 100,000 submissions: a smoke run
 *
 * --write records the run in bench/results/soak.md (with soak.png and soak-samples.csv); without it they go to
 * /tmp/flagpole-soak/. BENCH_SOAK_SERVER_ENV='NAME=value,…' adds variables to the server's environment (e.g.
 * generous live-connection caps). Every loop ends by the schedule's end; all traffic stays on loopback.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildFlagImage, FLAG_IMAGE, FLAG_PORT } from '../../e2e/src/challenge-image';
import { recreateDatabase } from './bench-database';
import { benchServerNodeArgs, repoRoot, startBenchServer } from './bench-server';
import { calibrate, describeCalibration } from './calibration';
import { openLoadClient } from './game-load-client';
import { signIn } from './game-load-submissions';
import { calibrateHttpExchange, describeHttpCalibration } from './http-calibration';
import { checkNothingLost } from './soak-check';
import { SoakInstances } from './soak-instances';
import { Population } from './soak-population';
import { writeSoakResults } from './soak-report';
import { SoakSampler } from './soak-sampler';
import { activity, simulatedHours, soakSchedule, submissionTarget } from './soak-schedule';
import { SOAK_CHALLENGES, SOAK_PASSWORD, SOAK_PLAYERS, SOAK_TEAMS, seedSoak } from './soak-seed';
import { SoakTraffic, seededRandom } from './soak-traffic';

const PORT = 18_190;
const METRICS_PORT = 18_191;
const BASE = `http://127.0.0.1:${PORT}`;
const DB_NAME = process.env.BENCH_DB_NAME ?? 'flagpole_soak';
const SUBMIT_WORKERS = 48;
const READ_WORKERS = 8;
/** Reads sent for each submission sent. */
const READS_PER_SUBMISSION = 0.1;
/** One instance start asked every this many ms (real time), when Docker is there. */
const INSTANCE_START_EVERY_MS = 3_000;
/** The reaper's round (CONTAINER_REAP_INTERVAL_SECONDS); instances live one minute (the policy's defaultLifetime). */
const REAP_SECONDS = 5;
const INSTANCE_LIFETIME_MS = 60_000;
/** Per simulated hour: signed-in players leaving (others arrive in their place), and live tabs reloaded. */
const CHURN_PER_HOUR = 0.05;
const TAB_CHURN_PER_HOUR = 0.2;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function dockerAvailable(): Promise<boolean> {
  const { request } = await import('node:http');
  return new Promise((resolve) => {
    const asked = request({ socketPath: '/var/run/docker.sock', path: '/_ping', timeout: 2000 }, (answer) => {
      answer.resume();
      resolve(answer.statusCode === 200);
    });
    asked.on('error', () => resolve(false));
    asked.on('timeout', () => asked.destroy());
    asked.end();
  });
}

function extraServerEnv(): Record<string, string> {
  const pairs = (process.env.BENCH_SOAK_SERVER_ENV ?? '').split(',').filter(Boolean);
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

/** Waits for `work`, at most `ms`: the run's end must not hang on a straggler (it is reported, not awaited). */
async function settledWithin(work: Promise<unknown>, ms: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.error(`${what} still running after ${ms} ms: not awaited`);
      resolve();
    }, ms);
  });
  await Promise.race([work.then(() => undefined), late]);
  clearTimeout(timer);
}

async function main() {
  const quick = process.argv.includes('--quick');
  const minutes = Number(option('--minutes') ?? (quick ? 3 : 30));
  const submissions = Number(option('--submissions') ?? Math.round((1_000_000 * minutes) / 30));
  const schedule = soakSchedule({
    minutes,
    submissions,
    sampleSeconds: Number(option('--sample-seconds') ?? (quick ? 2 : 5)),
  });
  const docker = await dockerAvailable();
  console.log(
    `soak: 48 simulated hours in ${minutes} min, ${submissions} submissions; Docker ${docker ? 'up' : 'absent'}`,
  );
  const calibration = calibrate();
  const httpExchange = await calibrateHttpExchange('raw');
  console.log(`${describeCalibration(calibration)}, ${describeHttpCalibration(httpExchange)}`);

  await recreateDatabase(DB_NAME);
  const outDir = process.argv.includes('--write') ? path.join(repoRoot, 'bench/results') : '/tmp/flagpole-soak';
  mkdirSync('/tmp/flagpole-soak', { recursive: true });
  const serverLog = createWriteStream('/tmp/flagpole-soak/server.log');
  let logBytes = 0;
  if (docker) await buildFlagImage();
  const containerEnv: Record<string, string> = docker
    ? {
        CONTAINER_ENGINE: 'docker',
        CONTAINER_REAP_INTERVAL_SECONDS: String(REAP_SECONDS),
        CONTAINER_PUBLISH_ADDRESS: '127.0.0.1',
        CONTAINER_PUBLIC_HOST: '127.0.0.1',
      }
    : {};
  const serverEnv = { LOG_LEVEL: 'info', METRICS_PORT: String(METRICS_PORT), ...containerEnv, ...extraServerEnv() };
  const server = await startBenchServer({
    port: PORT,
    database: DB_NAME,
    dataDir: '/tmp/flagpole-soak/data',
    adminPassword: SOAK_PASSWORD,
    build: true,
    env: serverEnv,
    onOutput: (chunk) => {
      logBytes += chunk.length;
      serverLog.write(chunk);
    },
  });
  const pid = server.pid ?? 0;
  const sampler = new SoakSampler(pid, `http://127.0.0.1:${METRICS_PORT}/metrics`, DB_NAME, DB_NAME);
  await sampler.open();
  try {
    const seeded = await seedSoak(
      DB_NAME,
      schedule.eventHours,
      docker ? { image: FLAG_IMAGE, port: FLAG_PORT } : undefined,
    );
    const dbAfterSeedMb = await sampler.databaseMb();
    const logAfterStart = logBytes;
    console.log(
      `seeded game ${seeded.gameId}: ${SOAK_PLAYERS} players, ${SOAK_TEAMS} teams, ${SOAK_CHALLENGES} challenges`,
    );
    const admin = await signIn(BASE, 'admin', SOAK_PASSWORD, []);
    if (docker) {
      const policy = await fetch(`${BASE}/api/admin/config`, {
        method: 'PUT',
        headers: admin.headers,
        body: JSON.stringify({ containerPolicy: { defaultLifetime: INSTANCE_LIFETIME_MS / 60_000 } }),
      });
      if (!policy.ok) throw new Error(`container policy: ${policy.status} ${await policy.text()}`);
    }
    const random = seededRandom(0x50a4);
    const population = new Population(BASE, seeded.gameId, SOAK_PASSWORD, seeded.teams);
    const traffic = new SoakTraffic(seeded.gameId, seeded.challengeIds, population, SOAK_TEAMS, random);
    const target = submissionTarget(schedule);
    const started = Date.now();
    const until = started + schedule.realMs;
    const hourNow = () => simulatedHours(schedule, Date.now() - started);

    const submitClient = openLoadClient('raw', BASE, SUBMIT_WORKERS);
    const readClient = openLoadClient('raw', BASE, READ_WORKERS);
    const submitting = traffic.submissions(
      submitClient,
      SUBMIT_WORKERS,
      () => target(hourNow()),
      schedule.correctShare,
      until,
    );
    const reading = traffic.reads(readClient, READ_WORKERS, READS_PER_SUBMISSION, until);
    const instances =
      seeded.containerChallengeId === null
        ? null
        : new SoakInstances(BASE, seeded.gameId, seeded.containerChallengeId, population, seededRandom(0x1257));
    const instancing = instances?.drive(INSTANCE_START_EVERY_MS, until) ?? Promise.resolve();

    // The event's clock: players come and go each real second, the administrator's round each simulated hour,
    // the storms at their hours; one sample every sampleMs.
    const driving = (async () => {
      let adminHour = -1;
      const storms = [...schedule.stormHours];
      let nextSample = started;
      /** Sign-ins, storms and admin rounds run beside the clock, so samples stay on time; awaited at the end. */
      const background = new Set<Promise<void>>();
      const track = (work: Promise<void>) => {
        const tracked = work.catch((error: unknown) => console.error('background step failed', error));
        background.add(tracked);
        void tracked.finally(() => background.delete(tracked));
      };
      let adminBusy = false;
      while (Date.now() < until) {
        const hour = hourNow();
        const tickHours = simulatedHours(schedule, 1000);
        if (storms[0] !== undefined && hour >= storms[0]) {
          storms.shift();
          const dropped = population.liveSockets;
          track(
            population.storm().then(() => console.log(`storm at ${hour.toFixed(1)} h: ${dropped} sockets dropped`)),
          );
        }
        track(
          population.step(Math.round(SOAK_PLAYERS * activity(hour)), random, {
            maxStep: 80,
            churn: CHURN_PER_HOUR * tickHours,
            tabChurn: TAB_CHURN_PER_HOUR * tickHours,
          }),
        );
        if (Math.floor(hour) > adminHour && !adminBusy) {
          adminHour = Math.floor(hour);
          adminBusy = true;
          track(
            traffic.adminRound(BASE, admin, hour).finally(() => {
              adminBusy = false;
            }),
          );
        }
        if (Date.now() >= nextSample) {
          nextSample += schedule.sampleMs;
          const sample = await sampler.sample((Date.now() - started) / 1000, hour, {
            signedIn: population.signedIn.length,
            sockets: population.liveSockets,
            acknowledged: traffic.counts.acknowledged,
            logBytes,
            window: traffic.takeWindow(),
          });
          if (Math.floor(sample.realS / 60) !== Math.floor((sample.realS - schedule.sampleMs / 1000) / 60)) {
            console.log(
              `${sample.hour.toFixed(1)} h: RSS ${sample.rssMb.toFixed(0)} MB, heap ${sample.heapUsedMb.toFixed(0)} MB, ` +
                `${sample.fds} fds, loop p99 ${sample.loopP99Ms.toFixed(1)} ms, DB ${sample.dbMb.toFixed(0)} MB, ` +
                `log ${sample.logBytes} B, ${sample.signedIn} in, ${sample.sockets} sockets, ` +
                `${sample.acknowledged} acknowledged, load ${sample.load1.toFixed(1)}`,
            );
          }
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(1000, nextSample - Date.now()))));
      }
      await settledWithin(Promise.all([...background]), 60_000, 'background steps');
    })();
    await Promise.all([submitting, reading, driving, instancing]);
    await submitClient.close();
    await readClient.close();
    await settledWithin(population.leaveAll(), 60_000, 'sign-outs');
    const lost = await checkNothingLost(DB_NAME, seeded.gameId, traffic);
    await instances?.afterExpiry(INSTANCE_LIFETIME_MS, REAP_SECONDS * 1000);
    if (instances) console.log('instances', instances.counts);
    console.log('nothing lost check', lost);
    const written = await writeSoakResults({
      outDir,
      write: process.argv.includes('--write'),
      calibration,
      httpExchange,
      nodeArgs: benchServerNodeArgs(),
      serverEnv,
      schedule,
      docker,
      instances: instances?.counts ?? null,
      samples: sampler.samples,
      population: population.counts,
      traffic: traffic.counts,
      lost,
      dbAfterSeedMb,
      dbEndMb: await sampler.databaseMb(),
      logAfterStart,
      logEnd: logBytes,
    });
    console.log(`written: ${written.join(', ')}`);
  } finally {
    await sampler.close();
    server.kill('SIGTERM');
    serverLog.end();
  }
}

await main();
