/**
 * A file picker people can see: a dashed drop zone that says what it takes ("CSV, at most
 * 1,000 rows"), takes a file dropped on it or chosen with the system picker, and shows the
 * file chosen. The real file input stays inside it (visually hidden, still focusable and
 * labelled by the surrounding Field), so the keyboard (Tab, then Enter or Space), screen
 * readers and tests reach it as before; the zone shows the focus ring while it has the focus.
 * A dropped file of another kind is refused with a message, and nothing is chosen.
 */
import { Box, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type DragEvent } from 'react';
import { LuUpload } from 'react-icons/lu';
import { acceptsFile } from '../../lib/browser/accepts-file.ts';

export interface FileDropZoneProps {
  /** The input's accept list, e.g. ".csv,text/csv". */
  accept: string;
  /** The formats in words, e.g. "CSV file (.csv), at most 1,000 rows". */
  formats: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  /** Opens the camera on phones and tablets (the ABN scan). */
  capture?: 'environment' | 'user';
  /** The file chosen, when the caller keeps it (shown in the zone). */
  chosen?: string | null;
}

const HIDDEN = { position: 'absolute', width: '1px', height: '1px', padding: 0, margin: '-1px', overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap', borderWidth: 0 } as const;

export function FileDropZone({ accept, formats, onFile, disabled = false, capture, chosen }: FileDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const name = chosen === undefined ? picked : chosen;

  const take = (file: File) => {
    setRefused(null);
    setPicked(file.name);
    onFile(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const file = event.dataTransfer.files[0];
    if (!file) return;
    if (!acceptsFile(file, accept)) {
      setRefused(`${file.name} is not a file this takes: ${formats}.`);
      return;
    }
    take(file);
  };

  return (
    <Stack gap="1" w="full">
      <Box
        position="relative"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={over ? 'brand.solid' : 'border.emphasized'}
        bg={over ? 'brand.subtle' : 'bg.subtle'}
        rounded="lg"
        px="4"
        py="5"
        textAlign="center"
        cursor={disabled ? 'not-allowed' : 'pointer'}
        opacity={disabled ? 0.6 : 1}
        transition="border-color 0.15s, background 0.15s"
        _hover={disabled ? undefined : { borderColor: 'brand.solid' }}
        _focusWithin={{ outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
        data-testid="file-drop-zone"
        data-over={over || undefined}
        onClick={() => !disabled && input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <Stack gap="1" align="center" pointerEvents="none">
          <Box color="fg.muted" fontSize="xl" aria-hidden>
            <LuUpload />
          </Box>
          <Text fontWeight="medium">{name ? name : 'Drop a file here, or click to choose one'}</Text>
          <Text fontSize="sm" color="fg.muted">
            {name ? 'Drop or choose another file to replace it.' : formats}
          </Text>
        </Stack>
        <Input
          ref={input}
          type="file"
          accept={accept}
          capture={capture}
          disabled={disabled}
          css={HIDDEN}
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) take(file);
          }}
        />
      </Box>
      {refused && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {refused}
        </Text>
      )}
    </Stack>
  );
}
