// @ts-check
// The rehearsal's verdict: which resource saturated first, at how many teams, the headroom at the planned field
// size, and one plain sentence for organisers. Pure rules over the measured figures (test/verdict.test.ts).

/**
 * @typedef {import('./metrics.js').Sample} Sample
 * @typedef {{ key: string, label: string, unit: string, limit: number, waits?: boolean,
 *   value: (sample: Sample, teamsPlanned: number) => number | null }} Resource
 * @typedef {{ key: string, label: string, peak: number, limit: number, load: number,
 *   saturatedAt: { t: number, teams: number, startsPerMinute: number | null } | null }} ResourceFinding
 * @typedef {{ teamsPlanned: number, teamsReached: number, rampSeconds: number, calls: number, errors: number,
 *   slowestP95Ms: number, slowestEndpoint: string | null, samples: Sample[] }} VerdictInput
 * @typedef {{ ready: boolean, sentence: string, errorRate: number, firstSaturated: ResourceFinding | null,
 *   paceLimit: ResourceFinding | null, busiest: ResourceFinding | null, capacityTeams: number | null, headroom: number | null,
 *   resources: ResourceFinding[] }} Verdict
 */

/** Error share above which a run is not ready, whatever the resources say. */
export const MAX_ERROR_RATE = 0.01;
/** A 95th-percentile latency above this on any endpoint means players wait too long. */
export const MAX_P95_MS = 2000;

/**
 * The resources watched, each with the level at which it counts as saturated. A queue that holds work at all is
 * at its limit (work waits); CPU is measured in cores of the server process (Node runs JavaScript on one).
 * @type {Resource[]}
 */
export const RESOURCES = [
  { key: 'cpu', label: 'server CPU', unit: 'cores', limit: 0.9, value: (s) => s.cpu },
  { key: 'eventLoop', label: 'event loop', unit: 's lag', limit: 0.2, value: (s) => s.eventLoopP99 },
  { key: 'dbPool', label: 'database pool', unit: 'waiting', limit: 1, value: (s) => s.dbPoolWaiting },
  { key: 'judge', label: 'judge backlog', unit: 'unjudged', limit: 50, value: (s) => s.judgeBacklog },
  // A full start queue makes players wait for their instances, it breaks nothing: the verdict names the start rate
  // it fills at as the event's pace limit rather than calling the deployment not ready.
  {
    key: 'instances',
    label: 'instance start queue',
    unit: 'queued',
    limit: 1,
    waits: true,
    value: (s) => s.instanceQueue,
  },
  {
    key: 'live',
    label: 'live fan-out',
    unit: 'connections refused',
    limit: 1,
    value: (s) => s.liveRefused,
  },
];

/** @param {Resource} resource @param {Sample[]} samples @returns {ResourceFinding} */
export function examine(resource, samples) {
  let peak = 0;
  /** @type {ResourceFinding['saturatedAt']} */
  let saturatedAt = null;
  let loadAtPeak = 0;
  for (const sample of samples) {
    const value = resource.value(sample, 0);
    if (value === null) continue;
    if (value >= peak) {
      peak = value;
      loadAtPeak = sample.teams;
    }
    // Before any team is in, a high figure is the server's own start-up, not the rehearsal's load.
    if (!saturatedAt && sample.teams > 0 && value >= resource.limit) {
      saturatedAt = { t: sample.t, teams: sample.teams, startsPerMinute: sample.startsPerMinute ?? null };
    }
  }
  return { key: resource.key, label: resource.label, peak, limit: resource.limit, load: loadAtPeak, saturatedAt };
}

/** @param {number} n */
const teamsText = (n) => `${n} team${n === 1 ? '' : 's'}`;

/**
 * Where a resource saturated, in the load organisers plan by: instance starts per minute for the start queue
 * (what players do to it), the number of teams for the rest.
 * @param {ResourceFinding} finding
 */
export function saturationText(finding) {
  const at = finding.saturatedAt;
  if (!at) return `the ${finding.label} did not saturate`;
  const rate = at.startsPerMinute;
  if (finding.key === 'instances' && rate !== null && rate > 0) {
    return `the ${finding.label} saturates at ${Math.round(rate)} starts/min (${teamsText(at.teams)} in)`;
  }
  return `the ${finding.label} saturated at ${teamsText(at.teams)}`;
}

/**
 * Capacity is projected linearly from the busiest resource's use at the load it was seen under (a resource at half
 * its limit with 100 teams suggests about 200); a rough guide, which the report says.
 * @param {VerdictInput} input @returns {Verdict}
 */
export function decide(input) {
  const resources = RESOURCES.map((resource) => examine(resource, input.samples));
  const waiting = new Set(RESOURCES.filter((resource) => resource.waits).map((resource) => resource.key));
  const errorRate = input.calls === 0 ? 0 : input.errors / input.calls;
  const saturated = resources.filter((r) => r.saturatedAt).sort((a, b) => saturatedTime(a) - saturatedTime(b));
  const firstSaturated = saturated[0] ?? null;
  const firstBlocking = saturated.find((r) => !waiting.has(r.key)) ?? null;
  const paceLimit = saturated.find((r) => waiting.has(r.key)) ?? null;
  const measured = resources.filter((r) => r.peak > 0 && r.load > 0 && !waiting.has(r.key));
  const busiest = measured.sort((a, b) => b.peak / b.limit - a.peak / a.limit)[0] ?? null;
  const capacityTeams = firstBlocking
    ? (firstBlocking.saturatedAt?.teams ?? null)
    : busiest
      ? Math.floor((busiest.load * busiest.limit) / busiest.peak)
      : null;
  const headroom = capacityTeams === null ? null : capacityTeams / Math.max(1, input.teamsPlanned);
  const problems = [];
  if (input.teamsReached < input.teamsPlanned) {
    problems.push(`only ${teamsText(input.teamsReached)} of ${input.teamsPlanned} got in`);
  }
  if (errorRate > MAX_ERROR_RATE) problems.push(`${(errorRate * 100).toFixed(1)}% of requests failed`);
  if (input.slowestP95Ms > MAX_P95_MS) {
    problems.push(`${input.slowestEndpoint} answered in ${Math.round(input.slowestP95Ms)} ms (95th percentile)`);
  }
  if (firstBlocking?.saturatedAt) problems.push(saturationText(firstBlocking));
  const ready = problems.length === 0;
  const rampText = `a ${Math.round(input.rampSeconds)} s ramp`;
  const pace = paceLimit ? `; ${saturationText(paceLimit)}` : '';
  let sentence;
  if (ready) {
    const margin =
      busiest && capacityTeams !== null
        ? `; the ${busiest.label} is the first limit, projected near ${teamsText(capacityTeams)}`
        : paceLimit
          ? ''
          : '; no resource showed load';
    sentence = `Ready for ${teamsText(input.teamsPlanned)} at ${rampText}${margin}${pace}.`;
  } else {
    sentence = `Not ready for ${teamsText(input.teamsPlanned)} at ${rampText}: ${problems.join('; ')}${pace}.`;
  }
  return { ready, sentence, errorRate, firstSaturated, paceLimit, busiest, capacityTeams, headroom, resources };
}

/** @param {ResourceFinding} finding */
const saturatedTime = (finding) => finding.saturatedAt?.t ?? Number.POSITIVE_INFINITY;

/**
 * The field size the verdict is about: the rehearsed teams scaled to the planned size. A rehearsal of 50 teams
 * for a planned 800 says what 50 did and projects the rest.
 * @param {VerdictInput} input @param {number} planned @returns {Verdict}
 */
export function decideFor(input, planned) {
  const verdict = decide({ ...input, teamsPlanned: input.teamsPlanned });
  if (planned === input.teamsPlanned) return verdict;
  const capacity = verdict.capacityTeams;
  const headroom = capacity === null ? null : capacity / Math.max(1, planned);
  const ready = verdict.ready && (capacity === null || capacity >= planned);
  const limit = verdict.busiest ? `the ${verdict.busiest.label}` : 'no measured resource';
  const pace = verdict.paceLimit ? `; ${saturationText(verdict.paceLimit)}` : '';
  const sentence = !verdict.ready
    ? verdict.sentence
    : ready
      ? `Ready for ${teamsText(planned)} at this ramp (rehearsed with ${input.teamsPlanned}); ${limit} projects a limit near ${capacity === null ? 'no figure' : teamsText(capacity)}${pace}.`
      : `Not ready for ${teamsText(planned)} at this ramp: rehearsed with ${input.teamsPlanned}, ${limit} projects a limit near ${teamsText(/** @type {number} */ (capacity))}${pace}.`;
  return { ...verdict, ready, sentence, headroom };
}
