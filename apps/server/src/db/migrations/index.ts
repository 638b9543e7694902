import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as gameLoop from './0002_game_loop';
import * as admin from './0003_admin';
import * as tokensWriteups from './0004_tokens_writeups';
import * as containers from './0005_containers';
import * as solveChallengeIndex from './0006_solve_challenge_index';
import * as forgetLoggedSecrets from './0007_forget_logged_secrets';
import * as attachmentNames from './0008_attachment_names';
import * as processLeases from './0011_process_leases';
import * as divisions from './0012_divisions';
import * as flagKinds from './0013_flag_kinds';
import * as flagFormat from './0014_flag_format';
import * as teamEntryRoster from './0015_team_entry_roster';
import * as scoreboardFreeze from './0016_scoreboard_freeze';
import * as challengeRelease from './0017_challenge_release';
import * as gamePhases from './0018_game_phases';
import * as webhooks from './0019_webhooks';
import * as signInIdentities from './0020_sign_in_identities';
import * as hintsAwards from './0021_hints_awards';
import * as challengePrerequisites from './0022_challenge_prerequisites';
import * as soloGames from './0023_solo_games';
import * as healthChecks from './0024_health_checks';
import * as hintNotices from './0025_hint_notices';
import * as flagSharingEvidence from './0026_flag_sharing_evidence';
import * as rehearsals from './0027_rehearsals';
import * as pendingAwards from './0028_pending_awards';
import * as containerServices from './0030_container_services';
import * as webhookDefaultLanguage from './0031_webhook_default_language';

/** Every migration in order; names are permanent once released. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_game_loop': gameLoop,
  '0003_admin': admin,
  '0004_tokens_writeups': tokensWriteups,
  '0005_containers': containers,
  '0006_solve_challenge_index': solveChallengeIndex,
  '0007_forget_logged_secrets': forgetLoggedSecrets,
  '0008_attachment_names': attachmentNames,
  '0011_process_leases': processLeases,
  '0012_divisions': divisions,
  '0013_flag_kinds': flagKinds,
  '0014_flag_format': flagFormat,
  '0015_team_entry_roster': teamEntryRoster,
  '0016_scoreboard_freeze': scoreboardFreeze,
  '0017_challenge_release': challengeRelease,
  '0018_game_phases': gamePhases,
  '0019_webhooks': webhooks,
  '0020_sign_in_identities': signInIdentities,
  '0021_hints_awards': hintsAwards,
  '0022_challenge_prerequisites': challengePrerequisites,
  '0023_solo_games': soloGames,
  '0024_health_checks': healthChecks,
  '0025_hint_notices': hintNotices,
  '0026_flag_sharing_evidence': flagSharingEvidence,
  '0027_rehearsals': rehearsals,
  '0028_pending_awards': pendingAwards,
  '0030_container_services': containerServices,
  '0031_webhook_default_language': webhookDefaultLanguage,
};
