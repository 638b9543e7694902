/**
 * The soak scenario's compressed clock and the event's shape over it: 48 simulated hours played in `minutes` of real
 * time. Players arrive over the first two hours; after that the share of players signed in follows the day: the event
 * opens at 15:00 local time, most players are on around 18:00 (hours 3 and 27), fewest around 06:00 (hours 15 and
 * 39). Submissions, board reads and live sockets follow the same curve, so the totals are reached at the end whatever
 * the run's length. The curve is symmetric about hour 27, the middle of the window after warm-up (6–48 h), and so
 * are the storms: a least-squares line over that window gets no slope from the day's rhythm, only from a trend.
 */

export interface SoakSchedule {
  /** Simulated length of the event, hours. */
  eventHours: number;
  /** Real length of the run, ms. */
  realMs: number;
  /** Submissions over the whole event (acknowledged ones are counted; the pace is a target, not a promise). */
  submissions: number;
  /** Share of submissions that are a team's correct flag (each team solves each challenge at most once). */
  correctShare: number;
  /** Hours at the start left out of the trend fits (sign-ins, first board builds, JIT, pools filling). */
  warmUpHours: number;
  /** Simulated hours at which every live socket drops at once and reconnects at once. */
  stormHours: number[];
  /** Real ms between two samples. */
  sampleMs: number;
}

export function soakSchedule(options: { minutes: number; submissions: number; sampleSeconds: number }): SoakSchedule {
  const eventHours = 48;
  return {
    eventHours,
    realMs: options.minutes * 60_000,
    submissions: options.submissions,
    correctShare: 0.015,
    warmUpHours: 6,
    stormHours: [9, 21, 33, 45],
    sampleMs: options.sampleSeconds * 1000,
  };
}

/** Simulated hours since the event started, for a real time since the run started. */
export function simulatedHours(schedule: SoakSchedule, realElapsedMs: number): number {
  return (realElapsedMs / schedule.realMs) * schedule.eventHours;
}

/** Share of the 2,000 players signed in at simulated hour `hour` (0 … 1). */
export function activity(hour: number): number {
  const arrival = Math.min(1, hour / 2);
  // 0.85 at hours 3 and 27 (18:00), 0.45 at hours 15 and 39 (06:00).
  return arrival * (0.65 + 0.2 * Math.cos((2 * Math.PI * (hour - 3)) / 24));
}

/**
 * Cumulative target of submissions sent by simulated hour `hour`: the total shared out by activity, so more are sent
 * in the evening than at dawn. Tabulated once per simulated minute.
 */
export function submissionTarget(schedule: SoakSchedule): (hour: number) => number {
  // ∫ activity dh by the trapezium rule on simulated minutes, then scaled to the total.
  const cumulative = [0];
  for (let minute = 1; minute <= schedule.eventHours * 60; minute++) {
    const step = (activity((minute - 1) / 60) + activity(minute / 60)) / 2 / 60;
    cumulative.push((cumulative[minute - 1] ?? 0) + step);
  }
  const whole = cumulative[cumulative.length - 1] ?? 1;
  const perMinute = cumulative.map((area) => (area / whole) * schedule.submissions);
  return (hour) => {
    const minute = Math.max(0, Math.min(perMinute.length - 1, hour * 60));
    const below = Math.floor(minute);
    const lower = perMinute[below] ?? 0;
    const upper = perMinute[Math.min(perMinute.length - 1, below + 1)] ?? lower;
    return lower + (upper - lower) * (minute - below);
  };
}
