import type { ScoreboardModel } from '@flagpole/contract';
import { Button } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { PageLoader } from '@/components/page-loader';
import { useProfile } from '@/features/account/api/get-profile';
import { NotFoundPage } from '@/features/errors/components/not-found-page';
import { showError, showSuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { useGame } from '../api/get-game';
import { useScoreboard } from '../api/get-scoreboard';
import { parseId } from '../api/keys';
import { useRevealScoreboard } from '../api/reveal-scoreboard';
import { planCeremony } from '../lib/reveal-ceremony';
import classes from './reveal-ceremony.module.css';
import { CeremonyStage } from './reveal-ceremony-stage';

/** The two boards the ceremony runs between, taken once: a later refetch (the reveal itself) must not move it. */
interface Snapshot {
  frozen: ScoreboardModel;
  live: ScoreboardModel;
}

function Message({ text, onLeave }: { text: string; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <main className={classes.stage}>
      <div className={classes.message}>
        <h1 className={classes.messageText}>{text}</h1>
        <Button variant="white" color="dark" onClick={onLeave}>
          {t('scoreboard.ceremony.leave')}
        </Button>
      </div>
    </main>
  );
}

/**
 * The reveal ceremony for a projector (docs/game-play.md, "Freeze and reveal"), organisers only: the players'
 * frozen board is unveiled team by team from the bottom, ending on the live board, and an admin then publishes it.
 */
export default function RevealCeremonyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = parseId(useParams().id);
  const { user } = useProfile();
  const game = useGame(id);
  const live = useScoreboard(id, false);
  const players = useScoreboard(id, false, true);
  const reveal = useRevealScoreboard();
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [published, setPublished] = useState(false);
  usePageTitle(t('scoreboard.ceremony.title'));

  useEffect(() => {
    if (!snapshot && live.data && players.data) setSnapshot({ frozen: players.data, live: live.data });
  }, [snapshot, live.data, players.data]);

  const leave = useCallback(() => navigate(`/games/${id}/scoreboard`), [navigate, id]);
  const freezeAt = game.data?.freezeAt ?? null;
  const steps = useMemo(
    () => (snapshot && freezeAt !== null ? planCeremony(snapshot.frozen, snapshot.live, freezeAt) : null),
    [snapshot, freezeAt],
  );
  const challengeTitles = useMemo(() => {
    const titles = new Map<number, string>();
    for (const column of Object.values(snapshot?.live.challenges ?? {})) {
      for (const challenge of column ?? []) titles.set(challenge.id, challenge.title);
    }
    return titles;
  }, [snapshot]);
  const divisionNames = useMemo(
    () => new Map((snapshot?.live.divisions ?? []).map((division) => [division.id, division.name])),
    [snapshot],
  );

  if (id === null) return <NotFoundPage />;
  const error = game.error ?? live.error ?? players.error;
  if (error) return <ErrorAlert error={error} title={t('scoreboard.loadFailed')} />;
  if (!game.data) return <PageLoader />;
  if (game.data.freezeAt === null || game.data.freezeAt === undefined) {
    return <Message text={t('scoreboard.ceremony.noFreeze')} onLeave={leave} />;
  }
  if (Date.now() < game.data.end) return <Message text={t('scoreboard.ceremony.notEnded')} onLeave={leave} />;
  if (!steps) return <PageLoader />;

  const publish = async () => {
    try {
      await reveal(game.data?.id ?? id);
      setPublished(true);
      showSuccess(t('scoreboard.ceremony.published'));
      return true;
    } catch (failure) {
      showError(failure, { title: t('scoreboard.freeze.revealFailed') });
      return false;
    }
  };

  return (
    <CeremonyStage
      title={game.data.title}
      freezeAt={game.data.freezeAt}
      steps={steps}
      challengeTitles={challengeTitles}
      divisionNames={divisionNames}
      published={user?.role === 'Admin' ? published || game.data.scoreboardRevealed === true : null}
      onPublish={publish}
      onLeave={leave}
    />
  );
}
