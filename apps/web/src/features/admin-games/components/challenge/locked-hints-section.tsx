import { type HintCostKind, type HintEditInfo, hintLimits } from '@flagpole/contract';
import {
  ActionIcon,
  Button,
  Card,
  Center,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useAddHint, useDeleteHint, useEditHints } from '../../api/hints';
import { LoadState } from '../load-state';
import { MarkdownEditor } from '../markdown-editor';
import { emptyLockedHint, type LockedHintError, type LockedHintValues, lockedHintBody } from './locked-hint-form';

const KINDS: HintCostKind[] = ['Points', 'RewardShare', 'FreeAfter'];

/** A hint's cost as the list shows it: points, a percentage of the reward, or when it becomes free. */
function useCostText() {
  const { t } = useTranslation();
  return (hint: HintEditInfo) => {
    if (hint.kind === 'Points') return t('adminGames.lockedHints.costPoints', { count: hint.cost });
    if (hint.kind === 'RewardShare') return t('adminGames.lockedHints.costShare', { percent: hint.cost });
    return t('adminGames.lockedHints.costFree', { time: dayjs(hint.freeAt).format('YYYY-MM-DD HH:mm') });
  };
}

function HintTable({ gameId, challengeId, hints }: { gameId: number; challengeId: number; hints: HintEditInfo[] }) {
  const { t } = useTranslation();
  const remove = useDeleteHint();
  const costText = useCostText();
  const titles = new Map(hints.map((hint) => [hint.id, hint.title]));
  if (hints.length === 0) {
    return (
      <Center py="sm">
        <Text c="dimmed">{t('adminGames.lockedHints.empty')}</Text>
      </Center>
    );
  }
  const confirmDelete = (hint: HintEditInfo) =>
    modals.openConfirmModal({
      title: t('adminGames.lockedHints.deleteTitle'),
      children: <Text size="sm">{t('adminGames.lockedHints.deleteConfirm', { title: hint.title })}</Text>,
      labels: { confirm: t('adminGames.lockedHints.deleteSubmit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        remove(gameId, challengeId, hint.id).then(() => showSuccess(t('adminGames.lockedHints.deleted')), showError);
      },
    });
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs" aria-label={t('adminGames.lockedHints.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminGames.lockedHints.hintTitle')}</Table.Th>
            <Table.Th>{t('adminGames.lockedHints.cost')}</Table.Th>
            <Table.Th>{t('adminGames.lockedHints.requires')}</Table.Th>
            <Table.Th>{t('adminGames.lockedHints.unlocks')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('adminGames.lockedHints.delete')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {hints.map((hint) => (
            <Table.Tr key={hint.id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{hint.title}</Table.Td>
              <Table.Td>
                {costText(hint)}
                {hint.allowNegative && (
                  <Text size="xs" c="dimmed">
                    {t('adminGames.lockedHints.belowZero')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{hint.requiresHintId === null ? '—' : (titles.get(hint.requiresHintId) ?? '—')}</Table.Td>
              <Table.Td>{hint.unlockCount}</Table.Td>
              <Table.Td>
                <Tooltip label={t('adminGames.lockedHints.delete')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('adminGames.lockedHints.deleteNamed', { title: hint.title })}
                    onClick={() => confirmDelete(hint)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CostField({
  values,
  set,
  error,
}: {
  values: LockedHintValues;
  set: (patch: Partial<LockedHintValues>) => void;
  error: LockedHintError | null;
}) {
  const { t } = useTranslation();
  if (values.kind === 'FreeAfter') {
    return (
      <TextInput
        type="datetime-local"
        label={t('adminGames.lockedHints.freeAt')}
        value={values.freeAt}
        onChange={(event) => set({ freeAt: event.currentTarget.value })}
        error={error === 'freeAt' ? t('adminGames.lockedHints.errors.freeAt') : undefined}
        required
      />
    );
  }
  const share = values.kind === 'RewardShare';
  return (
    <NumberInput
      label={t(share ? 'adminGames.lockedHints.percent' : 'adminGames.lockedHints.points')}
      value={values.cost}
      onChange={(cost) => set({ cost: typeof cost === 'number' ? cost : '' })}
      min={1}
      max={share ? 100 : hintLimits.points.max}
      allowDecimal={false}
      allowNegative={false}
      suffix={share ? ' %' : undefined}
      error={error === 'cost' ? t(`adminGames.lockedHints.errors.${share ? 'percent' : 'points'}`) : undefined}
      required
    />
  );
}

function AddHintForm({ gameId, challengeId, hints }: { gameId: number; challengeId: number; hints: HintEditInfo[] }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useAddHint());
  const [values, setValues] = useState<LockedHintValues>(emptyLockedHint);
  const [error, setError] = useState<LockedHintError | null>(null);
  const set = (patch: Partial<LockedHintValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setError(null);
  };
  const add = async () => {
    const body = lockedHintBody(values);
    if (typeof body === 'string') {
      setError(body);
      return;
    }
    try {
      await trigger(gameId, challengeId, body);
      setValues(emptyLockedHint);
      showSuccess(t('adminGames.lockedHints.added'));
    } catch (failure) {
      showError(failure);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('adminGames.lockedHints.add')}
      </Title>
      <TextInput
        label={t('adminGames.lockedHints.hintTitle')}
        value={values.title}
        maxLength={hintLimits.title.max}
        onChange={(event) => set({ title: event.currentTarget.value })}
        error={error === 'title' ? t('adminGames.lockedHints.errors.title') : undefined}
        required
      />
      <MarkdownEditor
        label={t('adminGames.lockedHints.content')}
        value={values.content}
        onChange={(content) => set({ content })}
        maxLength={hintLimits.content.max}
        minRows={3}
        error={error === 'content' ? t('adminGames.lockedHints.errors.content') : undefined}
      />
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label={t('adminGames.lockedHints.kind')}
          description={t(`adminGames.lockedHints.kindHint.${values.kind}`)}
          data={KINDS.map((kind) => ({ value: kind, label: t(`adminGames.lockedHints.kinds.${kind}`) }))}
          value={values.kind}
          onChange={(kind) => set({ kind: (kind as HintCostKind | null) ?? 'Points' })}
          allowDeselect={false}
          miw={200}
        />
        <CostField values={values} set={set} error={error} />
      </Group>
      {values.kind === 'Points' && (
        <Switch
          label={t('adminGames.lockedHints.allowNegative')}
          checked={values.allowNegative}
          onChange={(event) => set({ allowNegative: event.currentTarget.checked })}
        />
      )}
      {hints.length > 0 && (
        <Select
          label={t('adminGames.lockedHints.requiresHint')}
          data={hints.map((hint) => ({ value: String(hint.id), label: hint.title }))}
          value={values.requiresHintId}
          onChange={(requiresHintId) => set({ requiresHintId })}
          clearable
        />
      )}
      <Group justify="flex-end">
        <Button onClick={() => void add()} loading={isMutating}>
          {t('adminGames.lockedHints.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The challenge's locked hints (issue 28): list with costs and unlock counts, add, delete with confirmation. */
export function LockedHintsSection({ gameId, challengeId }: { gameId: number; challengeId: number }) {
  const { t } = useTranslation();
  const { hints, error } = useEditHints(gameId, challengeId);
  return (
    <Card withBorder p="lg" component="section" aria-labelledby="locked-hints-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="locked-hints-heading">
          {t('adminGames.lockedHints.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('adminGames.lockedHints.hint')}
        </Text>
        <LoadState data={hints} error={error}>
          {(list) => (
            <Stack gap="md">
              <HintTable gameId={gameId} challengeId={challengeId} hints={list} />
              <AddHintForm gameId={gameId} challengeId={challengeId} hints={list} />
            </Stack>
          )}
        </LoadState>
      </Stack>
    </Card>
  );
}
