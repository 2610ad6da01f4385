import { Slot } from '@radix-ui/react-slot';
import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  'inline-flex items-center gap-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-green-800',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        outline: 'border border-input bg-background hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        /** 40 px high; with `wrap`, at least that and as high as its lines. */
        default: 'rounded-md px-4 py-2',
        sm: 'h-9 rounded-md px-3',
        lg: 'h-11 rounded-md px-8 text-base',
        icon: 'size-10 rounded-md',
        /** A round icon button, such as the avatar. */
        round: 'size-10 rounded-full',
        /** The floating action button. */
        fab: 'size-14 rounded-full shadow-lg',
      },
      justify: { center: 'justify-center', start: 'justify-start' },
      /** A long label (a sentence in some languages) wraps rather than widening a phone's page. */
      wrap: { false: 'whitespace-nowrap', true: 'whitespace-normal text-center' },
    },
    compoundVariants: [
      { size: 'default', wrap: false, className: 'h-10' },
      { size: 'default', wrap: true, className: 'min-h-10' },
    ],
    defaultVariants: { variant: 'default', size: 'default', justify: 'center', wrap: false },
  },
);

export interface ButtonProps extends ComponentProps<'button'>, VariantProps<typeof buttonVariants> {
  asChild?: boolean;
}

export function Button({
  className,
  variant,
  size,
  justify,
  wrap,
  asChild = false,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp className={cn(buttonVariants({ variant, size, justify, wrap, className }))} {...props} />
  );
}
