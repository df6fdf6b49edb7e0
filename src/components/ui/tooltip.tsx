/**
 * Tooltip snippet (Chakra v3 composition) with the app's timing: 700 ms open delay and a
 * 300 ms skip delay shared by all tooltips (tooltip-delay.ts).
 */
import { Portal, Tooltip as ChakraTooltip } from '@chakra-ui/react';
import { useSyncExternalStore, type ReactNode, type Ref } from 'react';
import { currentTooltipOpenDelay, noteTooltipClosed, subscribeTooltipDelay } from './tooltip-delay.ts';

export interface TooltipProps extends ChakraTooltip.RootProps {
  content: ReactNode;
  showArrow?: boolean;
  portalled?: boolean;
  disabled?: boolean;
  ref?: Ref<HTMLDivElement>;
}

export function Tooltip(props: TooltipProps) {
  const { content, showArrow, portalled = true, disabled, children, ref, onOpenChange, ...rest } = props;
  const openDelay = useSyncExternalStore(subscribeTooltipDelay, currentTooltipOpenDelay, currentTooltipOpenDelay);
  if (disabled) return children;
  return (
    <ChakraTooltip.Root
      openDelay={openDelay}
      closeDelay={100}
      onOpenChange={(details) => {
        if (!details.open) noteTooltipClosed();
        onOpenChange?.(details);
      }}
      {...rest}
    >
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal disabled={!portalled}>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content ref={ref}>
            {showArrow && (
              <ChakraTooltip.Arrow>
                <ChakraTooltip.ArrowTip />
              </ChakraTooltip.Arrow>
            )}
            {content}
          </ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
