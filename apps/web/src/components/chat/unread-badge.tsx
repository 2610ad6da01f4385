/**
 * The count on the corner of the help button (fixed at the bottom end, 3.5 rem wide):
 * replies not yet seen. Screen readers hear it from the chat window's bar or the toast.
 */
export function UnreadBadge({ count }: { count: number }) {
  return (
    <span
      aria-hidden="true"
      data-testid="help-unread"
      data-floating-help
      className="pointer-events-none fixed bottom-[3.75rem] end-3 z-50 flex size-6 items-center justify-center rounded-full bg-red-700 text-xs font-bold text-white"
    >
      {count > 9 ? '9+' : count}
    </span>
  );
}
