// MLLP for the laboratory link: framing, the client that delivers a message and awaits its
// ACK, and the sockets of Deno. Edge Functions pass `denoConnector`; Node code passes
// `nodeConnector` from supabase/local/mllp/node-connector.ts (each names only its runtime).
export { backoffDelay, createMllpClient, DEFAULT_BACKOFF, MllpDeliveryError, type MllpBackoff, type MllpClient, type MllpClientEvent, type MllpClientOptions, type MllpDelivery, type MllpFailureReason } from './client.ts';
export { CARRIAGE_RETURN, DEFAULT_MAX_FRAME_BYTES, encodeFrame, END_BLOCK, MllpDecoder, MllpFrameTooLargeError, START_BLOCK } from './framing.ts';
export { MllpConnectError, type MllpConnector, type MllpSocket, type MllpTarget, type MllpTlsOptions } from './transport.ts';
