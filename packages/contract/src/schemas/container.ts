import { z } from 'zod';
import { ChallengeCategory, ChallengeType, ContainerStatus } from '../enums';
import { ContainerInfoModel } from './challenge';
import { arrayResponse, Timestamp } from './common';
import { TeamModel } from './team';

/**
 * Answer of `POST /api/game/{id}/container/{cid}`: the instance, plus where a start waits in the start queue.
 * `queuePosition` is null once the engine has the start (or it finished), else 1 for the next start in line.
 */
export const ContainerStartModel = ContainerInfoModel.extend({
  queuePosition: z.number().int().min(1).nullable(),
});
export type ContainerStartModel = z.infer<typeof ContainerStartModel>;

/** The challenge an instance belongs to, as the admin instances page lists it. */
export const InstanceChallengeModel = z.object({
  id: z.number().int(),
  title: z.string(),
  category: ChallengeCategory,
  type: ChallengeType,
});
export type InstanceChallengeModel = z.infer<typeof InstanceChallengeModel>;

/** One running (or starting) instance, for administrators. `team` is null for a test container. */
export const ContainerInstanceModel = z.object({
  team: TeamModel.nullable(),
  challenge: InstanceChallengeModel.nullable(),
  /** Game the instance belongs to (our addition; lets the page filter by game). */
  gameId: z.number().int().nullable(),
  image: z.string(),
  containerGuid: z.uuid(),
  containerId: z.string(),
  status: ContainerStatus,
  startedAt: Timestamp,
  expectStopAt: Timestamp,
  ip: z.string(),
  port: z.number().int(),
  /** What players are shown: `host:port`, or the GUID under the platform proxy. */
  entry: z.string(),
});
export type ContainerInstanceModel = z.infer<typeof ContainerInstanceModel>;

export const ArrayResponseOfContainerInstanceModel = arrayResponse(ContainerInstanceModel);
export type ArrayResponseOfContainerInstanceModel = z.infer<typeof ArrayResponseOfContainerInstanceModel>;
