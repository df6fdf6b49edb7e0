/** Menu snippet: content in a portal, and item groups with a visible label. */
import { Menu as ChakraMenu, Portal } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';

interface MenuContentProps extends ChakraMenu.ContentProps {
  portalled?: boolean;
  ref?: Ref<HTMLDivElement>;
}

export function MenuContent({ portalled = true, ref, ...rest }: MenuContentProps) {
  return (
    <Portal disabled={!portalled}>
      <ChakraMenu.Positioner>
        <ChakraMenu.Content ref={ref} {...rest} />
      </ChakraMenu.Positioner>
    </Portal>
  );
}

export function MenuItemGroup({ title, children, ...rest }: ChakraMenu.ItemGroupProps & { title?: ReactNode }) {
  return (
    <ChakraMenu.ItemGroup {...rest}>
      {title && <ChakraMenu.ItemGroupLabel userSelect="none">{title}</ChakraMenu.ItemGroupLabel>}
      {children}
    </ChakraMenu.ItemGroup>
  );
}

export const MenuRoot = ChakraMenu.Root;
export const MenuTrigger = ChakraMenu.Trigger;
export const MenuItem = ChakraMenu.Item;
export const MenuSeparator = ChakraMenu.Separator;
