/** The site administration pages (users, teams, logs, settings); mounted by features/admin inside the admin shell. */
export { LogsPage } from './components/logs-page';
export { SettingsPage } from './components/settings-page';
export { TeamsPage } from './components/teams-page';
export { UsersPage } from './components/users-page';
