/** Dialog snippet: content in a portal over a backdrop, and a labelled close button. */
import { Dialog as ChakraDialog, Portal } from '@chakra-ui/react';
import type { Ref } from 'react';
import { CloseButton } from './close-button.tsx';

interface DialogContentProps extends ChakraDialog.ContentProps {
  portalled?: boolean;
  backdrop?: boolean;
  ref?: Ref<HTMLDivElement>;
}

export function DialogContent({ children, portalled = true, backdrop = true, ref, ...rest }: DialogContentProps) {
  return (
    <Portal disabled={!portalled}>
      {backdrop && <ChakraDialog.Backdrop />}
      <ChakraDialog.Positioner>
        <ChakraDialog.Content ref={ref} {...rest} asChild={false}>
          {children}
        </ChakraDialog.Content>
      </ChakraDialog.Positioner>
    </Portal>
  );
}

export function DialogCloseTrigger(props: ChakraDialog.CloseTriggerProps) {
  return (
    <ChakraDialog.CloseTrigger position="absolute" top="2" insetEnd="2" {...props} asChild>
      <CloseButton size="sm">{props.children}</CloseButton>
    </ChakraDialog.CloseTrigger>
  );
}

export const DialogRoot = ChakraDialog.Root;
export const DialogTrigger = ChakraDialog.Trigger;
export const DialogHeader = ChakraDialog.Header;
export const DialogTitle = ChakraDialog.Title;
export const DialogDescription = ChakraDialog.Description;
export const DialogBody = ChakraDialog.Body;
export const DialogFooter = ChakraDialog.Footer;
export const DialogActionTrigger = ChakraDialog.ActionTrigger;
