/** Drawer snippet: content in a portal over a backdrop, and a labelled close button. */
import { Drawer as ChakraDrawer, Portal } from '@chakra-ui/react';
import type { Ref } from 'react';
import { CloseButton } from './close-button.tsx';

interface DrawerContentProps extends ChakraDrawer.ContentProps {
  portalled?: boolean;
  backdrop?: boolean;
  ref?: Ref<HTMLDivElement>;
}

export function DrawerContent({ children, portalled = true, backdrop = true, ref, ...rest }: DrawerContentProps) {
  return (
    <Portal disabled={!portalled}>
      {backdrop && <ChakraDrawer.Backdrop />}
      <ChakraDrawer.Positioner>
        <ChakraDrawer.Content ref={ref} {...rest} asChild={false}>
          {children}
        </ChakraDrawer.Content>
      </ChakraDrawer.Positioner>
    </Portal>
  );
}

export function DrawerCloseTrigger(props: ChakraDrawer.CloseTriggerProps) {
  return (
    <ChakraDrawer.CloseTrigger position="absolute" top="2" insetEnd="2" {...props} asChild>
      <CloseButton size="sm">{props.children}</CloseButton>
    </ChakraDrawer.CloseTrigger>
  );
}

export const DrawerRoot = ChakraDrawer.Root;
export const DrawerTrigger = ChakraDrawer.Trigger;
export const DrawerHeader = ChakraDrawer.Header;
export const DrawerTitle = ChakraDrawer.Title;
export const DrawerBody = ChakraDrawer.Body;
export const DrawerFooter = ChakraDrawer.Footer;
