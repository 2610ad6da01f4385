/**
 * A signal that aborts with a TimeoutError after `ms`, or as soon as `parent` does, and
 * `clear` to call when the work is done. Not AbortSignal.any with AbortSignal.timeout:
 * `any` holds its sources weakly, so a timeout signal nothing else refers to can be
 * garbage-collected before it fires and the work then waits for ever (Node 20, seen
 * here under load; nodejs/node#57736). Here the timer itself holds the controller.
 */
export function deadline(ms: number, parent?: AbortSignal): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The deadline passed', 'TimeoutError')),
    ms,
  );
  const onParent = () => controller.abort(parent?.reason);
  if (parent?.aborted) onParent();
  else parent?.addEventListener('abort', onParent, { once: true });
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onParent);
    },
  };
}
