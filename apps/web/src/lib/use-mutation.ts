import { useCallback, useRef, useState } from 'react';

/** Wraps an async call with an in-flight flag for buttons; errors are rethrown to the caller. */
export function useMutation<TArgs extends unknown[], TResult>(action: (...args: TArgs) => Promise<TResult>) {
  const [isMutating, setMutating] = useState(false);
  const actionRef = useRef(action);
  actionRef.current = action;

  const trigger = useCallback(async (...args: TArgs): Promise<TResult> => {
    setMutating(true);
    try {
      return await actionRef.current(...args);
    } finally {
      setMutating(false);
    }
  }, []);

  return { trigger, isMutating };
}
