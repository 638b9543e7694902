/** Why a new proxied connection was refused. */
export type LimitRefusal = 'instance' | 'address';

/**
 * Counts the open proxied connections of each instance and each client address in this process and refuses
 * one more beyond the caps. Acquire and release are synchronous, so concurrent upgrades cannot both slip
 * under a cap (the reference's counter could).
 */
export function createConnectionLimits(caps: { perInstance: number; perAddress: number }) {
  const byInstance = new Map<string, number>();
  const byAddress = new Map<string, number>();

  const bump = (map: Map<string, number>, key: string, delta: number) => {
    const next = (map.get(key) ?? 0) + delta;
    if (next <= 0) map.delete(key);
    else map.set(key, next);
  };

  return {
    /** Takes a slot for the connection, or says which cap is full. The returned release is idempotent. */
    acquire(instanceId: string, address: string): { release: () => void } | { refused: LimitRefusal } {
      if ((byInstance.get(instanceId) ?? 0) >= caps.perInstance) return { refused: 'instance' };
      if ((byAddress.get(address) ?? 0) >= caps.perAddress) return { refused: 'address' };
      bump(byInstance, instanceId, 1);
      bump(byAddress, address, 1);
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          bump(byInstance, instanceId, -1);
          bump(byAddress, address, -1);
        },
      };
    },
    open(instanceId: string): number {
      return byInstance.get(instanceId) ?? 0;
    },
  };
}
export type ConnectionLimits = ReturnType<typeof createConnectionLimits>;
