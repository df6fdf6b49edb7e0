import { describe, expect, it } from 'vitest';
import { signedLinkSeconds, SIGNED_LINK_MAX_SECONDS } from './signed-links.ts';
import { sniffDocumentType } from './sniff.ts';

const bytes = (...parts: Array<string | number[]>) => new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('sniffing a document', () => {
  it.each([
    ['a PDF', bytes('%PDF-1.7\n%…'), 'application/pdf'],
    ['a JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'image/jpeg'],
    ['a PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'), 'image/png'],
    ['a HEIC photo', bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic'), 'image/heic'],
    ['a HEIF image', bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0]), 'image/heic'],
    ['a WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
  ])('knows %s', (_what, content, type) => {
    expect(sniffDocumentType(content)).toBe(type);
  });

  it.each([
    ['a script', bytes('<script>fetch("//evil")</script>')],
    ['an HTML page', bytes('<!doctype html><title>x</title>')],
    ['an executable', bytes('MZ', [0x90, 0, 3, 0])],
    ['a PDF signature past the start', bytes(' %PDF-1.7')],
    ['an MP4 video', bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 0, 0])],
    ['nothing', new Uint8Array()],
    ['a truncated PNG', bytes([0x89, 0x50, 0x4e, 0x47])],
  ])('refuses %s', (_what, content) => {
    expect(sniffDocumentType(content)).toBeNull();
  });
});

describe('signed links', () => {
  it('live minutes at most, whatever is asked', () => {
    expect(signedLinkSeconds(10 * 365 * 24 * 3600)).toBe(SIGNED_LINK_MAX_SECONDS);
    expect(SIGNED_LINK_MAX_SECONDS).toBeLessThanOrEqual(15 * 60);
    expect(signedLinkSeconds(60)).toBe(60);
    expect(signedLinkSeconds(0)).toBe(1);
  });
});
