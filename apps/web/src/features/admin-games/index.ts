/** The organiser's game pages; mounted by features/admin inside the admin shell. */
export { ChallengeEditPage } from './components/challenge-edit-page';
export { ChallengeFlagsPage } from './components/challenge-flags-page';
export { ChallengesPage } from './components/challenges-page';
export { GameAwardsPage } from './components/game-awards-page';
export { GameDivisionsPage } from './components/game-divisions-page';
export { GameInfoPage } from './components/game-info-page';
export { GameNoticesPage } from './components/game-notices-page';
export { GameReviewPage } from './components/game-review-page';
export { GameWriteupsPage } from './components/game-writeups-page';
export { GamesPage } from './components/games-page';
