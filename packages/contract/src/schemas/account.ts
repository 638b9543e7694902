import { z } from 'zod';
import { RegisterStatus, Role } from '../enums';
import { requestResponseOf } from '../errors';
import { limits } from '../limits';
import { shortText, Timestamp } from './common';
import { SignInProvider } from './info';

const captcha = { challenge: z.string().max(limits.captchaAnswer.max).nullish() };

const email = z.email().max(limits.email.max);
const userName = shortText(limits.userName);

/**
 * Password rule for new passwords: length within limits, with a lower-case letter,
 * an upper-case letter and a digit.
 */
export function passwordProblems(password: string): Array<'length' | 'lower' | 'upper' | 'digit'> {
  const problems: Array<'length' | 'lower' | 'upper' | 'digit'> = [];
  if (password.length < limits.password.min || password.length > limits.password.max) problems.push('length');
  if (!/\p{Ll}/u.test(password)) problems.push('lower');
  if (!/\p{Lu}/u.test(password)) problems.push('upper');
  if (!/\p{Nd}/u.test(password)) problems.push('digit');
  return problems;
}

export const LoginModel = z.object({
  userName: z.string().min(1).max(limits.email.max),
  password: z.string().min(1).max(limits.password.max),
  ...captcha,
});
export type LoginModel = z.infer<typeof LoginModel>;

export const RegisterModel = z.object({
  userName,
  password: z.string().min(1).max(limits.password.max),
  email,
  ...captcha,
});
export type RegisterModel = z.infer<typeof RegisterModel>;

export const RecoveryModel = z.object({ email, ...captcha });
export type RecoveryModel = z.infer<typeof RecoveryModel>;

export const PasswordResetModel = z.object({
  password: z.string().min(1).max(limits.password.max),
  email: z.string().min(1).max(limits.linkToken.max),
  rToken: z.string().min(1).max(limits.linkToken.max),
});
export type PasswordResetModel = z.infer<typeof PasswordResetModel>;

export const PasswordChangeModel = z.object({
  old: z.string().min(limits.password.min).max(limits.password.max),
  new: z.string().min(limits.password.min).max(limits.password.max),
});
export type PasswordChangeModel = z.infer<typeof PasswordChangeModel>;

export const MailChangeModel = z.object({ newMail: email });
export type MailChangeModel = z.infer<typeof MailChangeModel>;

/** Values copied from a mail link: both Base64. */
export const AccountVerifyModel = z.object({
  token: z.string().min(1).max(limits.linkToken.max),
  email: z.string().min(1).max(limits.linkToken.max),
});
export type AccountVerifyModel = z.infer<typeof AccountVerifyModel>;

/** Absent or null fields are left unchanged. */
export const ProfileUpdateModel = z.object({
  userName: userName.nullish(),
  bio: shortText(limits.bio).nullish(),
  phone: z
    .string()
    .max(limits.phone.max)
    .regex(/^\+?[0-9 ()-]*$/)
    .nullish(),
  realName: shortText(limits.realName).nullish(),
  stdNumber: shortText(limits.stdNumber).nullish(),
});
export type ProfileUpdateModel = z.infer<typeof ProfileUpdateModel>;

export const ProfileUserInfoModel = z.object({
  userId: z.uuid(),
  role: Role,
  userName: z.string().nullable(),
  email: z.string().nullable(),
  bio: z.string().nullable(),
  phone: z.string().nullable(),
  realName: z.string().nullable(),
  stdNumber: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type ProfileUserInfoModel = z.infer<typeof ProfileUserInfoModel>;

export const RegisterResponse = requestResponseOf(RegisterStatus);
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const MailChangeResponse = requestResponseOf(z.boolean());
export type MailChangeResponse = z.infer<typeof MailChangeResponse>;

/** Flagpole: one way of signing in through a single sign-on provider, linked to the signed-in account. */
export const LinkedIdentityModel = z.object({
  provider: SignInProvider,
  /** The provider's label (OIDC_NAME, or CTFtime). */
  providerName: z.string(),
  /** What the provider calls the person (user name or e-mail from its claims), for recognising the link. */
  displayName: z.string(),
  createdAt: Timestamp,
  lastUsedAt: Timestamp,
});
export type LinkedIdentityModel = z.infer<typeof LinkedIdentityModel>;

/** Flagpole: the account's linked identities, and whether it also has a password to sign in with. */
export const LinkedIdentitiesModel = z.object({
  identities: z.array(LinkedIdentityModel),
  hasPassword: z.boolean(),
});
export type LinkedIdentitiesModel = z.infer<typeof LinkedIdentitiesModel>;

/** Flagpole: why a single sign-on attempt ended on the sign-in page instead of signing in. */
export const SignInFailure = z.enum([
  'notConfigured',
  'providerUnavailable',
  'denied',
  'stateInvalid',
  'codeRejected',
  'emailDomainNotAllowed',
  'emailTaken',
  'registrationDisabled',
  'alreadyLinked',
  'accountBanned',
  'failed',
]);
export type SignInFailure = z.infer<typeof SignInFailure>;
