// A loopback HTTP server that records every request and answers through a function: the
// plumbing shared by the vendor stand-ins. It listens on 127.0.0.1 only, on a free port.

import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server received it. */
export interface RecordedRequest<Body = unknown> {
  readonly method: string;
  /** Path and query, e.g. `/v1beta/models/gemini-2.5-flash:generateContent`. */
  readonly path: string;
  /** Header names are lower-case, as Node gives them. */
  readonly headers: IncomingHttpHeaders;
  /** The body parsed as JSON; undefined when empty or not JSON (see `rawBody`). */
  readonly body: Body;
  readonly rawBody: string;
}

/** An HTTP answer. A body that is not a string is sent as JSON. */
export interface StandInReply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: unknown;
  /**
   * No whole answer instead: `drop` closes the connection at once, `hang` never answers (until the
   * server closes), `cut` sends the status, the headers and half the body, then resets the connection.
   */
  readonly connection?: 'drop' | 'hang' | 'cut';
}

/** A connection the server closes without answering, as a crashed vendor or proxy does. */
export const DROPPED_CONNECTION: StandInReply = { status: 0, body: '', connection: 'drop' };

/** A request the server never answers. */
export const NO_ANSWER: StandInReply = { status: 0, body: '', connection: 'hang' };

export interface RecordingServer<Body> {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  readonly url: string;
  /** Every request so far, in arrival order. */
  readonly requests: RecordedRequest<Body>[];
  /** Stops listening and drops kept-alive connections. */
  close(): Promise<void>;
}

/** Starts a recording server; `respond` decides each answer. */
export async function startRecordingServer<Body>(
  respond: (request: RecordedRequest<Body>) => StandInReply | Promise<StandInReply>,
  options: { readonly port?: number } = {},
): Promise<RecordingServer<Body>> {
  const requests: RecordedRequest<Body>[] = [];
  const server = createServer((incoming, outgoing) => {
    void handle(incoming, outgoing);
  });

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    try {
      const rawBody = await readBody(incoming);
      const request: RecordedRequest<Body> = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: incoming.headers,
        body: parseJson(rawBody) as Body,
        rawBody,
      };
      requests.push(request);
      send(outgoing, await respond(request));
    } catch (error) {
      // A broken stand-in must fail the test loudly, not hang it.
      send(outgoing, { status: 500, body: { error: { message: `stand-in failure: ${String(error)}` } } });
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      }),
  };
}

function readBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function send(outgoing: ServerResponse, reply: StandInReply): void {
  if (reply.connection === 'drop') {
    outgoing.socket?.destroy();
    return;
  }
  if (reply.connection === 'hang') return;
  const isText = typeof reply.body === 'string';
  const payload = isText ? (reply.body as string) : JSON.stringify(reply.body);
  const headers: Record<string, string> = {
    'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json; charset=UTF-8',
    ...reply.headers,
  };
  if (reply.connection === 'cut') {
    // The announced length is never reached: the client sees the body break off.
    const bytes = Buffer.from(payload);
    outgoing.writeHead(reply.status, { ...headers, 'content-length': String(bytes.length) });
    outgoing.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => outgoing.socket?.resetAndDestroy());
    return;
  }
  outgoing.writeHead(reply.status, headers);
  outgoing.end(payload);
}
