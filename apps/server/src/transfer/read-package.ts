import { packBloodBonus } from '@flagpole/contract';
import { badRequest } from '../http/errors';
import type { ZipArchive, ZipEntry } from '../lib/zip-reader';
import { displayFileName } from '../services/asset.service';
import { assertUsableFlagTemplate } from '../services/flag-template';
import { parseWith, readJsonEntry } from './archive-json';
import { planDivisions } from './division-transfer';
import { readPackageAwards } from './import-awards';
import {
  type ArchiveFile,
  type ImportPlan,
  PLAN_LIMITS,
  type PlanAttachment,
  type PlanChallenge,
  type PlanFile,
  type PlanPhase,
} from './import-plan';
import {
  type AttachmentSection,
  CHALLENGE_ENTRY,
  ChallengeSection,
  challengeEntry,
  FILE_ENTRY,
  fileEntry,
  GAME_ENTRY,
  GameSection,
  MANIFEST_ENTRY,
  ManifestSchema,
  NOTICES_ENTRY,
  NoticesSection,
  type PhaseSection,
} from './package-format';
import { prerequisiteGraphProblem } from './transfer-prerequisites';

const isContainer = (type: string) => type === 'StaticContainer' || type === 'DynamicContainer';

/** True when the archive looks like a game package (it has the manifest at its root). */
export const isGamePackage = (archive: ZipArchive) => archive.file(MANIFEST_ENTRY) !== undefined;

/**
 * Reads and checks a game package completely: every JSON against the layout and Flagpole's limits, every file a
 * JSON names present, the challenge-type rules of Flagpole's model. Nothing is written; a problem is a 400.
 */
export async function readGamePackage(archive: ZipArchive): Promise<ImportPlan> {
  parseWith(ManifestSchema, await required(archive, MANIFEST_ENTRY), MANIFEST_ENTRY);
  const game = parseWith(GameSection, await required(archive, GAME_ENTRY), GAME_ENTRY);

  const filesByHash = new Map<string, ZipEntry>();
  for (const entry of archive.entries) {
    if (entry.isDirectory || !entry.name.startsWith('files/')) continue;
    const match = FILE_ENTRY.exec(entry.name);
    // Everything under files/ is named by its SHA-256, as the reference writes it.
    if (!match?.[1]) throw badRequest('error.importFileMismatch', { entry: entry.name });
    filesByHash.set(match[1].toLowerCase(), entry);
  }
  const files = new Map<string, PlanFile>();
  /** Takes a file the package names into the plan, checking it is there and that stated sizes agree. */
  const useFile = (hash: string, statedSize: number | null | undefined, entryName: string): string => {
    const entry = filesByHash.get(hash);
    if (!entry) throw badRequest('error.importMissingFile', { entry: entryName, file: hash });
    const file: ArchiveFile = (files.get(entry.name) as ArchiveFile | undefined) ?? { entry, expectedHash: hash };
    if (statedSize != null) {
      if (file.expectedSize !== undefined && file.expectedSize !== statedSize) {
        throw badRequest('error.importFileMismatch', { entry: fileEntry(hash) });
      }
      file.expectedSize = statedSize;
    }
    files.set(entry.name, file);
    return entry.name;
  };
  const attachmentOf = (section: AttachmentSection | null | undefined, entryName: string): PlanAttachment | null => {
    if (!section || section.type === 'None') return null;
    if (section.type === 'Remote') return { type: 'Remote', url: section.remoteUrl as string };
    return { type: 'Local', file: useFile(section.hash as string, section.fileSize, entryName) };
  };

  const challengeEntries = archive.entries.filter((e) => !e.isDirectory && CHALLENGE_ENTRY.test(e.name));
  if (challengeEntries.length > PLAN_LIMITS.challenges) {
    throw badRequest('error.importTooManyChallenges', { max: PLAN_LIMITS.challenges });
  }
  const sections: Array<{ entry: string; challenge: ChallengeSection }> = [];
  for (const entry of challengeEntries) {
    sections.push({
      entry: entry.name,
      challenge: parseWith(ChallengeSection, await readJsonEntry(archive, entry.name), entry.name),
    });
  }
  // Source ids order the challenges, so an export of the imported game lists them in the same order.
  sections.sort((a, b) => a.challenge.id - b.challenge.id);
  const ids = new Set<number>();
  let flagCount = 0;
  const challenges: PlanChallenge[] = sections.map(({ entry, challenge }) => {
    if (ids.has(challenge.id)) throw badRequest('error.importDuplicateChallenge', { id: challenge.id });
    ids.add(challenge.id);
    const statics = challenge.flags.static ?? [];
    flagCount += statics.length;
    if (flagCount > PLAN_LIMITS.flags) throw badRequest('error.importTooManyFlags', { max: PLAN_LIMITS.flags });
    checkTypeRules(challenge, entry);
    const firstFlagFile = statics.find((f) => f.attachment?.fileName)?.attachment?.fileName;
    return {
      sourceId: challenge.id,
      title: challenge.title,
      content: challenge.content ?? '',
      category: challenge.category,
      type: challenge.type,
      hints: challenge.hints ?? [],
      lockedHints: (challenge.lockedHints ?? []).map((hint) => ({
        sourceId: hint.id,
        title: hint.title,
        content: hint.content,
        kind: hint.kind,
        cost:
          hint.kind === 'FreeAfter'
            ? 0
            : hint.kind === 'RewardShare'
              ? Math.min(Math.max(hint.cost, 1), 100)
              : hint.cost,
        freeAt: hint.kind === 'FreeAfter' ? (hint.freeTime ?? new Date(0)) : null,
        allowNegative: hint.allowNegative,
        requiresSourceId: hint.requiresId ?? null,
      })),
      deadline: challenge.limits.deadline ?? null,
      release: challenge.limits.release ?? null,
      submissionLimit: challenge.limits.submission,
      flagTemplate: challenge.flags.template?.trim() ? challenge.flags.template : null,
      fileName: downloadName(challenge.attachment?.fileName ?? challenge.container?.fileName ?? firstFlagFile),
      attachment: attachmentOf(challenge.attachment, entry),
      flags: statics.map((flag) => ({
        flag: flag.value,
        matchType: flag.matchType ?? 'Exact',
        attachment: attachmentOf(flag.attachment, entry),
      })),
      container: challenge.container
        ? {
            image: challenge.container.image,
            memoryLimit: challenge.container.memoryLimit,
            cpuCount: challenge.container.cpuCount,
            storageLimit: challenge.container.storageLimit,
            exposePort: challenge.container.exposePort,
            networkMode: challenge.container.networkMode ?? 'Open',
            services: challenge.container.services ?? [],
          }
        : null,
      enableTrafficCapture: challenge.flags.enableTrafficCapture,
      disableBloodBonus: challenge.flags.disableBloodBonus,
      originalScore: challenge.scoring.original,
      minScoreRate: challenge.scoring.minRate,
      difficulty: challenge.scoring.difficulty,
      phaseSourceId: challenge.phaseId ?? null,
      healthCheck: challenge.healthCheck ?? null,
      prerequisites: challenge.prerequisites?.challengeIds.length
        ? {
            requiredSourceIds: [...new Set(challenge.prerequisites.challengeIds)],
            count: challenge.prerequisites.count ?? null,
            hidden: challenge.prerequisites.hidden,
          }
        : null,
    };
  });
  checkPrerequisites(challenges, new Map(sections.map((s) => [s.challenge.id, s.entry])));
  const phases = planPhases(game.phases ?? [], challenges);

  const divisions = planDivisions(game.divisions ?? [], ids);
  const notices = archive.file(NOTICES_ENTRY)
    ? (parseWith(NoticesSection.nullable(), await readJsonEntry(archive, NOTICES_ENTRY), NOTICES_ENTRY) ?? [])
    : [];
  const awards = await readPackageAwards(archive);

  return {
    game: {
      title: game.title,
      summary: game.summary ?? '',
      content: game.content ?? '',
      acceptWithoutReview: game.acceptWithoutReview,
      teamMemberCountLimit: game.teamMemberCountLimit,
      containerCountLimit: game.containerCountLimit,
      start: game.startTime,
      end: game.endTime,
      writeupRequired: game.writeup?.required ?? false,
      // Flagpole always has a deadline; without one the game's end stands in, as for a new game.
      writeupDeadline: game.writeup?.deadline ?? game.endTime,
      writeupNote: game.writeup?.note ?? '',
      bloodBonus: game.bloodBonus ? packBloodBonus(game.bloodBonus) : 0,
      poster: game.posterHash ? useFile(game.posterHash, undefined, GAME_ENTRY) : null,
      flagFormat: game.flagFormat ?? null,
      flagFormatCheck: game.flagFormatCheck ?? false,
      freezeAt: game.freezeTime ?? null,
      individual: game.individual ?? false,
      memberProgress: game.memberProgress ?? false,
    },
    challenges,
    notices,
    divisions,
    phases,
    awards: awards.awards,
    awardsSkipped: awards.skipped,
    files,
    unused: [...filesByHash].flatMap(([hash, entry]) => (files.has(entry.name) ? [] : [{ entry, expectedHash: hash }])),
  };
}

async function required(archive: ZipArchive, name: string): Promise<unknown> {
  if (!archive.file(name)) throw badRequest('error.importNotPackage', { entry: name });
  return readJsonEntry(archive, name);
}

/** What Flagpole's challenge model cannot hold for a type is refused rather than silently dropped. */
function checkTypeRules(challenge: ChallengeSection, entry: string): void {
  const refuse = (field: string) => badRequest('error.importTypeRule', { entry, field, type: challenge.type });
  const statics = challenge.flags.static ?? [];
  if (isContainer(challenge.type) && !challenge.container) throw refuse('container');
  if (!isContainer(challenge.type) && challenge.flags.enableTrafficCapture) throw refuse('flags.enableTrafficCapture');
  if (challenge.type === 'DynamicAttachment' && challenge.attachment && challenge.attachment.type !== 'None') {
    throw refuse('attachment');
  }
  if (challenge.type !== 'DynamicAttachment') {
    const index = statics.findIndex((f) => f.attachment && f.attachment.type !== 'None');
    if (index >= 0) throw refuse(`flags.static[${index}].attachment`);
  } else {
    const index = statics.findIndex((f) => (f.matchType ?? 'Exact') !== 'Exact');
    if (index >= 0) throw refuse(`flags.static[${index}].matchType`);
  }
  if (challenge.type === 'DynamicContainer') {
    if (statics.length > 0) throw refuse('flags.static');
    if (challenge.flags.template?.trim()) assertUsableFlagTemplate(challenge.flags.template);
  }
}

/** 400 for prerequisites naming a challenge not in the package, the challenge itself, or making a cycle. */
function checkPrerequisites(challenges: readonly PlanChallenge[], entryOf: ReadonlyMap<number, string>): void {
  const rules = new Map(challenges.map((c) => [c.sourceId, c.prerequisites?.requiredSourceIds ?? []]));
  const problem = prerequisiteGraphProblem(rules);
  if (!problem) return;
  const entry = entryOf.get(problem.challenge) ?? challengeEntry(problem.challenge);
  if (problem.kind === 'self') throw badRequest('error.importPrerequisite', { entry, id: problem.challenge });
  if (problem.kind === 'unknown') throw badRequest('error.importPrerequisite', { entry, id: problem.id });
  throw badRequest('error.importPrerequisiteCycle', { entry });
}

/** An organiser's download name as the package states it; none means downloads keep the uploaded name. */
function downloadName(raw: string | null | undefined): string | null {
  return raw ? displayFileName(raw) : null;
}

/** The package's phases to create; 400 for a phase id given twice or a challenge naming a phase not listed. */
function planPhases(sections: readonly PhaseSection[], challenges: readonly PlanChallenge[]): PlanPhase[] {
  const ids = new Set<number>();
  for (const section of sections) {
    if (ids.has(section.id)) throw badRequest('error.importDuplicatePhase', { id: section.id });
    ids.add(section.id);
  }
  for (const challenge of challenges) {
    const phase = challenge.phaseSourceId;
    if (phase != null && !ids.has(phase)) throw badRequest('error.phaseOfAnotherGame', { id: phase });
  }
  return sections.map((section) => ({ sourceId: section.id, title: section.title, start: section.startTime }));
}
