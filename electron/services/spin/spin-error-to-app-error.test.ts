// Issue 25, item 9: the envelope's message is our plain sentence; the code and the service's own
// words travel beside it (statusCode, detail) for the Details disclosure.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { explainCode } from '@shared/spin/codes';
import { closedPort, SENTINEL } from '../../../tests/integration/diagnostics-kit';
import { createSpinClient, type SpinClientOptions } from './spin-client';
import { SpinError } from './spin-error';
import { spinErrorToAppError } from './spin-error-to-app-error';
import { speakSpanishInEachTest } from '../../../tests/support/speak-spanish';

describe('spinErrorToAppError', () => {
  it('keeps the status code and the service text out of the message, beside it instead', () => {
    const error = new SpinError('TERMINAL', 'Terminal in use', {
      endpoint: 'Sale',
      generalResponse: { ResultCode: '1', StatusCode: '2008', Message: 'Terminal in use', DetailedMessage: 'Busy with SALE 42' },
    });
    const app = spinErrorToAppError(error);
    expect(app.message).toBe(`${explainCode('2008').label}: ${explainCode('2008').explanation}`);
    expect(app.message).not.toMatch(/2008|Busy with SALE/);
    expect(app).toMatchObject({ statusCode: '2008', detail: 'Terminal in use · Busy with SALE 42' });
  });

  it('hands a never-sent failure its network error name as the detail, not in the message', () => {
    const error = new SpinError(
      'NETWORK',
      'Could not connect to 127.0.0.1:9: nothing is listening there (connection refused). Nothing was sent.',
      {
        endpoint: 'Sale',
        notSent: true,
        detail: 'ECONNREFUSED',
      },
    );
    const app = spinErrorToAppError(error);
    expect(app).toMatchObject({ code: 'NETWORK', notSent: true, detail: 'ECONNREFUSED' });
    expect(app.message).not.toContain('ECONNREFUSED');
  });
});

// Issue 41: what went wrong reaches the page in the language main speaks when it is answered, while
// the error's own message (the request log's) keeps its English. Real calls of the SPIn client
// against loopback: a closed port, a service without the route, an answer over the size cap.
describe('spinErrorToAppError in Spanish', () => {
  speakSpanishInEachTest();

  /** A service answering every request with `status`, `body` and any `headers`. */
  async function serviceAnswering(status: number, body: string, headers: Record<string, string> = {}): Promise<string> {
    const server = createServer((_request, response) =>
      response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(body),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** The SpinError of one TerminalStatus call to `baseUrl`. */
  async function failureAt(baseUrl: string, options: SpinClientOptions = {}): Promise<SpinError> {
    const client = createSpinClient({ profileId: 'p', baseUrl, tpn: 'SPANISH001', authkey: SENTINEL, proxyTimeoutSeconds: 5 }, options);
    const error = await client.call('TerminalStatus', {}).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    if (!(error instanceof SpinError)) throw new Error(`expected a SpinError, got ${String(error)}`);
    return error;
  }

  it('says a connection never opened in Spanish, and keeps the English for the log', async () => {
    const port = await closedPort();
    const error = await failureAt(`http://127.0.0.1:${port}`);
    expect(error.message).toBe(
      `Could not connect to 127.0.0.1:${port}: nothing is listening there (connection refused). Nothing was sent.`,
    );
    expect(spinErrorToAppError(error)).toMatchObject({
      code: 'NETWORK',
      notSent: true,
      message: `No se pudo conectar con 127.0.0.1:${port}: nada está escuchando ahí (conexión rechazada). No se envió nada.`,
    });
  });

  it('says a request the service does not offer in Spanish, with its remedy', async () => {
    const error = await failureAt(await serviceAnswering(404, '{"message":"Not Found"}'));
    expect(error.message).toBe("This terminal's service does not offer TerminalStatus (the terminal connection status).");
    expect(spinErrorToAppError(error)).toMatchObject({
      code: 'NOT_OFFERED',
      message: 'El servicio de esta terminal no ofrece TerminalStatus (el estado de conexión de la terminal).',
      remedy:
        'Pregunte a su proveedor si este servicio lo ofrece; si todas las solicitudes reciben esta respuesta, revise la URL base en el perfil de la terminal (Terminales).',
    });
  });

  it('says an answer over the size cap in Spanish', async () => {
    const error = await failureAt(await serviceAnswering(200, JSON.stringify({ TerminalStatus: 'x'.repeat(2 * 1024 * 1024) })), {
      maxResponseBytes: 1024 * 1024,
    });
    expect(error.message).toBe('TerminalStatus: The answer is larger than 1 MiB');
    expect(spinErrorToAppError(error).message).toBe(
      'El servicio de la terminal respondió algo que spin-desk no puede leer. TerminalStatus: La respuesta pesa más de 1 MiB',
    );
  });

  it('says a redirect in Spanish, with its remedy, and keeps the English for the log', async () => {
    const error = await failureAt(await serviceAnswering(301, '', { Location: 'https://spin.example.com/v2/Common/TerminalStatus' }));
    expect(error.message).toBe(
      "TerminalStatus was answered with a redirect (HTTP 301) to spin.example.com (https://spin.example.com/v2/Common/TerminalStatus). spin-desk never follows redirects: the request carries the Authkey, so it goes only to the terminal profile's own address.",
    );
    expect(spinErrorToAppError(error)).toMatchObject({
      code: 'REDIRECT',
      message:
        'La dirección del servicio de la terminal redirige a otro lugar. TerminalStatus recibió como respuesta una redirección (HTTP 301) a spin.example.com (https://spin.example.com/v2/Common/TerminalStatus). spin-desk nunca sigue redirecciones: la solicitud lleva la Authkey, así que solo va a la dirección del propio perfil de la terminal.',
      remedy:
        'Use la dirección final en el perfil de la terminal (a menudo la misma dirección con https://); si no está seguro, pida la correcta a su proveedor. spin-desk nunca sigue una redirección, porque cada solicitud lleva la Authkey.',
    });
  });
});
