import type { ContainerInfoModel, ContainerStartModel } from '@flagpole/contract';
import { http } from '@/lib/http';
import { containerKeys } from './keys';

/** Starts the team's instance; the answer says where the start waits in line if it is queued. */
export function startInstance(gameId: number, challengeId: number): Promise<ContainerStartModel> {
  return http.post<ContainerStartModel>(containerKeys.instance(gameId, challengeId));
}

export function destroyInstance(gameId: number, challengeId: number): Promise<void> {
  return http.delete(containerKeys.instance(gameId, challengeId));
}

export function extendInstance(gameId: number, challengeId: number): Promise<ContainerInfoModel> {
  return http.post<ContainerInfoModel>(containerKeys.extend(gameId, challengeId));
}

/** An organiser's test instance of a challenge (not tied to a team). */
export function startTestInstance(gameId: number, challengeId: number): Promise<ContainerInfoModel> {
  return http.post<ContainerInfoModel>(containerKeys.testContainer(gameId, challengeId));
}

export function destroyTestInstance(gameId: number, challengeId: number): Promise<void> {
  return http.delete(containerKeys.testContainer(gameId, challengeId));
}
