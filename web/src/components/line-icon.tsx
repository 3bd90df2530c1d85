import type { ReactNode } from 'react';

/**
 * A decorative line icon drawn on a 24-unit grid in the text colour (hidden from screen readers: the
 * button or heading next to it carries the words). `children`: its paths.
 */
export function LineIcon({
  size,
  className,
  children,
}: {
  size: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
