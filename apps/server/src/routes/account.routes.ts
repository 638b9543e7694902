import {
  AccountVerifyModel,
  LoginModel,
  MailChangeModel,
  MailChangeResponse,
  PasswordChangeModel,
  PasswordResetModel,
  ProfileUpdateModel,
  ProfileUserInfoModel,
  RecoveryModel,
  RegisterModel,
  RegisterResponse,
  RequestResponse,
} from '@flagpole/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext, signedIn } from '../http/request-context';
import { EmptyBody, errorResponses } from '../http/schemas';
import { clearSessionCookie, setSessionCookie } from '../http/session-cookie';
import { acceptUploads, multipartBodyLimit, readSingleUpload } from '../http/upload';
import { translate } from '../i18n/messages';
import type { AccountEmailService } from '../services/account-email.service';
import type { AuthService } from '../services/auth.service';
import type { ProfileService } from '../services/profile.service';

export interface AccountRouteDeps {
  auth: AuthService;
  profiles: ProfileService;
  accountEmail: AccountEmailService;
  maxImageBytes: number;
}

const tags = ['Account'];

export const accountRoutes =
  (deps: AccountRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await acceptUploads(app);
    app.post(
      '/api/account/register',
      {
        schema: {
          tags,
          summary: 'Create an account',
          body: RegisterModel,
          response: { 200: RegisterResponse, ...errorResponses(400, 403, 429) },
        },
        config: { access: 'public', rateLimit: 'register', audit: 'account.register' },
      },
      async (request, reply) => {
        const outcome = await deps.auth.register(request.body, requestContext(request));
        if (outcome.session) setSessionCookie(request, reply, outcome.session.token, outcome.session.expiresAt);
        return { title: translate(request.language, outcome.messageKey), data: outcome.status, status: 200 };
      },
    );

    app.post(
      '/api/account/login',
      {
        schema: {
          tags,
          summary: 'Sign in with user name or e-mail',
          body: LoginModel,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403, 429) },
        },
        config: { access: 'public', audit: 'account.signIn' },
      },
      async (request, reply) => {
        const session = await deps.auth.login(request.body, requestContext(request), request.identity);
        setSessionCookie(request, reply, session.token, session.expiresAt);
        return reply.send();
      },
    );

    app.post(
      '/api/account/logout',
      {
        schema: { tags, summary: 'Sign out', response: { 200: EmptyBody, ...errorResponses(401) } },
        config: { access: 'User', audit: 'account.signOut' },
      },
      async (request, reply) => {
        await deps.auth.logout(signedIn(request));
        clearSessionCookie(request, reply);
        return reply.send();
      },
    );

    app.post(
      '/api/account/verify',
      {
        schema: {
          tags,
          summary: 'Confirm the e-mail address from a registration mail and sign in',
          body: AccountVerifyModel,
          response: { 200: EmptyBody, ...errorResponses(400, 401) },
        },
        config: { access: 'public', audit: 'account.verifyEmail' },
      },
      async (request, reply) => {
        const session = await deps.auth.verifyEmail(request.body, requestContext(request));
        setSessionCookie(request, reply, session.token, session.expiresAt);
        return reply.send();
      },
    );

    app.get(
      '/api/account/profile',
      {
        schema: {
          tags,
          summary: 'The signed-in user',
          response: { 200: ProfileUserInfoModel, ...errorResponses(401, 403) },
        },
        config: { access: 'User' },
      },
      async (request) => deps.profiles.profile(signedIn(request)),
    );

    app.put(
      '/api/account/update',
      {
        schema: {
          tags,
          summary: 'Update own profile; absent or null fields stay unchanged',
          body: ProfileUpdateModel,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403) },
        },
        config: { access: 'User', audit: 'account.update' },
      },
      async (request, reply) => {
        await deps.profiles.update(signedIn(request), request.body);
        return reply.send();
      },
    );

    app.put(
      '/api/account/avatar',
      {
        bodyLimit: multipartBodyLimit(deps.maxImageBytes),
        schema: {
          tags,
          summary: 'Upload own avatar (multipart part `file`)',
          consumes: ['multipart/form-data'],
          response: { 200: z.string().describe('URL of the new avatar'), ...errorResponses(400, 401, 403, 413, 415) },
        },
        config: { access: 'User', audit: 'account.avatar' },
      },
      async (request, reply) => {
        const upload = await readSingleUpload(request, 'file', deps.maxImageBytes);
        const url = await deps.profiles.setAvatar(signedIn(request), upload);
        // A bare string would leave as text/plain; the contract says a JSON string.
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(url));
      },
    );

    app.put(
      '/api/account/changepassword',
      {
        schema: {
          tags,
          summary: 'Change own password; other sessions end',
          body: PasswordChangeModel,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403) },
        },
        config: { access: 'User', audit: 'account.changePassword' },
      },
      async (request, reply) => {
        await deps.profiles.changePassword(signedIn(request), request.body);
        return reply.send();
      },
    );

    app.put(
      '/api/account/changeemail',
      {
        schema: {
          tags,
          summary: 'Start an e-mail change: a confirmation link goes to the new address',
          body: MailChangeModel,
          response: {
            200: MailChangeResponse,
            400: MailChangeResponse.or(RequestResponse),
            ...errorResponses(401, 403, 429),
          },
        },
        config: { access: 'User', rateLimit: 'mail', audit: 'account.changeEmail' },
      },
      async (request, reply) => {
        const result = await deps.accountEmail.requestEmailChange(
          signedIn(request),
          request.body.newMail,
          requestContext(request),
        );
        const status = result.sent ? 200 : 400;
        return reply
          .code(status)
          .send({ title: translate(request.language, result.messageKey), data: result.sent, status });
      },
    );

    app.post(
      '/api/account/mailchangeconfirm',
      {
        schema: {
          tags,
          summary: 'Finish an e-mail change with the mailed link',
          body: AccountVerifyModel,
          response: { 200: EmptyBody, ...errorResponses(400, 401, 403) },
        },
        config: { access: 'User', audit: 'account.confirmEmail' },
      },
      async (request, reply) => {
        await deps.accountEmail.confirmEmailChange(signedIn(request), request.body);
        return reply.send();
      },
    );

    app.post(
      '/api/account/recovery',
      {
        schema: {
          tags,
          summary: 'Mail a password-reset link',
          body: RecoveryModel,
          response: { 200: RequestResponse, ...errorResponses(400, 404, 429) },
        },
        config: { access: 'public', rateLimit: 'mail', audit: 'account.recovery' },
      },
      async (request) => {
        const messageKey = await deps.accountEmail.requestRecovery(request.body, requestContext(request));
        return { title: translate(request.language, messageKey), status: 200 };
      },
    );

    app.post(
      '/api/account/passwordreset',
      {
        schema: {
          tags,
          summary: 'Set a new password with the mailed link',
          body: PasswordResetModel,
          response: { 200: EmptyBody, ...errorResponses(400, 429) },
        },
        config: { access: 'public', rateLimit: 'mail', audit: 'account.resetPassword' },
      },
      async (request, reply) => {
        await deps.accountEmail.resetPassword(request.body);
        return reply.send();
      },
    );
  };
