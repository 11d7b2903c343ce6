import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHTTP2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';

/** One request the server received, body parsed as JSON. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: unknown;
}

/**
 * What a handler returns: a status and a JSON body (or a raw string), or a stream: `chunks` written one after another
 * (server-sent events, the AWS event-stream framing), each a write of its own, as a server streams a response.
 */
export type ScriptedResponse =
  | { readonly status?: number; readonly body: unknown; readonly headers?: Record<string, string> }
  | { readonly status?: number; readonly chunks: readonly (string | Uint8Array)[]; readonly headers: Record<string, string> };

/** A local HTTP server on 127.0.0.1 for integration tests: records every request and answers from a handler. */
export interface LocalServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/** How the server speaks: HTTP/1.1 (the default), or HTTP/2 without TLS (h2c), which the AWS SDK's Bedrock Runtime client uses. */
export interface LocalServerOptions {
  readonly http2?: boolean;
}

/**
 * Starts a server on 127.0.0.1 on a free port. The handler sees each request (with its parsed JSON body) and returns
 * the response; an exception in the handler becomes a 400 with the error message as the provider would send it, so a
 * request the checks reject fails the SDK call, and so the test.
 */
export async function startLocalServer(
  handler: (request: RecordedRequest, index: number) => ScriptedResponse | Promise<ScriptedResponse>,
  options: LocalServerOptions = {},
): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  // The HTTP/2 compatibility API takes the same request handler.
  const create = (options.http2 === true ? createHTTP2Server : createServer) as typeof createServer;
  const server: Server = create((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text === '' ? undefined : JSON.parse(text);
        } catch {
          // keep the raw text
        }
        const request: RecordedRequest = { method: incoming.method ?? 'GET', path: incoming.url ?? '/', headers: incoming.headers, body };
        requests.push(request);
        let response: ScriptedResponse;
        try {
          response = await handler(request, requests.length - 1);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          // AWS SDKs read the error's type from a header and its text from a top-level `message`.
          response =
            options.http2 === true
              ? { status: 400, body: { message }, headers: { 'x-amzn-errortype': 'ValidationException' } }
              : { status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message } } };
        }
        if ('chunks' in response) {
          outgoing.writeHead(response.status ?? 200, response.headers);
          for (const chunk of response.chunks)
            await new Promise<void>((resolve, reject) => outgoing.write(chunk, (error) => (error ? reject(error) : resolve())));
          outgoing.end();
          return;
        }
        const payload = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
        outgoing.writeHead(response.status ?? 200, { 'content-type': 'application/json', ...response.headers });
        outgoing.end(payload);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** The documented 400 rules of one API, as a preflight check returns them. */
export type RequestCheck = (body: unknown) => { readonly ok: boolean; readonly violations: readonly unknown[] };

/**
 * Starts a server that plays one API: every request must be a POST to `path` that passes `preflight` (else it fails
 * with a 400, as the API would), and `answer` gives the response to request `index`.
 */
export function startCheckedServer(
  path: string,
  preflight: RequestCheck,
  answer: (request: RecordedRequest, index: number) => ScriptedResponse,
  options: LocalServerOptions = {},
): Promise<LocalServer> {
  return startLocalServer((request, index) => {
    if (request.method !== 'POST' || request.path !== path) throw new Error(`unexpected request ${request.method} ${request.path}`);
    const checked = preflight(request.body);
    if (!checked.ok) throw new Error(`the request breaks documented rules: ${JSON.stringify(checked.violations)}`);
    return answer(request, index);
  }, options);
}

/** A {@link startCheckedServer} that answers request `index` with the body `replies[index]`. */
export function startScriptedServer(path: string, preflight: RequestCheck, replies: readonly unknown[]): Promise<LocalServer> {
  return startCheckedServer(path, preflight, (_, index) => ({ body: scriptedAt(replies, index) }));
}

/** Entry `index` of a script, or an error naming the request that has none. */
export function scriptedAt<Entry>(script: readonly Entry[], index: number): Entry {
  const entry = script[index];
  if (entry === undefined) throw new Error(`no scripted reply for request ${index + 1}`);
  return entry;
}
