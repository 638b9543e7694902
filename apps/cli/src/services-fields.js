// @ts-check
// A multi-service challenge's services (docs/challenges-as-code.md, "Several services"): `flagpole.container.services`
// in the file, `services` on the edit API. Defaults are filled the way the server fills them, so an unchanged file
// plans no change.

/**
 * @typedef {{ name: string, image: string, entry: boolean, ports: number[], env: { name: string, value: string }[],
 *   memoryLimit: number, cpuCount: number, pidsLimit: number, dynamicFlag: boolean,
 *   readOnlyRoot?: boolean }} ApiService
 */

/** The file's services as the API's. @param {Record<string, any>[]} list @returns {ApiService[]} */
export function servicesOfFile(list) {
  return list.map((s) => ({
    name: s.name,
    image: s.image,
    entry: s.entry ?? false,
    ports: s.ports ?? [],
    env: Object.entries(s.env ?? {}).map(([name, value]) => ({ name, value: String(value) })),
    memoryLimit: s.memory ?? 64,
    cpuCount: s.cpus ?? 1,
    pidsLimit: s.pids ?? 256,
    dynamicFlag: s.dynamic_flag ?? false,
    readOnlyRoot: s.read_only_root ?? false,
  }));
}

/** The API's services as the file writes them (defaults left out). @param {ApiService[]} list */
export function servicesToFile(list) {
  return list.map((s) => {
    /** @type {Record<string, unknown>} */
    const out = { name: s.name, image: s.image };
    if (s.entry) out.entry = true;
    if (s.ports.length > 0) out.ports = s.ports;
    if (s.env.length > 0) out.env = Object.fromEntries(s.env.map((e) => [e.name, e.value]));
    if (s.memoryLimit !== 64) out.memory = s.memoryLimit;
    if (s.cpuCount !== 1) out.cpus = s.cpuCount;
    if (s.pidsLimit !== 256) out.pids = s.pidsLimit;
    if (s.dynamicFlag) out.dynamic_flag = true;
    if (s.readOnlyRoot) out.read_only_root = true;
    return out;
  });
}

/** One comparable text for a list of services, whatever order the keys came in. @param {ApiService[] | undefined} list */
export function servicesKey(list) {
  return JSON.stringify(
    (list ?? []).map((s) => [
      s.name,
      s.image,
      s.entry,
      s.ports,
      s.env,
      s.memoryLimit,
      s.cpuCount,
      s.pidsLimit,
      s.dynamicFlag,
    ]),
  );
}
