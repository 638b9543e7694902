import { Button, Group, Modal, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CeremonyRow, CeremonyStep } from '../lib/reveal-ceremony';
import classes from './reveal-ceremony.module.css';

/** Milliseconds between two steps while auto-play runs. */
const AUTO_PLAY_MS = 1600;

export interface StageProps {
  title: string;
  freezeAt: number;
  steps: readonly CeremonyStep[];
  challengeTitles: ReadonlyMap<number, string>;
  divisionNames: ReadonlyMap<number, string>;
  /** Null: the caller may not publish (not an admin); else whether the final board is already public. */
  published: boolean | null;
  onPublish: () => Promise<boolean>;
  onLeave: () => void;
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Rows that changed place glide from where they were (FLIP): each row's offset is remembered after a render, and
 * a row found elsewhere after the next one is animated from its old offset to the new one. The row a step acted on
 * (else the cursor) is scrolled into view.
 */
function useGlidingRows(list: React.RefObject<HTMLOListElement | null>, step: number) {
  const offsets = useRef(new Map<string, number>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each step's render, which moves the rows.
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    const animate = !reducedMotion();
    const next = new Map<string, number>();
    for (const row of element.querySelectorAll<HTMLElement>('[data-team]')) {
      const id = row.dataset.team ?? '';
      next.set(id, row.offsetTop);
      const before = offsets.current.get(id);
      if (animate && before !== undefined && before !== row.offsetTop && typeof row.animate === 'function') {
        row.animate([{ transform: `translateY(${before - row.offsetTop}px)` }, { transform: 'none' }], {
          duration: 800,
          easing: 'cubic-bezier(0.2, 0.7, 0.2, 1)',
        });
      }
    }
    offsets.current = next;
    // The row the step acted on flashes, even when it is the same row as the step before.
    const acted = element.querySelector<HTMLElement>('[data-acted="true"]');
    if (animate && acted && typeof acted.animate === 'function') {
      acted.animate([{ backgroundColor: '#854d0e' }, {}], { duration: 900, easing: 'ease-out' });
    }
    const focus = acted ?? element.querySelector('[data-cursor]');
    focus?.scrollIntoView?.({ block: 'center', behavior: animate ? 'smooth' : 'auto' });
  }, [step]);
}

function Row({
  row,
  cursor,
  acted,
  newSolve,
  challengeTitles,
  divisionNames,
}: {
  row: CeremonyRow;
  cursor: boolean;
  acted: boolean;
  newSolve: number | null;
  challengeTitles: ReadonlyMap<number, string>;
  divisionNames: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation();
  const division = row.divisionId === null ? null : divisionNames.get(row.divisionId);
  return (
    <li
      className={classes.row}
      data-team={row.id}
      data-cursor={cursor || undefined}
      data-acted={acted || undefined}
      data-resolved={row.resolved}
      data-testid="ceremony-row"
    >
      <span className={classes.rank}>{row.rank > 0 ? row.rank : '–'}</span>
      <span className={classes.name}>
        {row.name}
        {division && <span className={classes.division}>{division}</span>}
      </span>
      <span className={classes.solves}>
        {row.opened.map((solve) => (
          <span key={solve.id} className={classes.chip} data-new={solve.id === newSolve || undefined}>
            {challengeTitles.get(solve.id) ?? `#${solve.id}`}
          </span>
        ))}
        {row.pending.length > 0 && (
          <span
            className={classes.chip}
            data-pending
            title={t('scoreboard.ceremony.pending', { count: row.pending.length })}
            role="img"
            aria-label={t('scoreboard.ceremony.pending', { count: row.pending.length })}
          >
            {'?'.repeat(Math.min(row.pending.length, 5))}
          </span>
        )}
      </span>
      <span className={classes.score} data-testid="ceremony-score">
        {row.score}
      </span>
    </li>
  );
}

/** What the last step did, in words (the caption above the board). */
function useCaption(step: CeremonyStep, freezeAt: number, titles: ReadonlyMap<number, string>): string {
  const { t } = useTranslation();
  const { action } = step;
  if (action.kind === 'start') return t('scoreboard.ceremony.start', { time: dayjs(freezeAt).format('LLL') });
  const row = step.rows[action.to];
  const team = row?.name ?? '';
  const moved =
    action.to < action.from
      ? ` ${t('scoreboard.ceremony.movedUp', { from: action.from + 1, to: action.to + 1 })}`
      : action.to > action.from
        ? ` ${t('scoreboard.ceremony.movedDown', { from: action.from + 1, to: action.to + 1 })}`
        : '';
  if (action.kind === 'solve') {
    const challenge = titles.get(action.solve.id) ?? `#${action.solve.id}`;
    return t('scoreboard.ceremony.solved', { team, challenge, count: action.solve.score }) + moved;
  }
  const score = row?.score ?? 0;
  const resolved =
    row && row.rank > 0
      ? t('scoreboard.ceremony.resolved', { team, count: score, rank: row.rank })
      : t('scoreboard.ceremony.resolvedUnranked', { team, count: score });
  return resolved + moved;
}

/** The ceremony itself: the board at one step, driven by the keyboard. */
export function CeremonyStage(props: StageProps) {
  const { steps, onLeave, onPublish } = props;
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const last = steps.length - 1;
  const step = steps[Math.min(index, last)] as CeremonyStep;
  const finished = step.cursor === null;
  const canPublish = props.published === false;
  useGlidingRows(list, index);

  const next = useCallback(() => setIndex((current) => Math.min(current + 1, last)), [last]);
  const back = useCallback(() => {
    setPlaying(false);
    setIndex((current) => Math.max(current - 1, 0));
  }, []);

  // One timer per step: it runs again after each step it (or a key) made.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `index` restarts the timer after every step.
  useEffect(() => {
    if (!playing) return;
    if (finished) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(next, AUTO_PLAY_MS);
    return () => clearTimeout(timer);
  }, [playing, finished, next, index]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || confirming) return;
      // A focused button keeps its own Enter and Space.
      const target = event.target instanceof HTMLElement ? event.target : null;
      if ((event.key === 'Enter' || event.key === ' ') && target?.closest('button, a, input')) return;
      switch (event.key) {
        case 'ArrowRight':
        case ' ':
        case 'Enter':
          if (finished && canPublish) setConfirming(true);
          else next();
          break;
        case 'ArrowLeft':
        case 'Backspace':
          back();
          break;
        case 'p':
        case 'P':
          setPlaying((current) => !current && !finished);
          break;
        case 'Home':
          setPlaying(false);
          setIndex(0);
          break;
        case 'Escape':
          onLeave();
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [confirming, finished, canPublish, next, back, onLeave]);

  const caption = useCaption(step, props.freezeAt, props.challengeTitles);
  const actedId = step.action.kind === 'start' ? null : step.action.teamId;
  const newSolve = step.action.kind === 'solve' ? step.action.solve.id : null;
  const left = step.rows.filter((row) => !row.resolved).length;

  const publish = async () => {
    setPublishing(true);
    const done = await onPublish();
    setPublishing(false);
    if (done) setConfirming(false);
  };

  return (
    <main className={classes.stage} data-testid="ceremony" data-step={index} data-finished={finished}>
      <header className={classes.top}>
        <h1 className={classes.title}>{props.title}</h1>
        <span className={classes.meta}>
          {t('scoreboard.ceremony.step', { step: index, total: last })} ·{' '}
          {finished ? t('scoreboard.ceremony.final') : t('scoreboard.ceremony.teamsLeft', { count: left })}
          {playing && ` · ${t('scoreboard.ceremony.playing')}`}
        </span>
      </header>
      <p className={classes.caption} aria-live="polite" data-testid="ceremony-caption">
        {caption}
      </p>
      <ol className={classes.list} ref={list} aria-label={t('scoreboard.ceremony.board')}>
        {step.rows.map((row) => (
          <Row
            key={row.id}
            row={row}
            cursor={row.id === step.cursor}
            acted={row.id === actedId}
            newSolve={row.id === actedId ? newSolve : null}
            challengeTitles={props.challengeTitles}
            divisionNames={props.divisionNames}
          />
        ))}
      </ol>
      <footer className={classes.bottom}>
        <ul className={classes.keys} aria-label={t('scoreboard.ceremony.keysLabel')}>
          <li>
            <kbd>→</kbd>
            <kbd>Space</kbd>
            {finished && canPublish ? t('scoreboard.ceremony.keyPublish') : t('scoreboard.ceremony.keyNext')}
          </li>
          <li>
            <kbd>←</kbd>
            {t('scoreboard.ceremony.keyBack')}
          </li>
          <li>
            <kbd>P</kbd>
            {playing ? t('scoreboard.ceremony.keyPause') : t('scoreboard.ceremony.keyPlay')}
          </li>
          <li>
            <kbd>Home</kbd>
            {t('scoreboard.ceremony.keyRestart')}
          </li>
          <li>
            <kbd>Esc</kbd>
            {t('scoreboard.ceremony.keyLeave')}
          </li>
        </ul>
        {finished && (
          <div className={classes.final} data-testid="ceremony-final">
            {props.published === null && t('scoreboard.ceremony.adminPublishes')}
            {props.published === true && t('scoreboard.ceremony.published')}
            {canPublish && (
              <Button color="yellow" autoContrast size="md" onClick={() => setConfirming(true)}>
                {t('scoreboard.ceremony.publish')}
              </Button>
            )}
          </div>
        )}
      </footer>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('scoreboard.ceremony.publishTitle')}
        centered
      >
        <Text size="sm" mb="md">
          {t('scoreboard.ceremony.publishText')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
          <Button color="orange" loading={publishing} onClick={publish} data-autofocus>
            {t('scoreboard.ceremony.publish')}
          </Button>
        </Group>
      </Modal>
    </main>
  );
}
