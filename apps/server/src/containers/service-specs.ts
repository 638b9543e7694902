import type { ContainerService } from '@flagpole/contract';
import { instanceEnv, type ServiceSpec } from './types';

/** The variable GZCTF's images read their flag from; a service with `dynamicFlag` gets it beside FLAGPOLE_FLAG. */
export const GZCTF_FLAG_ENV = 'GZCTF_FLAG';

/** The service players reach first: the first entry (the contract guarantees one, with a port). */
export function primaryEntryOf(services: ContainerService[]): ContainerService | undefined {
  return services.find((service) => service.entry && service.ports.length > 0);
}

/** The image an instance's row names: the primary entry's for a multi-service challenge, else the single image. */
export function instanceImageOf(challenge: { container_image: string; container_services: ContainerService[] | null }) {
  const primary = primaryEntryOf(challenge.container_services ?? []);
  return (primary ? primary.image : challenge.container_image).trim();
}

/**
 * The engine's view of a challenge's services: each one's own environment, then the instance's ids (which a
 * service may not override: they are how the platform and its checks know the instance), then the team's flag
 * for the services that ask for it (and only them: a backend holding the flag keeps it from the entry).
 */
export function serviceSpecsOf(
  services: ContainerService[],
  instance: { env: Record<string, string>; flag: string | null },
): ServiceSpec[] {
  const ids = {
    [instanceEnv.instanceId]: instance.env[instanceEnv.instanceId] ?? '',
    [instanceEnv.teamId]: instance.env[instanceEnv.teamId] ?? '',
  };
  return services.map((service) => {
    const env: Record<string, string> = Object.fromEntries(service.env.map((e) => [e.name, e.value]));
    Object.assign(env, ids);
    if (service.dynamicFlag && instance.flag !== null) {
      env[instanceEnv.flag] = instance.flag;
      env[GZCTF_FLAG_ENV] = instance.flag;
    }
    return {
      name: service.name,
      image: service.image.trim(),
      entry: service.entry,
      ports: [...service.ports],
      env,
      memoryMb: service.memoryLimit,
      cpuTenths: service.cpuCount,
      pidsLimit: service.pidsLimit,
      readOnlyRoot: service.readOnlyRoot ?? false,
    };
  });
}
