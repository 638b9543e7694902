import type { ParticipationInfoModel, ParticipationStatus } from '@flagpole/contract';
import { Center, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDivisions } from '../api/divisions';
import { useParticipations } from '../api/get-participations';
import { GameHeader } from './game-header';
import { LoadState } from './load-state';
import { BulkReview } from './review/bulk-review';
import { ParticipationCard } from './review/participation-card';
import { useRouteIds } from './use-route-ids';

const FILTERS = ['all', 'Pending', 'Accepted', 'Suspended', 'Rejected'] as const;
type Filter = (typeof FILTERS)[number];

/** 'all', 'none' (no division) or a division id. */
type DivisionFilter = string;

const ORDERS = ['pending', 'newest', 'name'] as const;
type ReviewOrder = (typeof ORDERS)[number];
/** Waiting for review first, then accepted, suspended, rejected. */
const STATUS_RANK: Record<ParticipationStatus, number> = {
  Pending: 0,
  Accepted: 1,
  Suspended: 2,
  Rejected: 3,
  Unsubmitted: 4,
};

/** The entries in the organiser's order; ties newest entry first (entry ids grow with time). */
export function orderParticipations(list: readonly ParticipationInfoModel[], order: ReviewOrder) {
  return [...list].sort((a, b) => {
    if (order === 'pending' && STATUS_RANK[a.status] !== STATUS_RANK[b.status])
      return STATUS_RANK[a.status] - STATUS_RANK[b.status];
    if (order === 'name') {
      const byName = (a.team.name ?? '').localeCompare(b.team.name ?? '', undefined, { sensitivity: 'base' });
      if (byName !== 0) return byName;
    }
    return b.id - a.id;
  });
}

function matches(
  participation: ParticipationInfoModel,
  filter: Filter,
  division: DivisionFilter,
  search: string,
): boolean {
  if (filter !== 'all' && participation.status !== filter) return false;
  if (division === 'none' && participation.divisionId !== null) return false;
  if (division !== 'all' && division !== 'none' && String(participation.divisionId) !== division) return false;
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const team = participation.team;
  return [team.name, ...team.members.flatMap((member) => [member.userName, member.realName, member.stdNumber])].some(
    (text) => text?.toLowerCase().includes(needle),
  );
}

export function GameReviewPage() {
  const { t } = useTranslation();
  const { gameId } = useRouteIds();
  const { participations, error } = useParticipations(gameId);
  const { divisions } = useDivisions(gameId);
  const [filter, setFilter] = useState<Filter>('all');
  const [division, setDivision] = useState<DivisionFilter>('all');
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<ReviewOrder>('pending');

  const count = (status: ParticipationStatus) => participations?.filter((item) => item.status === status).length ?? 0;
  const filterData = FILTERS.map((value) => ({
    value,
    label:
      value === 'all'
        ? t('adminGames.review.all', { count: participations?.length ?? 0 })
        : `${t(`adminGames.status.${value}`)} (${count(value)})`,
  }));

  return (
    <Stack gap="md">
      <GameHeader gameId={gameId} page={t('adminGames.tabs.review')} />
      <Stack gap="xs">
        <SegmentedControl
          data={filterData}
          value={filter}
          onChange={(value) => setFilter(value as Filter)}
          aria-label={t('adminGames.review.filter')}
          fullWidth
          visibleFrom="sm"
        />
        <Select
          hiddenFrom="sm"
          label={t('adminGames.review.filter')}
          data={filterData}
          value={filter}
          onChange={(value) => setFilter((value ?? 'all') as Filter)}
          allowDeselect={false}
        />
        {divisions && divisions.length > 0 && (
          <Select
            label={t('adminGames.review.divisionFilter')}
            data={[
              { value: 'all', label: t('adminGames.review.allDivisions') },
              { value: 'none', label: t('adminGames.review.noDivision') },
              ...divisions.map((item) => ({ value: String(item.id), label: item.name })),
            ]}
            value={division}
            onChange={(value) => setDivision(value ?? 'all')}
            allowDeselect={false}
          />
        )}
        <TextInput
          leftSection={<IconSearch size={16} />}
          label={t('adminGames.review.search')}
          placeholder={t('adminGames.review.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Select
          label={t('adminGames.review.orderLabel')}
          data={ORDERS.map((value) => ({ value, label: t(`adminGames.review.order.${value}`) }))}
          value={order}
          onChange={(value) => value && setOrder(value as ReviewOrder)}
          allowDeselect={false}
        />
      </Stack>
      <BulkReview
        gameId={gameId}
        shown={(participations ?? []).filter((item) => matches(item, filter, division, search))}
      />
      <LoadState data={participations} error={error}>
        {(list) => {
          const shown = orderParticipations(
            list.filter((item) => matches(item, filter, division, search)),
            order,
          );
          return shown.length === 0 ? (
            <Center py="lg">
              <Text c="dimmed">{t('adminGames.review.empty')}</Text>
            </Center>
          ) : (
            <Stack gap="sm">
              {shown.map((participation) => (
                <ParticipationCard
                  key={participation.id}
                  gameId={gameId}
                  participation={participation}
                  divisions={divisions ?? []}
                />
              ))}
            </Stack>
          );
        }}
      </LoadState>
    </Stack>
  );
}
