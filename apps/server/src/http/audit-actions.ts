/**
 * Every audited action: its name (declared as `audit` on the write route that performs it) and the words the
 * stored log shows for it, as an attempt (the entry's status says how it ended). Names are `<object>.<verb>`, so the Logs page can find all actions on one kind of
 * object by searching for `user.` or `flag.`.
 */
export const AUDIT_ACTIONS = {
  // Account events
  'account.register': 'register an account',
  'account.signIn': 'sign in',
  'account.signOut': 'sign out',
  'account.verifyEmail': 'confirm the e-mail address',
  'account.update': 'edit their profile',
  'account.avatar': 'change their avatar',
  'account.changePassword': 'change their password',
  'account.changeEmail': 'ask to change their e-mail address',
  'account.confirmEmail': 'confirm a new e-mail address',
  'account.recovery': 'ask for a password reset mail',
  'account.resetPassword': 'reset a password with a mailed link',
  'account.unlinkIdentity': 'unlink a single sign-on identity',
  // Users (administrators)
  'user.addMany': 'add users in bulk',
  'user.update': 'edit a user',
  'user.delete': 'delete a user',
  'user.resetPassword': 'reset the password of a user',
  // Teams (captains, members and administrators)
  'team.create': 'create a team',
  'team.join': 'join a team with an invite code',
  'team.update': 'edit a team',
  'team.delete': 'delete a team',
  'team.avatar': 'change a team avatar',
  'team.newInvite': 'replace a team invite code',
  'team.kick': 'remove a member from a team',
  'team.leave': 'leave a team',
  'team.transfer': 'hand over the captaincy of a team',
  // Games and participation
  'game.create': 'create a game',
  'game.update': 'edit a game',
  'game.delete': 'delete a game',
  'game.poster': 'change a game poster',
  'game.flushScoreboard': 'rebuild a game scoreboard',
  'game.revealScoreboard': 'reveal a frozen game scoreboard',
  'game.export': 'export a game package',
  'game.import': 'import a game package',
  'game.importCtfd': 'import a CTFd export as a game',
  'game.join': 'enter a team in a game',
  'game.roster': 'choose who plays for a team in a game',
  'game.leave': 'withdraw a team from a game',
  'participation.review': 'review a team entry',
  'division.create': 'create a division',
  'division.update': 'edit a division',
  'division.delete': 'delete a division',
  'phase.create': 'create a game phase',
  'phase.update': 'edit a game phase',
  'phase.delete': 'delete a game phase',
  'award.create': 'give or take points (an award or a penalty)',
  'award.delete': 'remove an award or a penalty',
  'award.deletePending': 'remove an imported award waiting for its team',
  'evidence.refresh': 'compute the flag-sharing evidence now',
  'evidence.dismiss': 'dismiss or restore a flag-sharing evidence case',
  'hint.create': 'add a locked hint to a challenge',
  'hint.delete': 'delete a locked hint',
  'hint.unlock': 'unlock a hint for the team',
  'notice.create': 'post a game notice',
  'notice.update': 'edit a game notice',
  'notice.delete': 'delete a game notice',
  // Challenges and flags
  'challenge.create': 'create a challenge',
  'challenge.update': 'edit a challenge',
  'challenge.delete': 'delete a challenge',
  'challenge.recount': 'recount accepted solves',
  'challenge.attachment': 'set a challenge attachment',
  'challenge.healthSave': 'set a challenge health check',
  'challenge.healthDelete': 'remove a challenge health check',
  'challenge.healthRun': 'run a challenge health check',
  'rehearsal.start': 'start a load rehearsal',
  'rehearsal.finish': 'remove a load rehearsal and its accounts',
  'flag.add': 'add flags',
  'flag.delete': 'delete a flag',
  'flag.submit': 'submit a flag',
  // Instances
  'instance.create': 'start an instance',
  'instance.destroy': 'destroy an instance',
  'instance.extend': 'extend an instance',
  'instance.testStart': 'start a test instance',
  'instance.testStop': 'stop a test instance',
  'instance.forceDestroy': 'force-destroy an instance',
  // Writeups, posts, files, tokens, settings
  'writeup.submit': 'upload a writeup',
  'writeup.deleteAll': 'delete every writeup of a game',
  'post.create': 'create a post',
  'post.update': 'edit a post',
  'post.delete': 'delete a post',
  'file.upload': 'upload files',
  'file.delete': 'release a stored file',
  'capture.deleteAll': 'delete the traffic captures of a team',
  'capture.delete': 'delete a traffic capture',
  'token.create': 'issue an API token',
  'token.revoke': 'revoke or delete an API token',
  'token.restore': 'restore an API token',
  'settings.update': 'save the platform settings',
  'settings.logo': 'upload the platform logo',
  'settings.resetLogo': 'reset the platform logo',
  'webhook.create': 'add a webhook',
  'webhook.update': 'edit a webhook',
  'webhook.delete': 'delete a webhook',
  'webhook.test': 'send a test message to a webhook',
  'webhook.retry': 'retry a webhook delivery',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Entries written by services rather than by a route (events that are not one route call). */
export const SERVICE_AUDIT_ACTIONS = {
  'flag.verdict': 'judge a submitted flag',
  'award.imported': 'apply an imported award as its team is accepted in the game',
} as const;
export type ServiceAuditAction = keyof typeof SERVICE_AUDIT_ACTIONS;

/**
 * Routes whose path carries a secret: the entry shows the route pattern instead of the path. An instance id is
 * what a player hands to the traffic proxy, so it stays out of the log.
 */
export const PATH_HIDDEN: ReadonlySet<AuditAction> = new Set(['instance.forceDestroy']);

/**
 * Routes whose success is recorded by a service with more to say: an accepted flag submission is recorded
 * once, by the judge, with its verdict. A refused submission (400, 403, 429) is still recorded by the route.
 */
export const SUCCESS_RECORDED_BY_SERVICE: ReadonlySet<AuditAction> = new Set(['flag.submit']);
