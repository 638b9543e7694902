import { type ContainerServiceInput, ContainerServices } from '@flagpole/contract';
import type { Db } from '../src/db/database';
import { type ContainerSettings, createContainerChallenge } from './container-fixtures';
import { docker, ensureBusyboxImage } from './container-image';

/*
 * Images and challenges of the multi-service tests (docs/containers.md, "Several services"): an entry `web` whose
 * /cgi-bin/flag asks the backend `vault` (found by its name through $BACKEND) for the flag it holds.
 */

export const WEB_IMAGE = 'flagpole-test-web:2';
export const VAULT_IMAGE = 'flagpole-test-vault:1';
/** A backend that dies at once, saying why on stderr. */
// A tag of its own: health-checks-docker.test.ts builds a different 'flagpole-test-broken' image, in parallel.
export const BROKEN_IMAGE = 'flagpole-test-broken-service:1';
export const BROKEN_SAYS = 'vault: no secret key configured';

/** The HTTP body `host port path` answers (busybox nc: its static wget crashes in these images). */
export const HTTP_GET = `get() { printf 'GET %s HTTP/1.0\\r\\n\\r\\n' "$3" | nc -w 2 "$1" "$2" | tr -d '\\r' | sed '1,/^$/d'; }`;

const FLAG_CGI = `#!/bin/sh
${HTTP_GET}
printf 'Content-Type: text/plain\\r\\n\\r\\n'
get "\${BACKEND%:*}" "\${BACKEND#*:}" /flag
`;

export async function ensureServiceImages(): Promise<void> {
  await ensureBusyboxImage(WEB_IMAGE, ['/bin/sh', '-c', 'echo web ready; exec /bin/httpd -f -p 8080 -h /www'], {
    '/www/cgi-bin/flag': FLAG_CGI,
  });
  const vault = 'echo "$FLAGPOLE_FLAG" > /www/flag && echo vault ready && exec /bin/httpd -f -p 9000 -h /www';
  await ensureBusyboxImage(VAULT_IMAGE, ['/bin/sh', '-c', vault]);
  await ensureBusyboxImage(BROKEN_IMAGE, ['/bin/sh', '-c', `echo "${BROKEN_SAYS}" >&2; exit 3`]);
}

/** The two services: `web` (entry, 8080) asks `vault` (9000, holds the team's flag) by name. */
export function webAndVault(vaultImage = VAULT_IMAGE): ContainerServiceInput[] {
  return [
    { name: 'web', image: WEB_IMAGE, entry: true, ports: [8080], env: [{ name: 'BACKEND', value: 'vault:9000' }] },
    { name: 'vault', image: vaultImage, ports: [9000], dynamicFlag: true, memoryLimit: 32, pidsLimit: 32 },
  ];
}

/** A container challenge with services (its single image left empty: the services replace it). */
export async function createServicesChallenge(
  db: Db,
  gameId: number,
  services: ContainerServiceInput[],
  settings: ContainerSettings = {},
): Promise<number> {
  const id = await createContainerChallenge(db, gameId, { type: 'DynamicContainer', ...settings });
  await db
    .updateTable('challenges')
    .set({ container_image: '', expose_port: 0, container_services: JSON.stringify(ContainerServices.parse(services)) })
    .where('id', '=', id)
    .execute();
  return id;
}

/** The containers and networks of one instance still on the daemon (by its label). */
export async function objectsOf(instanceId: string): Promise<{ containers: string[]; networks: string[] }> {
  const filters = JSON.stringify({ label: [`flagpole.instance=${instanceId}`] });
  const [containers, networks] = await Promise.all([
    docker.listContainers({ all: true, filters }),
    docker.listNetworks({ filters }),
  ]);
  return { containers: containers.flatMap((c) => c.Names), networks: networks.map((n) => n.Name) };
}

/** The address of a service's container on its instance's network. */
export async function serviceAddress(instanceId: string, service: string, primary = false): Promise<string> {
  const name = primary ? `flagpole-${instanceId}` : `flagpole-${instanceId}-${service}`;
  const info = await docker.getContainer(name).inspect();
  return info.NetworkSettings.Networks[`flagpole-${instanceId}`]?.IPAddress ?? '';
}
