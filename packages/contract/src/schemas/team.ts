import { z } from 'zod';
import { ProfileUserInfoModel } from './account';
import { shortText } from './common';

export const teamLimits = { name: { max: 20 }, bio: { max: 72 }, captainedTeams: 3, inviteCode: { max: 200 } } as const;

export const TeamUserInfoModel = z.object({
  id: z.uuid().nullable(),
  userName: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  captain: z.boolean(),
});
export type TeamUserInfoModel = z.infer<typeof TeamUserInfoModel>;

/** `members` is left out of the JSON (not null) when not loaded. */
export const TeamInfoModel = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  locked: z.boolean(),
  members: z.array(TeamUserInfoModel).optional(),
});
export type TeamInfoModel = z.infer<typeof TeamInfoModel>;

export const TeamModel = z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() });
export type TeamModel = z.infer<typeof TeamModel>;

export const TeamUpdateModel = z.object({
  name: shortText({ min: 1, max: teamLimits.name.max }).nullish(),
  bio: shortText(teamLimits.bio).nullish(),
});
export type TeamUpdateModel = z.infer<typeof TeamUpdateModel>;

export const TeamTransferModel = z.object({ newCaptainId: z.uuid() });
export type TeamTransferModel = z.infer<typeof TeamTransferModel>;

/** `POST /api/team/accept` takes the invite code as a bare JSON string: `<name>:<teamId>:<32 hex>`. */
export const TeamInviteCode = z.string().min(1).max(teamLimits.inviteCode.max);

export const SignatureVerifyModel = z.object({
  teamToken: z.string().min(1).max(512),
  publicKey: z.string().min(1).max(512),
});
export type SignatureVerifyModel = z.infer<typeof SignatureVerifyModel>;

export const TeamWithDetailedUserInfo = z.object({
  id: z.number().int(),
  locked: z.boolean(),
  captainId: z.uuid(),
  name: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  members: z.array(ProfileUserInfoModel),
});
export type TeamWithDetailedUserInfo = z.infer<typeof TeamWithDetailedUserInfo>;
