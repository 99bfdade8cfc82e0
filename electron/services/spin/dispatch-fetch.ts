import type { Dispatcher } from 'undici';
import { isBlockedPort } from './blocked-ports';

// A fetch that hands the request straight to an undici Dispatcher (our Agent) and builds the
// Response from its answer. Node's fetch (and undici's own) run the whole WHATWG fetch algorithm
// around the same dispatch: about 0.2 ms a round trip on a small answer, more than the SPIn client
// itself costs (bench/spin-client.ts). What this keeps of fetch is what its callers read:
//   - failures are fetch's: a TypeError "fetch failed" whose `cause` is undici's error (its errno /
//     UND_ERR code, which transport-failure.ts maps), an abort rejects with the signal's reason;
//   - redirects are never followed: a 3xx is the answer, Location included (what the SPIn client and
//     the connection check want; `redirect` is not read);
//   - the body is a stream with backpressure, errored by a broken connection and by an abort, and
//     cancelling it closes the connection, so the size-limited read and the deadline work as before;
//   - the Fetch standard's blocked ports are refused before connecting.
// It asks for no compression (no Accept-Encoding), so the body is read as sent.

/** Answers without a body by definition (a Response with one cannot be built). */
const NULL_BODY_STATUS = new Set([204, 205, 304]);
/** Bytes held for a reader that is not reading before the socket is paused. */
const BODY_HIGH_WATER_MARK = 64 * 1024;
/** A status line's reason phrase as the Response constructor accepts it. */
const REASON_PHRASE = /^[\t\x20-\x7E\x80-\xFF]*$/;
/** The init fields that change the request; ky passes only its unknown options, none of these. */
const REQUEST_FIELDS = ['method', 'headers', 'body', 'signal'] as const;

export async function fetchOver(dispatcher: Dispatcher, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  // ky hands over a finished Request: read as it is, not copied into another.
  const request =
    input instanceof Request && !REQUEST_FIELDS.some((field) => init?.[field] !== undefined) ? input : new Request(input, init);
  const { signal } = request;
  signal.throwIfAborted();
  const url = new URL(request.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fetchFailed(new Error(`${url.protocol} is not http or https`));
  if (isBlockedPort(url)) throw fetchFailed(new Error('bad port'));
  const body = request.body ? await bytesOf(request.body) : null;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const exchange = new Exchange(signal, request.method === 'HEAD', resolve, reject);
    try {
      dispatcher.dispatch(
        {
          origin: url.origin,
          path: url.pathname + url.search,
          method: request.method as Dispatcher.HttpMethod,
          headers: request.headers,
          body,
        },
        exchange,
      );
    } catch (error) {
      exchange.onResponseError(undefined, error as Error);
    }
  });
}

/** One request's way back: the Response once the headers are in, then its body as it arrives. */
class Exchange implements Dispatcher.DispatchHandler {
  #controller: Dispatcher.DispatchController | undefined;
  #body: ReadableStreamDefaultController<Uint8Array> | undefined;
  #answered = false;
  #over = false;

  constructor(
    private readonly signal: AbortSignal,
    private readonly head: boolean,
    private readonly resolve: (response: Response) => void,
    private readonly reject: (reason: unknown) => void,
  ) {
    signal.addEventListener('abort', this.#onAbort, { once: true });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    // Stopped while the connection was being opened: nothing has been written yet, and now nothing will be.
    if (this.signal.aborted) controller.abort(this.signal.reason);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    status: number,
    headers: Record<string, string | string[] | undefined>,
    statusMessage?: string,
  ): void {
    if (status < 200 || this.#over) return; // 1xx: an interim answer, the real one follows.
    let response: Response;
    try {
      const withBody = !this.head && !NULL_BODY_STATUS.has(status);
      const stream = withBody
        ? new ReadableStream<Uint8Array>(
            {
              start: (body) => void (this.#body = body),
              pull: () => controller.resume(),
              cancel: (reason) => {
                this.#finish();
                controller.abort(reason instanceof Error ? reason : new DOMException('The body was cancelled', 'AbortError'));
              },
            },
            new ByteLengthQueuingStrategy({ highWaterMark: BODY_HIGH_WATER_MARK }),
          )
        : null;
      response = new Response(stream, {
        status,
        headers: headersOf(headers),
        ...(statusMessage && REASON_PHRASE.test(statusMessage) ? { statusText: statusMessage } : {}),
      });
    } catch (error) {
      // An answer no Response can carry (a status above 599, say): a failed fetch, as Node's would be.
      this.onResponseError(controller, error as Error);
      controller.abort(error as Error);
      return;
    }
    this.#answered = true;
    if (!this.#body) this.#finish();
    this.resolve(response);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.#body || this.#over) return;
    this.#body.enqueue(chunk);
    if ((this.#body.desiredSize ?? 0) <= 0) controller.pause();
  }

  onResponseEnd(): void {
    if (this.#over) return;
    this.#body?.close();
    this.#finish();
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: Error): void {
    if (this.#over) return;
    this.#fail(this.#answered ? new TypeError('terminated', { cause: error }) : fetchFailed(error));
  }

  /** The caller's signal ends the exchange at whatever stage it is in. */
  #onAbort = (): void => {
    if (this.#over) return;
    const reason: unknown = this.signal.reason;
    this.#fail(reason);
    this.#controller?.abort(reason instanceof Error ? reason : new DOMException('Aborted', 'AbortError'));
  };

  #fail(reason: unknown): void {
    this.#finish();
    if (this.#answered) this.#body?.error(reason);
    else this.reject(reason);
  }

  #finish(): void {
    this.#over = true;
    this.signal.removeEventListener('abort', this.#onAbort);
  }
}

/**
 * The request body in full, read so that the stream ends up unlocked: ky cancels the body of its
 * Request once the exchange is over, and cancelling a stream still locked to a reader fails with
 * an error whose stack costs more than the read itself (arrayBuffer() would leave it locked).
 */
async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  } finally {
    reader.releaseLock();
  }
  return chunks.length === 1 ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength) : Buffer.concat(chunks);
}

function headersOf(parsed: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const name in parsed) {
    const value = parsed[name];
    if (typeof value === 'string') headers.append(name, value);
    else if (value) for (const each of value) headers.append(name, each);
  }
  return headers;
}

/** How fetch reports a request that got no answer: the reason rides in `cause`. */
function fetchFailed(cause: Error): TypeError {
  return new TypeError('fetch failed', { cause });
}
