// MLLP (Minimal Lower Layer Protocol, HL7 v2 over TCP) framing: each message travels as
// 0x0B, the message bytes (UTF-8 here), 0x1C 0x0D. TCP delivers a byte stream, not messages,
// so one read may hold half a frame or three: the decoder keeps what it has until a frame
// is complete, returns every complete frame, and skips bytes outside frames (line noise,
// a keep-alive newline) while counting them, so a broken peer is visible, not fatal.

export const START_BLOCK = 0x0b;
export const END_BLOCK = 0x1c;
export const CARRIAGE_RETURN = 0x0d;

/** Frames above this size are refused (a PDF report of several MB fits easily). */
export const DEFAULT_MAX_FRAME_BYTES = 32 * 1024 * 1024;

const encoder = new TextEncoder();

export function encodeFrame(message: string): Uint8Array {
  const body = encoder.encode(message);
  const frame = new Uint8Array(body.length + 3);
  frame[0] = START_BLOCK;
  frame.set(body, 1);
  frame[body.length + 1] = END_BLOCK;
  frame[body.length + 2] = CARRIAGE_RETURN;
  return frame;
}

export class MllpFrameTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`An MLLP frame exceeded ${limit} bytes`);
    this.name = 'MllpFrameTooLargeError';
  }
}

export class MllpDecoder {
  private parts: Uint8Array[] = [];
  private size = 0;
  private inFrame = false;
  /** The previous chunk ended with 0x1C: the frame ends if this one starts with 0x0D. */
  private pendingEnd = false;
  private readonly decoder = new TextDecoder('utf-8');
  /** Bytes seen outside any frame, and frames abandoned because a new one started inside. */
  discardedBytes = 0;
  abandonedFrames = 0;

  constructor(private readonly maxFrameBytes = DEFAULT_MAX_FRAME_BYTES) {}

  /** Feeds bytes as they arrive; returns the messages completed by them, in order. */
  push(chunk: Uint8Array): string[] {
    const messages: string[] = [];
    if (chunk.length === 0) return messages;
    let index = 0;
    if (this.pendingEnd) {
      this.pendingEnd = false;
      if (chunk[0] === CARRIAGE_RETURN) {
        messages.push(this.finish());
        index = 1;
      } else {
        // 0x1C not followed by 0x0D is not an end: keep it as data.
        this.append(Uint8Array.of(END_BLOCK));
      }
    }
    while (index < chunk.length) {
      if (!this.inFrame) {
        const start = chunk.indexOf(START_BLOCK, index);
        if (start === -1) {
          this.discardedBytes += chunk.length - index;
          return messages;
        }
        this.discardedBytes += start - index;
        this.inFrame = true;
        index = start + 1;
        continue;
      }
      const end = chunk.indexOf(END_BLOCK, index);
      const restart = chunk.indexOf(START_BLOCK, index);
      if (restart !== -1 && (end === -1 || restart < end)) {
        // A new frame began before this one ended: its end was lost.
        this.abandonedFrames += 1;
        this.reset();
        this.inFrame = true;
        index = restart + 1;
        continue;
      }
      if (end === -1) {
        this.append(chunk.subarray(index));
        return messages;
      }
      this.append(chunk.subarray(index, end));
      if (end + 1 >= chunk.length) {
        this.pendingEnd = true;
        return messages;
      }
      if (chunk[end + 1] === CARRIAGE_RETURN) {
        messages.push(this.finish());
        index = end + 2;
      } else {
        this.append(chunk.subarray(end, end + 1));
        index = end + 1;
      }
    }
    return messages;
  }

  /** True while part of a frame is buffered (a peer that closes now cut a message short). */
  get partial(): boolean {
    return this.inFrame;
  }

  private append(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.size += bytes.length;
    if (this.size > this.maxFrameBytes) {
      this.reset();
      throw new MllpFrameTooLargeError(this.maxFrameBytes);
    }
    this.parts.push(bytes.slice());
  }

  private finish(): string {
    const whole = new Uint8Array(this.size);
    let offset = 0;
    for (const part of this.parts) {
      whole.set(part, offset);
      offset += part.length;
    }
    this.reset();
    return this.decoder.decode(whole);
  }

  private reset(): void {
    this.parts = [];
    this.size = 0;
    this.inFrame = false;
    this.pendingEnd = false;
  }
}
