import type { ContainerInstanceModel } from '@flagpole/contract';

export interface InstanceFilter {
  /** Matched against team name, challenge title, image and GUID, ignoring case. */
  text: string;
  /** Only this game's instances; null for all. */
  gameId: number | null;
}

/** The instances the admin asked to see, soonest to stop first. */
export function filterInstances(
  instances: readonly ContainerInstanceModel[],
  filter: InstanceFilter,
): ContainerInstanceModel[] {
  const needle = filter.text.trim().toLowerCase();
  return instances
    .filter((instance) => filter.gameId === null || instance.gameId === filter.gameId)
    .filter((instance) => {
      if (!needle) return true;
      return [instance.team?.name, instance.challenge?.title, instance.image, instance.containerGuid].some((value) =>
        value?.toLowerCase().includes(needle),
      );
    })
    .sort((a, b) => a.expectStopAt - b.expectStopAt);
}
