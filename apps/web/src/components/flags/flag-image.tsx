import { cn } from '@/lib/utils';

/**
 * A flag as an SVG image (4:3). Decorative: the country or language name is always
 * written beside it, so the image has an empty alt and stays out of accessible names.
 */
export function FlagImage({
  src,
  className,
  eager = false,
}: {
  src: string | undefined;
  className?: string;
  /** Above the fold (the language picker): fetch at once. */
  eager?: boolean;
}) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      width={20}
      height={15}
      loading={eager ? undefined : 'lazy'}
      decoding="async"
      className={cn('inline-block h-[0.9em] w-auto shrink-0 rounded-[2px] shadow-xs', className)}
    />
  );
}
