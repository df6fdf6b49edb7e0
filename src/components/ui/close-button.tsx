/** Close button snippet: a labelled ghost icon button with an ×. */
import { IconButton, type ButtonProps } from '@chakra-ui/react';
import type { Ref } from 'react';
import { LuX } from 'react-icons/lu';

export function CloseButton({ ref, children, ...props }: ButtonProps & { ref?: Ref<HTMLButtonElement> }) {
  return (
    <IconButton variant="ghost" aria-label="Close" ref={ref} {...props}>
      {children ?? <LuX />}
    </IconButton>
  );
}
