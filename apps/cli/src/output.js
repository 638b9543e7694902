// @ts-check
// Human output: colours only when writing to a terminal (and NO_COLOR is not set), a plan as a readable list.
import { formatSize } from './apply.js';

/** @param {NodeJS.WriteStream} stream */
export function palette(stream) {
  const on = Boolean(stream.isTTY) && !process.env.NO_COLOR;
  /** @param {number} code */
  const wrap = (code) => (/** @type {string} */ text) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);
  return { green: wrap(32), yellow: wrap(33), red: wrap(31), dim: wrap(2), bold: wrap(1) };
}

/** A value as one short line. @param {unknown} value */
function brief(value) {
  if (value === undefined || value === null) return '(none)';
  if (typeof value === 'string') {
    const line = value.replace(/\s+/g, ' ');
    return JSON.stringify(line.length > 60 ? `${line.slice(0, 57)}...` : line);
  }
  if (Array.isArray(value)) return `${value.length} item(s)`;
  if (typeof value === 'object' && 'image' in value && 'script' in value) {
    // A health check: what tells two apart at a glance (the script itself is too long for a line).
    const check = /** @type {{ image: string, timeoutSeconds: number, intervalSeconds: number }} */ (
      /** @type {unknown} */ (value)
    );
    return `${check.image}, ${check.timeoutSeconds} s limit, every ${check.intervalSeconds} s`;
  }
  return String(value);
}

/**
 * Old → new; two long texts are shown from a little before the first place they differ, so the edit is visible.
 * @param {unknown} from @param {unknown} to
 */
function describeChange(from, to) {
  if (typeof from === 'string' && typeof to === 'string' && Math.max(from.length, to.length) > 60) {
    let at = 0;
    while (at < from.length && from[at] === to[at]) at++;
    const start = Math.max(0, at - 20);
    const excerpt = (/** @type {string} */ text) =>
      `${start > 0 ? '...' : ''}${text.slice(start).replace(/\s+/g, ' ')}`;
    return `${brief(excerpt(from))} → ${brief(excerpt(to))}`;
  }
  if (Array.isArray(from) && Array.isArray(to)) {
    const added = to.filter((item) => !from.includes(item)).length;
    const removed = from.filter((item) => !to.includes(item)).length;
    return `${from.length} → ${to.length} item(s) (${added} new, ${removed} removed${added + removed === 0 ? ', reordered' : ''})`;
  }
  return `${brief(from)} → ${brief(to)}`;
}

/**
 * @param {import('./plan.js').Plan} plan
 * @param {ReturnType<typeof palette>} c
 * @param {{ verify?: boolean }} [options] verify: a challenge only the game has is drift, not a deletion to come
 * @returns {string[]}
 */
export function describePlan(plan, c, options = {}) {
  const lines = [];
  const marks = {
    create: c.green('+ create   '),
    update: c.yellow('~ update   '),
    unchanged: c.dim('= unchanged'),
    delete: c.red(options.verify ? '- only in the game' : '- delete   '),
    keep: c.dim('? not in the folder (kept; --prune deletes it)'),
  };
  for (const step of plan.steps) {
    const where = step.file ? c.dim(` (${step.file})`) : '';
    const id = step.id === undefined ? '' : c.dim(` #${step.id}`);
    const solves =
      step.action === 'delete' && step.solves && !options.verify
        ? c.red(` — ${step.solves} solve(s) will be lost`)
        : '';
    lines.push(`${marks[step.action]} ${step.title}${id}${where}${solves}`);
    if (step.action !== 'create' && step.action !== 'update') continue;
    for (const change of step.changes) {
      lines.push(
        step.action === 'create'
          ? `      ${change.field}: ${brief(change.to)}`
          : `      ${change.field}: ${describeChange(change.from, change.to)}`,
      );
    }
    for (const flag of step.addFlags) lines.push(`      flag added: ${flag.flag} (${flag.matchType})`);
    for (const flag of step.removeFlags) lines.push(`      flag removed: ${flag.flag} (${flag.matchType})`);
    for (const hint of step.removeHints ?? []) lines.push(`      locked hint removed: ${hint.title}`);
    for (const hint of step.addHints ?? [])
      lines.push(`      locked hint added: ${hint.title} (${hint.kind} ${hint.cost})`);
    const attachment = step.attachment;
    if (attachment?.kind === 'upload')
      lines.push(
        `      attachment: upload ${attachment.path} (${formatSize(attachment.size)}, sha256 ${attachment.hash.slice(0, 12)}…)`,
      );
    if (attachment?.kind === 'remote') lines.push(`      attachment: link ${attachment.url}`);
    if (attachment?.kind === 'clear') lines.push('      attachment: removed');
  }
  if (plan.notes.length > 0) {
    lines.push('', c.bold('Notes (fields mapped or skipped):'));
    for (const note of plan.notes) lines.push(`  ${note.file}: ${note.field}: ${note.message}`);
  }
  return lines;
}

/** A plan for `--json`: the same steps, without local absolute paths of the desired state. @param {import('./plan.js').Plan} plan */
export function planJson(plan) {
  return {
    steps: plan.steps.map(({ desired: _desired, ...step }) => step),
    notes: plan.notes,
    errors: plan.errors,
  };
}
