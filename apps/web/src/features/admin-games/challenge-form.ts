import type {
  ChallengeCategory,
  ChallengeEditDetailModel,
  ChallengeType,
  ChallengeUpdateModel,
  NetworkMode,
} from '@flagpole/contract';
import { fromLocalInput, toLocalInput } from './datetime';
import { type ServiceFormValue, toServiceFormValues, toServicesInput } from './service-form';
import { cleanHints } from './validation';

type NumberField = number | string;

/** The challenge edit form; number inputs may hold '' while being typed. */
export interface ChallengeFormValues {
  title: string;
  content: string;
  category: ChallengeCategory;
  hints: string[];
  originalScore: NumberField;
  minScoreRate: NumberField;
  difficulty: NumberField;
  disableBloodBonus: boolean;
  deadline: string;
  /** When players first see the challenge ('' none). */
  release: string;
  submissionLimit: NumberField;
  flagTemplate: string;
  fileName: string;
  containerImage: string;
  memoryLimit: NumberField;
  cpuCount: NumberField;
  storageLimit: NumberField;
  exposePort: NumberField;
  networkMode: NetworkMode;
  enableTrafficCapture: boolean;
  /** The services of a multi-service container challenge; empty: the single image above. */
  services: ServiceFormValue[];
  /** The game phase's id as text, '' for none (a Select's value). */
  gamePhase: string;
}

export const isContainerType = (type: ChallengeType) => type === 'StaticContainer' || type === 'DynamicContainer';

/**
 * How flags are added on a challenge's Flags page: none for dynamic containers (the template makes them), one flag
 * with its own attachment at a time for dynamic attachments (a flag without a file would give a team nothing to
 * download), plain flags for the static types.
 */
export function flagAddPath(type: ChallengeType): 'template' | 'withAttachment' | 'plain' {
  if (type === 'DynamicContainer') return 'template';
  return type === 'DynamicAttachment' ? 'withAttachment' : 'plain';
}

export function toChallengeFormValues(challenge: ChallengeEditDetailModel): ChallengeFormValues {
  return {
    title: challenge.title,
    content: challenge.content,
    category: challenge.category,
    hints: [...challenge.hints],
    originalScore: challenge.originalScore,
    minScoreRate: challenge.minScoreRate,
    difficulty: challenge.difficulty,
    disableBloodBonus: challenge.disableBloodBonus ?? false,
    deadline: toLocalInput(challenge.deadlineUtc),
    release: toLocalInput(challenge.releaseUtc),
    submissionLimit: challenge.submissionLimit,
    flagTemplate: challenge.flagTemplate ?? '',
    fileName: challenge.fileName ?? '',
    containerImage: challenge.containerImage,
    memoryLimit: challenge.memoryLimit ?? '',
    cpuCount: challenge.cpuCount ?? '',
    storageLimit: challenge.storageLimit ?? '',
    exposePort: challenge.exposePort ?? '',
    networkMode: challenge.networkMode ?? 'Open',
    enableTrafficCapture: challenge.enableTrafficCapture ?? false,
    services: toServiceFormValues(challenge.services),
    gamePhase: challenge.phaseId == null ? '' : String(challenge.phaseId),
  };
}

/** A number field's value, or undefined when empty (the API then keeps the stored value). */
export function numberOrUndefined(value: NumberField): number | undefined {
  if (value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * The stored challenge the form edits: its type decides which fields apply, its deadline and release whether one is
 * removed.
 */
export type SavedChallenge = Pick<ChallengeEditDetailModel, 'type' | 'deadlineUtc' | 'phaseId'> &
  Partial<Pick<ChallengeEditDetailModel, 'releaseUtc'>>;

/**
 * A deadline or release to send: the new time, 0 (the API's "remove") when a stored one was cleared, else nothing.
 */
function timeUpdate(input: string, stored: number | null): number | undefined {
  const time = fromLocalInput(input);
  if (time !== null) return time;
  return input.trim() === '' && stored !== null ? 0 : undefined;
}

/**
 * The `PUT` body. Only fields that apply to the challenge's type are sent: container settings for container
 * challenges, the flag template for dynamic containers, the download name for dynamic attachments.
 */
export function toChallengeUpdate(values: ChallengeFormValues, saved: SavedChallenge): ChallengeUpdateModel {
  const { type } = saved;
  const body: ChallengeUpdateModel = {
    title: values.title.trim(),
    content: values.content,
    category: values.category,
    hints: cleanHints(values.hints),
    originalScore: numberOrUndefined(values.originalScore),
    minScoreRate: numberOrUndefined(values.minScoreRate),
    difficulty: numberOrUndefined(values.difficulty),
    disableBloodBonus: values.disableBloodBonus,
    submissionLimit: numberOrUndefined(values.submissionLimit),
  };
  const deadline = timeUpdate(values.deadline, saved.deadlineUtc);
  if (deadline !== undefined) body.deadlineUtc = deadline;
  const release = timeUpdate(values.release, saved.releaseUtc ?? null);
  if (release !== undefined) body.releaseUtc = release;
  // Sent only when changed, so a save never moves a challenge the organiser did not move.
  const savedPhase = saved.phaseId == null ? '' : String(saved.phaseId);
  if (values.gamePhase !== savedPhase) body.phaseId = values.gamePhase === '' ? null : Number(values.gamePhase);
  if (type === 'DynamicContainer') body.flagTemplate = values.flagTemplate.trim();
  if (type === 'DynamicAttachment' && values.fileName.trim()) body.fileName = values.fileName.trim();
  if (isContainerType(type)) {
    body.containerImage = values.containerImage.trim();
    body.memoryLimit = numberOrUndefined(values.memoryLimit);
    body.cpuCount = numberOrUndefined(values.cpuCount);
    body.storageLimit = numberOrUndefined(values.storageLimit);
    body.exposePort = numberOrUndefined(values.exposePort);
    body.networkMode = values.networkMode;
    body.enableTrafficCapture = values.enableTrafficCapture;
    body.services = toServicesInput(values.services);
  }
  return body;
}
