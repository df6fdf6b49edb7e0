// Run by supabase/local/mllp/client-listener.test.ts under the deno binary: sends the message read from stdin
// to 127.0.0.1:<port> with the Deno connector and prints what came back.
import { createMllpClient } from '../client.ts';
import { denoConnector } from '../deno-connector.ts';

const port = Number(Deno.args[0]);
const message = await new Response(Deno.stdin.readable).text();
const client = createMllpClient({ host: '127.0.0.1', port, connector: denoConnector, ackTimeoutMs: 5000, retries: 0 });
const delivery = await client.send(message);
client.close();
console.log(JSON.stringify({ code: delivery.ack.code, acknowledged: delivery.ack.acknowledgedControlId, attempts: delivery.attempts }));
