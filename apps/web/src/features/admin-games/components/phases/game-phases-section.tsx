import { type GamePhaseInfo, gamePhaseLimits } from '@flagpole/contract';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { showError, showSuccess } from '@/lib/notify';
import { useDeleteGamePhase, useGamePhases, useSaveGamePhase } from '../../api/phases';
import { fromLocalInput, toLocalInput } from '../../datetime';
import { LoadState } from '../load-state';

interface Draft {
  title: string;
  start: string;
}

/** A draft the API takes: a title and a valid time. */
const readyDraft = (draft: Draft) => draft.title.trim() !== '' && fromLocalInput(draft.start) !== null;

/** The title and start inputs of one phase (or of the new one), with the row's buttons after them. */
function PhaseFields({
  draft,
  onChange,
  label,
  children,
}: {
  draft: Draft;
  onChange: (draft: Draft) => void;
  label: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" role="group" aria-label={label}>
      <TextInput
        label={t('adminGames.gamePhases.name')}
        value={draft.title}
        maxLength={gamePhaseLimits.title.max}
        onChange={(event) => onChange({ ...draft, title: event.currentTarget.value })}
        style={{ flex: '1 1 12rem' }}
      />
      <TextInput
        type="datetime-local"
        label={t('adminGames.gamePhases.start')}
        value={draft.start}
        onChange={(event) => onChange({ ...draft, start: event.currentTarget.value })}
        style={{ flex: '1 1 12rem' }}
      />
      <Group gap="xs" wrap="nowrap">
        {children}
      </Group>
    </Group>
  );
}

function PhaseRow({ gameId, phase }: { gameId: number; phase: GamePhaseInfo }) {
  const { t } = useTranslation();
  const save = useSaveGamePhase();
  const remove = useDeleteGamePhase();
  const saved: Draft = { title: phase.title, start: toLocalInput(phase.start) };
  const [draft, setDraft] = useState<Draft>(saved);
  const [busy, setBusy] = useState(false);
  const changed = draft.title !== saved.title || draft.start !== saved.start;

  const submit = async () => {
    setBusy(true);
    try {
      const updated = await save(gameId, phase.id, {
        title: draft.title.trim(),
        start: fromLocalInput(draft.start) ?? phase.start,
      });
      setDraft({ title: updated.title, start: toLocalInput(updated.start) });
      showSuccess(t('adminGames.gamePhases.saved', { name: updated.title }));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('adminGames.gamePhases.deleteTitle'),
      children: <Text size="sm">{t('adminGames.gamePhases.deleteConfirm', { name: phase.title })}</Text>,
      labels: { confirm: t('adminGames.gamePhases.deleteSubmit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        remove(gameId, phase.id).then(
          () => showSuccess(t('adminGames.gamePhases.deleted', { name: phase.title })),
          showError,
        );
      },
    });

  return (
    <PhaseFields draft={draft} onChange={setDraft} label={phase.title}>
      <Button
        variant="light"
        leftSection={<IconDeviceFloppy size={16} />}
        disabled={!changed || !readyDraft(draft)}
        loading={busy}
        onClick={() => void submit()}
      >
        {t('common.save')}
      </Button>
      <Tooltip label={t('adminGames.gamePhases.delete')}>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('adminGames.gamePhases.deleteNamed', { name: phase.title })}
          onClick={confirmDelete}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </PhaseFields>
  );
}

function NewPhase({ gameId, suggestedStart }: { gameId: number; suggestedStart: number }) {
  const { t } = useTranslation();
  const save = useSaveGamePhase();
  const empty: Draft = { title: '', start: toLocalInput(suggestedStart) };
  const [draft, setDraft] = useState<Draft>(empty);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const start = fromLocalInput(draft.start);
    if (start === null) return;
    setBusy(true);
    try {
      const created = await save(gameId, null, { title: draft.title.trim(), start });
      setDraft({ title: '', start: draft.start });
      showSuccess(t('adminGames.gamePhases.created', { name: created.title }));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <PhaseFields draft={draft} onChange={setDraft} label={t('adminGames.gamePhases.new')}>
      <Button
        leftSection={<IconPlus size={16} />}
        disabled={!readyDraft(draft)}
        loading={busy}
        onClick={() => void submit()}
      >
        {t('adminGames.gamePhases.add')}
      </Button>
    </PhaseFields>
  );
}

/**
 * The game's phases (docs/game-play.md, "Phases"): weeks or waves, each with a title and a start. Challenges are put
 * in a phase in the challenge editor; the scoreboard then offers each phase's own ranking.
 */
export function GamePhasesSection({ gameId, gameStart }: { gameId: number; gameStart: number }) {
  const { t } = useTranslation();
  const { phases, error, reload } = useGamePhases(gameId);
  return (
    <SectionCard compact title={t('adminGames.gamePhases.title')} description={t('adminGames.gamePhases.hint')}>
      <LoadState data={phases} error={error} onRetry={() => reload()}>
        {(list) => (
          <Stack gap="sm">
            {list.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('adminGames.gamePhases.empty')}
              </Text>
            )}
            {list.map((phase) => (
              <PhaseRow key={`${phase.id}-${phase.title}-${phase.start}`} gameId={gameId} phase={phase} />
            ))}
            <NewPhase gameId={gameId} suggestedStart={list.at(-1)?.start ?? gameStart} />
          </Stack>
        )}
      </LoadState>
    </SectionCard>
  );
}
