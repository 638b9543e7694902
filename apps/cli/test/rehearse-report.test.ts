import { describe, expect, it } from 'vitest';
import { parsePrometheus, type Sample, sampleFrom } from '../src/rehearse/metrics.js';
import { renderReport } from '../src/rehearse/report.js';
import { isError, quantile, summarizeEndpoints, timeline } from '../src/rehearse/stats.js';
import { decide, decideFor } from '../src/rehearse/verdict.js';

const quiet = (t: number, teams: number, over: Partial<Sample> = {}): Sample => ({
  t,
  teams,
  cpu: 0.2,
  eventLoopP99: 0.01,
  dbPoolWaiting: 0,
  judgeBacklog: 0,
  instanceQueue: 0,
  liveConnections: teams,
  liveRefused: 0,
  ...over,
});

const base = {
  teamsPlanned: 100,
  teamsReached: 100,
  rampSeconds: 60,
  calls: 10_000,
  errors: 0,
  slowestP95Ms: 120,
  slowestEndpoint: 'GET /api/game/:id/details',
  samples: [quiet(10, 50), quiet(20, 100, { cpu: 0.45 })],
};

describe('rehearsal verdict', () => {
  it('is ready when nothing saturates, and projects capacity from the busiest resource', () => {
    const verdict = decide(base);
    expect(verdict.ready).toBe(true);
    expect(verdict.busiest?.key).toBe('cpu');
    // CPU 0.45 cores at 100 teams against a 0.9 limit: about 200 teams.
    expect(verdict.capacityTeams).toBe(200);
    expect(verdict.headroom).toBe(2);
    expect(verdict.sentence).toBe(
      'Ready for 100 teams at a 60 s ramp; the server CPU is the first limit, projected near 200 teams.',
    );
  });

  it('names the resource that saturated first and the load it saturated at', () => {
    const samples = [
      quiet(5, 0, { eventLoopP99: 0.5 }),
      quiet(10, 40),
      quiet(20, 70, { dbPoolWaiting: 3 }),
      quiet(30, 100, { dbPoolWaiting: 5, judgeBacklog: 80 }),
    ];
    const verdict = decide({ ...base, samples });
    expect(verdict.ready).toBe(false);
    expect(verdict.firstSaturated?.key).toBe('dbPool');
    expect(verdict.capacityTeams).toBe(70);
    expect(verdict.sentence).toBe('Not ready for 100 teams at a 60 s ramp: the database pool saturated at 70 teams.');
  });

  it('names the start rate the instance queue fills at as the pace limit, without calling it not ready', () => {
    const samples = [
      quiet(10, 30, { startsPerMinute: 40 }),
      quiet(20, 60, { instanceQueue: 2, startsPerMinute: 120 }),
      quiet(30, 100, { instanceQueue: 6, cpu: 0.45, startsPerMinute: 150 }),
    ];
    const verdict = decide({ ...base, samples });
    expect(verdict.ready).toBe(true);
    expect(verdict.paceLimit?.saturatedAt).toEqual({ t: 20, teams: 60, startsPerMinute: 120 });
    // The queue is not a capacity limit: CPU still projects it.
    expect(verdict.capacityTeams).toBe(200);
    expect(verdict.sentence).toBe(
      'Ready for 100 teams at a 60 s ramp; the server CPU is the first limit, projected near 200 teams; ' +
        'the instance start queue saturates at 120 starts/min (60 teams in).',
    );
    expect(decideFor({ ...base, samples }, 150).sentence).toBe(
      'Ready for 150 teams at this ramp (rehearsed with 100); the server CPU projects a limit near 200 teams; ' +
        'the instance start queue saturates at 120 starts/min (60 teams in).',
    );
    // Without a measured start rate it falls back to the teams in.
    const unmeasured = decide({ ...base, samples: [quiet(20, 60, { instanceQueue: 2 })] });
    expect(unmeasured.sentence).toBe(
      'Ready for 100 teams at a 60 s ramp; the server CPU is the first limit, projected near 270 teams; ' +
        'the instance start queue saturated at 60 teams.',
    );
  });

  it('is not ready when a resource that breaks saturates, and still names the start pace', () => {
    const samples = [
      quiet(20, 60, { instanceQueue: 2, startsPerMinute: 120 }),
      quiet(30, 90, { instanceQueue: 6, liveRefused: 3, startsPerMinute: 150 }),
    ];
    const verdict = decide({ ...base, samples });
    expect(verdict.ready).toBe(false);
    expect(verdict.firstSaturated?.key).toBe('instances');
    expect(verdict.capacityTeams).toBe(90);
    expect(verdict.sentence).toBe(
      'Not ready for 100 teams at a 60 s ramp: the live fan-out saturated at 90 teams; ' +
        'the instance start queue saturates at 120 starts/min (60 teams in).',
    );
  });

  it('is not ready with more than 1% errors, slow answers or teams that never got in', () => {
    const verdict = decide({ ...base, errors: 200, slowestP95Ms: 2500, teamsReached: 97 });
    expect(verdict.ready).toBe(false);
    expect(verdict.sentence).toBe(
      'Not ready for 100 teams at a 60 s ramp: only 97 teams of 100 got in; 2.0% of requests failed; ' +
        'GET /api/game/:id/details answered in 2500 ms (95th percentile).',
    );
    expect(decide({ ...base, errors: 100 }).ready).toBe(true);
  });

  it('speaks of the planned field size, ready only when the projection reaches it', () => {
    expect(decideFor(base, 150).sentence).toBe(
      'Ready for 150 teams at this ramp (rehearsed with 100); the server CPU projects a limit near 200 teams.',
    );
    const short = decideFor(base, 800);
    expect(short.ready).toBe(false);
    expect(short.headroom).toBe(0.25);
    expect(short.sentence).toBe(
      'Not ready for 800 teams at this ramp: rehearsed with 100, the server CPU projects a limit near 200 teams.',
    );
  });

  it('says so when no resource was read', () => {
    const verdict = decide({ ...base, samples: [] });
    expect(verdict.capacityTeams).toBeNull();
    expect(verdict.sentence).toBe('Ready for 100 teams at a 60 s ramp; no resource showed load.');
  });
});

describe('rehearsal figures', () => {
  it('sums metric series and derives CPU cores from the counter', () => {
    const text = [
      '# HELP process_cpu_seconds_total x',
      'process_cpu_seconds_total 12.5',
      'flagpole_live_connections{game="1"} 3',
      'flagpole_live_connections{game="2"} 4',
      'flagpole_db_pool_waiting_requests 2',
    ].join('\n');
    const figures = parsePrometheus(text);
    expect(figures.get('flagpole_live_connections')).toBe(7);
    const { sample } = sampleFrom(figures, { t: 12, teams: 5 }, { t: 10, cpuSeconds: 11.5 });
    expect(sample).toMatchObject({ cpu: 0.5, liveConnections: 7, dbPoolWaiting: 2, judgeBacklog: null, teams: 5 });
  });

  it('turns the players’ instance starts between two scrapes into starts per minute', () => {
    const figures = parsePrometheus('flagpole_instance_start_queue_length 3');
    const later = sampleFrom(figures, { t: 12, teams: 5, starts: 30 }, { t: 10, cpuSeconds: null, starts: 26 });
    expect(later.sample).toMatchObject({ instanceQueue: 3, startsPerMinute: 120 });
    expect(sampleFrom(figures, { t: 2, teams: 0, starts: 0 }, null).sample.startsPerMinute).toBeNull();
  });

  it('summarises latency percentiles and errors per endpoint, and a timeline', () => {
    const calls = Array.from({ length: 100 }, (_, i) => ({
      endpoint: i % 4 === 0 ? 'POST /x' : 'GET /y',
      at: 1000 + i * 100,
      ms: i + 1,
      status: i === 4 ? 500 : 200,
    }));
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(isError({ endpoint: 'GET /p', at: 0, ms: 1, status: 401, expected: true })).toBe(false);
    expect(isError({ endpoint: 'GET /p', at: 0, ms: 1, status: 0 })).toBe(true);
    const [y, x] = summarizeEndpoints(calls, 10);
    expect(y).toMatchObject({ endpoint: 'GET /y', count: 75, errors: 0, perSecond: 7.5, max: 100 });
    expect(x).toMatchObject({ endpoint: 'POST /x', count: 25, errors: 1, p50: 49 });
    const buckets = timeline(calls, 1000, 5000);
    expect(buckets).toHaveLength(2);
    expect(buckets[0]).toMatchObject({ t: 0, perSecond: 10, errors: 1 });
  });

  it('renders one self-contained page with the verdict, charts and every endpoint', () => {
    const calls = [{ endpoint: 'GET /api/game/:id/details', at: 0, ms: 12, status: 200 }];
    const html = renderReport({
      url: 'http://127.0.0.1:1',
      game: 3,
      teams: 100,
      planned: 100,
      minutes: 2,
      rampSeconds: 60,
      runId: 'run-1',
      startedAt: '2026-11-28T00:00:00.000Z',
      seconds: 180,
      joinedTeams: 100,
      failures: ['rh-1: <b>boom</b>'],
      notes: [],
      endpoints: summarizeEndpoints(calls, 180),
      timeline: timeline(calls, 0, 1000),
      samples: base.samples,
      verdict: decide(base),
    });
    expect(html).toContain('Ready for 100 teams');
    expect(html).toContain('GET /api/game/:id/details');
    expect(html).toContain('&lt;b&gt;boom&lt;/b&gt;');
    expect(html.match(/<svg/g)?.length).toBeGreaterThanOrEqual(6);
    expect(html).not.toMatch(/<script|<link|src=/);
  });
});
