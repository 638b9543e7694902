import type { GameEditModel, GameInfoModel } from '@flagpole/contract';
import { type BloodBonusPercent, packedToPercent, percentToPacked } from './blood-bonus';
import { fromLocalInput, toLocalInput } from './datetime';

/** The game settings form: times as datetime-local strings, blood bonus as percentages. */
export interface GameFormValues {
  title: string;
  summary: string;
  content: string;
  hidden: boolean;
  practiceMode: boolean;
  acceptWithoutReview: boolean;
  inviteCode: string;
  teamMemberCountLimit: number | string;
  containerCountLimit: number | string;
  start: string;
  end: string;
  writeupRequired: boolean;
  writeupDeadline: string;
  writeupNote: string;
  bloodBonus: BloodBonusPercent;
  /** The flag prefix (`cc` for `cc{...}`); empty for none. */
  flagFormat: string;
  flagFormatCheck: boolean;
  /** The scoreboard freeze as a datetime-local string; empty for none. */
  freezeAt: string;
  /** A solo game: players join alone (docs/game-play.md, "Solo games"). */
  individual: boolean;
  /** Team games: each member's own solves and points inside the team. */
  memberProgress: boolean;
}

export function toGameFormValues(game: GameInfoModel): GameFormValues {
  return {
    title: game.title,
    summary: game.summary,
    content: game.content,
    hidden: game.hidden,
    practiceMode: game.practiceMode,
    acceptWithoutReview: game.acceptWithoutReview,
    inviteCode: game.inviteCode ?? '',
    teamMemberCountLimit: game.teamMemberCountLimit,
    containerCountLimit: game.containerCountLimit,
    start: toLocalInput(game.start),
    end: toLocalInput(game.end),
    writeupRequired: game.writeupRequired,
    writeupDeadline: toLocalInput(game.writeupDeadline),
    writeupNote: game.writeupNote,
    bloodBonus: packedToPercent(game.bloodBonus),
    flagFormat: game.flagFormat ?? '',
    flagFormatCheck: game.flagFormatCheck ?? false,
    freezeAt: toLocalInput(game.freezeAt),
    individual: game.individual ?? false,
    memberProgress: game.memberProgress ?? false,
  };
}

const toInt = (value: number | string) => (typeof value === 'number' ? value : Number.parseInt(value, 10) || 0);

/**
 * The `PUT /api/edit/games/{id}` body, or null when a time or the blood bonus cannot be encoded (the form's
 * validators report those). An empty invite code means "no code" (null); an empty write-up deadline is the end; an
 * empty freeze means none (null).
 * Visibility is left out: the publish step (publish-section.tsx) alone changes it, after its checklist.
 */
export function toGameEditModel(values: GameFormValues): GameEditModel | null {
  const start = fromLocalInput(values.start);
  const end = fromLocalInput(values.end);
  const bloodBonus = percentToPacked(values.bloodBonus);
  if (start === null || end === null || bloodBonus === null) return null;
  const writeupDeadline = values.writeupDeadline ? fromLocalInput(values.writeupDeadline) : end;
  if (writeupDeadline === null) return null;
  // An empty freeze means none; a malformed one is reported by the form's validator.
  const freezeAt = values.freezeAt.trim() === '' ? null : fromLocalInput(values.freezeAt);
  if (values.freezeAt.trim() !== '' && freezeAt === null) return null;
  const inviteCode = values.inviteCode.trim();
  return {
    title: values.title.trim(),
    summary: values.summary,
    content: values.content,
    practiceMode: values.practiceMode,
    acceptWithoutReview: values.acceptWithoutReview,
    inviteCode: inviteCode === '' ? null : inviteCode,
    teamMemberCountLimit: toInt(values.teamMemberCountLimit),
    containerCountLimit: toInt(values.containerCountLimit),
    start,
    end,
    writeupRequired: values.writeupRequired,
    writeupDeadline,
    writeupNote: values.writeupNote,
    bloodBonus,
    flagFormat: values.flagFormat.trim() === '' ? null : values.flagFormat.trim(),
    flagFormatCheck: values.flagFormatCheck,
    freezeAt,
    individual: values.individual,
    memberProgress: values.memberProgress,
  };
}
