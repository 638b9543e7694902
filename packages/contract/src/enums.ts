import { z } from 'zod';

/** Enumerations as they appear on the wire: member names, exact case. */
export const Role = z.enum(['Banned', 'User', 'Monitor', 'Admin']);
export type Role = z.infer<typeof Role>;

/** Numeric rank of a role, for "at least" comparisons. */
export const roleRank: Record<Role, number> = { Banned: 0, User: 1, Monitor: 2, Admin: 3 };

export const RegisterStatus = z.enum(['LoggedIn', 'AdminConfirmationRequired', 'EmailConfirmationRequired']);
export type RegisterStatus = z.infer<typeof RegisterStatus>;

export const CaptchaProvider = z.enum(['None', 'HashPow', 'CloudflareTurnstile']);
export type CaptchaProvider = z.infer<typeof CaptchaProvider>;

export const ContainerPortMappingType = z.enum(['Default', 'PlatformProxy']);
export type ContainerPortMappingType = z.infer<typeof ContainerPortMappingType>;

export const AnswerResult = z.enum(['FlagSubmitted', 'Accepted', 'WrongAnswer', 'CheatDetected', 'NotFound']);
export type AnswerResult = z.infer<typeof AnswerResult>;

export const EventType = z.enum(['Normal', 'ContainerStart', 'ContainerDestroy', 'FlagSubmit', 'CheatDetected']);
export type EventType = z.infer<typeof EventType>;

export const SubmissionType = z.enum(['Unaccepted', 'FirstBlood', 'SecondBlood', 'ThirdBlood', 'Normal']);
export type SubmissionType = z.infer<typeof SubmissionType>;

export const TaskStatus = z.enum([
  'Success',
  'Failed',
  'Duplicate',
  'Denied',
  'NotFound',
  'Exit',
  'Unhealthy',
  'Degraded',
  'Pending',
]);
export type TaskStatus = z.infer<typeof TaskStatus>;

export const FileType = z.enum(['None', 'Local', 'Remote']);
export type FileType = z.infer<typeof FileType>;

export const ChallengeType = z.enum(['StaticAttachment', 'StaticContainer', 'DynamicAttachment', 'DynamicContainer']);
export type ChallengeType = z.infer<typeof ChallengeType>;

export const NoticeType = z.enum(['Normal', 'FirstBlood', 'SecondBlood', 'ThirdBlood', 'NewHint', 'NewChallenge']);
export type NoticeType = z.infer<typeof NoticeType>;

export const ChallengeCategory = z.enum([
  'Misc',
  'Crypto',
  'Pwn',
  'Web',
  'Reverse',
  'Blockchain',
  'Forensics',
  'Hardware',
  'Mobile',
  'PPC',
  'AI',
  'Pentest',
  'OSINT',
]);
export type ChallengeCategory = z.infer<typeof ChallengeCategory>;

export const ParticipationStatus = z.enum(['Pending', 'Accepted', 'Rejected', 'Suspended', 'Unsubmitted']);
export type ParticipationStatus = z.infer<typeof ParticipationStatus>;

export const NetworkMode = z.enum(['Open', 'Isolated', 'Custom']);
export type NetworkMode = z.infer<typeof NetworkMode>;

export const ContainerStatus = z.enum(['Pending', 'Running', 'Destroyed']);
export type ContainerStatus = z.infer<typeof ContainerStatus>;
